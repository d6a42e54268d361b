import { useEffect, useId } from 'react';
import type { FirstData } from '#machines/lib/first-data';
import { Link, useNavigate } from '@tanstack/react-router';
import { passengerFormView, type PassengerFormMode } from '#machines/passenger-form';
import { passengerFormMessages } from '#src/copy/passenger-form';
import {
  isoToday,
  passengerLimits,
  passengerMessages,
  type PassengerField,
  type SavedPassenger,
} from '#src/schemas/passengers';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import { FieldError } from '#src/ui/field-error';
import * as fieldStyles from '#src/ui/field.css';
import * as formStyles from '#src/ui/form.css';
import { LoadError } from '#src/ui/load-error';
import { CheckboxField } from '#src/ui/checkbox-field';
import { DeleteDialog } from '../delete-dialog';
import { isNotFound, problemMessage } from '#src/api/problem';
import * as styles from './passengers.css';
import { bindField } from '#src/ui/field-binding';
import { m } from '#src/paraglide/messages.js';
import { passengerFormFlow } from './passenger-form.flow';

/**
 * Add passenger (/add-passenger) and edit passenger (/edit-passenger/{passengerId}). `first`: the
 * passenger the edit route loaded (docs/decisions/730); without it the chart fetches it.
 */
export function PassengerFormPage({
  mode,
  passengerId,
  first,
}: {
  mode: PassengerFormMode;
  passengerId?: string;
  first?: FirstData<SavedPassenger> | undefined;
}) {
  const navigate = useNavigate();
  const [snapshot, send] = passengerFormFlow.useFlow({
    input: { mode, passengerId: passengerId ?? null, today: isoToday(), first: first ?? null },
  });
  const hintId = useId();
  // docs/product/states.md: add, edit and delete go back to the list on success.
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) void navigate({ to: '/passengers-and-railcards' });
  }, [done, navigate]);

  const title = mode === 'add' ? m.passenger_form_page_add_passenger() : m.passenger_form_page_edit_passenger();
  const c = snapshot.context;
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  if (snapshot.matches('starting') || snapshot.matches('loading')) return <PassengerFormLoading mode={mode} />;
  if (snapshot.matches('loadFailed')) {
    const missing = isNotFound(c.loadError);
    return (
      <Page title={title} narrow>
        <LoadError
          message={
            missing
              ? m.passenger_form_page_we_couldnt_find_this_passenger()
              : problemMessage(c.loadError, passengerFormMessages.loadFailed)
          }
          onRetry={missing ? undefined : () => send({ type: 'passenger.retry' })}
        />
        <BackLink />
      </Page>
    );
  }

  const submitting = snapshot.matches('submitting');
  const deleting = snapshot.matches('deleting');
  const view = passengerFormView(c, submitting || deleting || done);
  const { blocking, canSubmit } = view;
  // A save refused about one field is that field's error (decision 670).
  const refusalMessage = c.refusal ? passengerFormMessages.refusal(c.refusal) : null;
  const errors = withRefusal(view.errors, c.refusal ? [c.refusal.field] : [], refusalMessage);
  const field = (
    name: Exclude<PassengerField, 'day' | 'month' | 'year'>,
    label: string,
    extra: Record<string, string> = {},
  ) => (
    <TextField
      label={label}
      name={name}
      required={name === 'firstName' || name === 'lastName'}
      {...bindField(send, name, c.values[name], errors[name])}
      {...extra}
    />
  );
  return (
    <Page title={title} narrow>
      <form
        noValidate
        className={formStyles.form}
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ErrorSummary
          attempt={attempt}
          errors={Object.fromEntries(
            Object.entries(errors).map(([key, error]) => [key === 'dateOfBirth' ? 'day' : key, error]),
          )}
          refusal={refusalMessage}
        />
        {c.saveFailed && (
          <Alert tone="error">
            {c.limitReached
              ? passengerFormMessages.limitReached
              : mode === 'add'
                ? passengerMessages.addFailed
                : passengerMessages.editFailed}
          </Alert>
        )}
        {c.accountUpdateFailed && (
          <Alert tone="error" title={m.passenger_form_page_personal_details_not_updated()}>
            <p>{passengerFormMessages.accountUpdateFailed}</p>
            <BackLink />
          </Alert>
        )}
        {field('firstName', m.common_first_name(), { autoComplete: mode === 'add' ? 'off' : 'given-name' })}
        {field('lastName', m.common_last_name(), { autoComplete: mode === 'add' ? 'off' : 'family-name' })}
        <DateOfBirth
          values={c.values}
          error={errors.dateOfBirth}
          onChange={(f, value) => send({ type: 'form.change', field: f, value })}
          onLeave={() => send({ type: 'form.blur', field: 'dateOfBirth' })}
        />
        {field('nickName', m.passenger_form_page_nickname_optional(), { hint: m.passenger_form_page_hint() })}
        {c.isAccountHolder ? (
          <CheckboxField
            id="update-account"
            label={m.passenger_form_page_update_name_in_personal_details()}
            checked={c.shouldUpdateAccount}
            onCheckedChange={(value) => send({ type: 'form.toggleUpdateAccount', value })}
          />
        ) : (
          field('emailAddress', m.passenger_form_page_email_address_optional(), { type: 'email', autoComplete: 'off' })
        )}
        <div className={formStyles.actions}>
          <Button
            type="submit"
            disabled={!canSubmit}
            busy={submitting}
            busyLabel={m.common_saving()}
            aria-describedby={hintId}
            onRefused={onRefused}
          >
            {mode === 'add' ? m.passenger_form_page_save_passenger() : m.passenger_form_page_update()}
          </Button>
          {mode === 'edit' && !c.isAccountHolder && (
            <Button tone="danger" onClick={() => send({ type: 'delete.request' })} disabled={submitting}>
              {m.passenger_form_page_delete_passenger()}
            </Button>
          )}
          <BackLink label={m.common_cancel()} />
          {/* The date of birth's error is the group's; its link goes to the day. */}
          <SubmitHint
            id={hintId}
            fields={blocking.map((key) => (key === 'dateOfBirth' ? 'day' : key))}
            active={!canSubmit && !submitting && !deleting && !done}
          />
        </div>
        {mode === 'edit' && c.isAccountHolder && (
          <p className={styles.note}>{passengerFormMessages.accountHolderNote}</p>
        )}
      </form>
      <DeleteDialog
        snapshot={snapshot}
        send={send}
        title={m.passenger_form_page_delete_this_passenger()}
        confirmLabel={m.passenger_form_page_delete_passenger()}
        busyLabel={m.common_deleting()}
        failedMessage={passengerFormMessages.deleteFailed}
      >
        <p>
          {m.passenger_form_page_and_their_saved_railcards_will({
            firstName: c.values.firstName,
            lastName: c.values.lastName,
          })}
        </p>
      </DeleteDialog>
    </Page>
  );
}

function BackLink({ label = m.common_back_to_passengers_and_railcards() }: { label?: string }) {
  // Exact: the form's own address lies under the list's, and a fuzzy match marked this link as the current page.
  return (
    <Link to="/passengers-and-railcards" activeOptions={{ exact: true }}>
      {label}
    </Link>
  );
}

const parts = [
  {
    field: 'day',
    label: m.passenger_form_page_day(),
    maxLength: passengerLimits.dayMaxLength,
    autoComplete: 'bday-day',
    long: false,
  },
  {
    field: 'month',
    label: m.passenger_form_page_month(),
    maxLength: passengerLimits.monthMaxLength,
    autoComplete: 'bday-month',
    long: false,
  },
  {
    field: 'year',
    label: m.passenger_form_page_year(),
    maxLength: passengerLimits.yearMaxLength,
    autoComplete: 'bday-year',
    long: true,
  },
] as const;

/** Date of birth: one fieldset with a legend, three inputs, one error message for the group. */
function DateOfBirth({
  values,
  error,
  onChange,
  onLeave,
}: {
  values: Record<'day' | 'month' | 'year', string>;
  error: string | undefined;
  onChange: (field: 'day' | 'month' | 'year', value: string) => void;
  onLeave: () => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={styles.fieldset}
      data-field-group
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      onBlur={(e) => {
        // Only when focus leaves the whole group: moving from day to month is not "leaving".
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave();
      }}
    >
      <legend className={styles.legend}>{m.passenger_form_page_date_of_birth()}</legend>
      <div id={hintId} className={fieldStyles.hint}>
        {m.passenger_form_page_for_example_27_03_1990()}
      </div>
      <FieldError id={errorId} error={error} />
      <div className={styles.dateParts}>
        {parts.map((p) => (
          <div key={p.field} className={`${styles.datePart} ${p.long ? styles.datePartLong : styles.datePartShort}`}>
            <label htmlFor={`${id}-${p.field}`} className={styles.dateLabel}>
              {p.label}
            </label>
            <input
              id={`${id}-${p.field}`}
              name={p.field}
              className={fieldStyles.input}
              inputMode="numeric"
              autoComplete={p.autoComplete}
              maxLength={p.maxLength}
              // Each part is needed for the date: marked for assistive tech, like every required field.
              aria-required="true"
              value={values[p.field]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange(p.field, e.target.value)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** While the edit route loads the passenger (its pending state): the page as its chart's loading state shows it. */
export function PassengerFormLoading({ mode = 'edit' }: { mode?: PassengerFormMode }) {
  const title = mode === 'add' ? m.passenger_form_page_add_passenger() : m.passenger_form_page_edit_passenger();
  return (
    <Page title={title} narrow>
      <Loading label={m.passenger_form_page_loading_passenger()} />
    </Page>
  );
}
