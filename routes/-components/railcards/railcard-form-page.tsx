import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import { railcardErrors, railcardFormView, type LoadedRailcard, type RailcardFormMode } from '#machines/railcard-form';
import { isoToday } from '#src/schemas/passengers';
import { railcardMessages } from '#src/schemas/railcards';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import * as formStyles from '#src/ui/form.css';
import { LoadError } from '#src/ui/load-error';
import { CheckboxField } from '#src/ui/checkbox-field';
import { DeleteDialog } from '../delete-dialog';
import { isNotFound, problemMessage } from '#src/api/problem';
import { longDate, railcardPrice, Terms } from './railcard-facts';
import * as styles from './railcards.css';
import { bindField } from '#src/ui/field-binding';
import { shownErrors } from '#src/ui/form-state';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { m } from '#src/paraglide/messages.js';
import { railcardFormFlow } from './railcard-form.flow';

/**
 * Add (/{passengerId}/add-railcard/{railcardId}) or edit (/edit-railcard/{railcardId}) a passenger's
 * railcard. `first`: what the route loaded (docs/decisions/730); without it the chart loads it.
 */
export function RailcardFormPage({
  mode,
  passengerId,
  railcardId,
  first,
}: {
  mode: RailcardFormMode;
  passengerId: string;
  railcardId: string;
  first?: FirstData<LoadedRailcard> | undefined;
}) {
  const { locale } = useServices();
  const navigate = useNavigate();
  const [snapshot, send] = railcardFormFlow.useFlow({
    input: { mode, passengerId, railcardId, today: isoToday(), first: first ?? null },
  });
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) void navigate({ to: '/passengers-and-railcards' });
  }, [done, navigate]);

  const c = snapshot.context;
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const title = mode === 'add' ? m.railcard_form_page_add_railcard() : m.railcard_form_page_edit_railcard();
  if (snapshot.matches('starting') || snapshot.matches('loading')) return <RailcardFormLoading mode={mode} />;
  if (snapshot.matches('loadFailed') || !c.loaded) {
    const missing = isNotFound(c.loadError);
    return (
      <Page title={title} narrow>
        <LoadError
          message={
            missing
              ? m.railcard_form_page_we_couldnt_find_this_railcard()
              : problemMessage(c.loadError, railcardMessages.loadFailed)
          }
          onRetry={missing ? undefined : () => send({ type: 'railcard.retry' })}
        />
        <Link to="/passengers-and-railcards" activeOptions={{ exact: true }}>
          {m.common_back_to_passengers_and_railcards()}
        </Link>
      </Page>
    );
  }

  const { passenger, railcard, held } = c.loaded;
  const busy = snapshot.matches('checking') || snapshot.matches('saving');
  const deleting = snapshot.matches('deleting');
  const { canSubmit } = railcardFormView(c, busy || deleting || done);
  // In the form's order: a field's error shows once the customer went past it (src/ui/form-state.ts).
  const order = ['cardNumber', 'expiryDate', ...railcard.attributes.map((def) => def.name)];
  const allErrors = railcardErrors(c);
  const errors = shownErrors(c, order, allErrors);
  const blocking = order.filter((field) => allErrors[field]);
  const text = (field: string, label: string, extra: Record<string, string> = {}, required = true) => (
    <TextField
      key={field}
      label={label}
      name={field}
      required={required}
      {...bindField(send, field, c.values[field] ?? '', errors[field])}
      {...extra}
    />
  );
  return (
    <Page
      title={`${title}: ${railcard.name}`}
      narrow
      intro={m.railcard_form_page_for({ firstName: passenger.firstName, lastName: passenger.lastName })}
    >
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>{m.railcard_form_page_price()}</dt>
        <dd className={styles.factValue}>
          {m.railcard_form_page_for_months({
            amount: railcardPrice(railcard.price, locale.tag),
            validityMonths: railcard.railcardDetails.validityMonths,
          })}
        </dd>
        <dt className={styles.factTerm}>{m.railcard_form_page_discount()}</dt>
        <dd className={styles.factValue}>{railcard.railcardDetails.discount}</dd>
        <dt className={styles.factTerm}>{m.railcard_form_page_who_can_have_it()}</dt>
        <dd className={styles.factValue}>{railcard.railcardDetails.eligibility}</dd>
        {held && (
          <>
            <dt className={styles.factTerm}>{m.common_status()}</dt>
            <dd className={styles.factValue}>
              {held.status === 'expired'
                ? m.railcard_form_page_expired_on({ date: longDate(held.expiryDate, locale.tag) })
                : m.railcard_form_page_valid_until({ date: longDate(held.expiryDate, locale.tag) })}
            </dd>
          </>
        )}
      </dl>
      <form
        noValidate
        className={formStyles.form}
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ErrorSummary attempt={attempt} errors={errors} />
        {c.statusProblem && <Alert tone="error">{railcardMessages[c.statusProblem]}</Alert>}
        {c.saveFailed &&
          (c.refusalReason ? (
            // Refused with a reason (e.g. not eligible): the reason and what to do, with the way there.
            <Alert tone="error" title={m.railcard_form_page_we_cant_save_this_railcard()}>
              <p>{c.refusalReason}</p>
              <p>
                <Link to="/passengers-and-railcards/$passengerId/select-railcard" params={{ passengerId }}>
                  {m.railcard_form_page_see_the_railcards_this_passenger()}
                </Link>
              </p>
            </Alert>
          ) : (
            <Alert tone="error">{railcardMessages.saveFailed}</Alert>
          ))}
        {text('cardNumber', m.railcard_form_page_railcard_number(), {
          hint: m.railcard_form_page_hint(),
          autoComplete: 'off',
          autoCapitalize: 'characters',
        })}
        {text('expiryDate', m.railcard_form_page_expiry_date(), { type: 'date' })}
        {railcard.attributes.map((def) =>
          text(
            def.name,
            def.required ? def.label : m.railcard_form_page_optional({ label: def.label }),
            { autoComplete: 'off' },
            def.required,
          ),
        )}
        <CheckboxField
          id="railcard-digital"
          label={m.railcard_form_page_this_is_a_digital_railcard()}
          checked={c.isDigital}
          onCheckedChange={(value) => send({ type: 'form.toggleDigital', value })}
        />
        <div className={formStyles.actions}>
          <Button
            type="submit"
            disabled={!canSubmit}
            busy={busy}
            busyLabel={m.common_saving()}
            aria-describedby="railcard-submit-hint"
            onRefused={onRefused}
          >
            {mode === 'add' ? m.railcard_form_page_save_railcard() : m.railcard_form_page_update_railcard()}
          </Button>
          {mode === 'edit' && (
            <Button tone="danger" onClick={() => send({ type: 'delete.request' })} disabled={busy}>
              {m.railcard_form_page_remove_railcard()}
            </Button>
          )}
          <Link to="/passengers-and-railcards" activeOptions={{ exact: true }}>
            {m.common_cancel()}
          </Link>
          <SubmitHint id="railcard-submit-hint" fields={blocking} active={!canSubmit && !busy && !deleting && !done} />
        </div>
      </form>
      <Terms text={railcard.termsAndConditions} />
      <DeleteDialog
        snapshot={snapshot}
        send={send}
        title={m.railcard_form_page_remove_this_railcard()}
        confirmLabel={m.railcard_form_page_remove_railcard()}
        busyLabel={m.railcard_form_page_removing()}
        failedMessage={railcardMessages.deleteFailed}
      >
        <p>
          {m.railcard_form_page_the_will_be_removed_from({
            name: railcard.name,
            firstName: passenger.firstName,
            lastName: passenger.lastName,
          })}
        </p>
      </DeleteDialog>
    </Page>
  );
}

/** While the route loads the railcard (its pending state): the page as its chart's loading state shows it. */
export function RailcardFormLoading({ mode }: { mode: RailcardFormMode }) {
  const title = mode === 'add' ? m.railcard_form_page_add_railcard() : m.railcard_form_page_edit_railcard();
  return (
    <Page title={title} narrow>
      <Loading label={m.railcard_form_page_loading_railcard()} />
    </Page>
  );
}
