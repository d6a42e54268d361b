import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { railcardFormMachine, railcardFormView, type RailcardFormMode } from '#machines/railcard-form';
import { passengersApi } from '#src/api/passengers';
import { railcardsApi } from '#src/api/railcards';
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
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { isNotFound, problemMessage } from '#src/api/problem';
import { longDate, railcardPrice, Terms } from './railcard-facts';
import * as styles from './railcards.css';
import { bindField } from '#src/ui/field-binding';

/** Add (/{passengerId}/add-railcard/{railcardId}) or edit (/edit-railcard/{railcardId}) a passenger's railcard. */
export function RailcardFormPage({ mode, passengerId, railcardId }: { mode: RailcardFormMode; passengerId: string; railcardId: string }) {
  const { api, locale } = useServices();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    railcardFormMachine.provide({
      actors: {
        loadRailcard: fromPromise(async ({ input }) => {
          const railcards = railcardsApi(api);
          if (input.mode === 'edit') {
            const [held, type] = await Promise.all([railcards.get(input.passengerId, input.railcardId), railcards.catalogueEntry(input.railcardId)]);
            return { passenger: held.passenger, railcard: type, held: held.railcard };
          }
          const [type, passenger] = await Promise.all([railcards.catalogueEntry(input.railcardId), passengersApi(api).get(input.passengerId)]);
          return { passenger: { id: passenger.id, firstName: passenger.firstName, lastName: passenger.lastName }, railcard: type, held: null };
        }),
        checkRailcardStatus: fromPromise(({ input }) => railcardsApi(api).status(input.passengerId, input.railcardId, input.railcard)),
        saveRailcard: fromPromise(async ({ input }) => {
          const railcards = railcardsApi(api);
          await railcards.save(input.passengerId, input.railcardId, input.railcard);
          if (input.attributes) await railcards.saveAttributes(input.passengerId, input.railcardId, input.attributes);
        }),
        deleteRailcard: fromPromise(({ input }) => railcardsApi(api).remove(input.passengerId, input.railcardId)),
      },
    }),
    { input: { mode, passengerId, railcardId, today: isoToday() } },
  );
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) void navigate({ to: '/passengers-and-railcards' });
  }, [done, navigate]);

  const c = snapshot.context;
  const title = mode === 'add' ? 'Add railcard' : 'Edit railcard';
  if (snapshot.matches('loading')) {
    return (
      <Page title={title} narrow>
        <Loading label="Loading railcard…" />
      </Page>
    );
  }
  if (snapshot.matches('loadFailed') || !c.loaded) {
    const missing = isNotFound(c.loadError);
    return (
      <Page title={title} narrow>
        <LoadError
          message={missing ? "We couldn't find this railcard or passenger." : problemMessage(c.loadError, railcardMessages.loadFailed)}
          onRetry={missing ? undefined : () => send({ type: 'railcard.retry' })}
        />
        <Link to="/passengers-and-railcards">Back to passengers and railcards</Link>
      </Page>
    );
  }

  const { passenger, railcard, held } = c.loaded;
  const busy = snapshot.matches('checking') || snapshot.matches('saving');
  const deleting = snapshot.matches('deleting');
  const { errors, canSubmit } = railcardFormView(c, busy || deleting || done);
  const text = (field: string, label: string, extra: Record<string, string> = {}) => (
    <TextField
      key={field}
      label={label}
      name={field}
      {...bindField(send, field, c.values[field] ?? '', errors[field])}
      {...extra}
    />
  );
  return (
    <Page title={`${title}: ${railcard.name}`} narrow intro={`For ${passenger.firstName} ${passenger.lastName}`}>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>Price</dt>
        <dd className={styles.factValue}>
          {railcardPrice(railcard.price, locale.tag)} for {railcard.railcardDetails.validityMonths} months
        </dd>
        <dt className={styles.factTerm}>Discount</dt>
        <dd className={styles.factValue}>{railcard.railcardDetails.discount}</dd>
        <dt className={styles.factTerm}>Who can have it</dt>
        <dd className={styles.factValue}>{railcard.railcardDetails.eligibility}</dd>
        {held && (
          <>
            <dt className={styles.factTerm}>Status</dt>
            <dd className={styles.factValue}>
              {held.status === 'expired' ? `Expired on ${longDate(held.expiryDate, locale.tag)}` : `Valid until ${longDate(held.expiryDate, locale.tag)}`}
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
        {c.statusProblem && <Alert tone="error">{railcardMessages[c.statusProblem]}</Alert>}
        {c.saveFailed &&
          (c.refusalReason ? (
            // Refused with a reason (e.g. not eligible): the reason and what to do, with the way there.
            <Alert tone="error" title="We can't save this railcard">
              <p>{c.refusalReason}</p>
              <p>
                <Link to="/passengers-and-railcards/$passengerId/select-railcard" params={{ passengerId }}>
                  See the railcards this passenger can hold
                </Link>
              </p>
            </Alert>
          ) : (
            <Alert tone="error">{railcardMessages.saveFailed}</Alert>
          ))}
        {text('cardNumber', 'Railcard number', { hint: 'The number printed on your railcard, or shown in the app', autoComplete: 'off', autoCapitalize: 'characters' })}
        {text('expiryDate', 'Expiry date', { type: 'date' })}
        {railcard.attributes.map((def) => text(def.name, def.required ? def.label : `${def.label} (optional)`, { autoComplete: 'off' }))}
        <CheckboxField
          id="railcard-digital"
          label="This is a digital railcard"
          checked={c.isDigital}
          onCheckedChange={(value) => send({ type: 'form.toggleDigital', value })}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={!canSubmit} busy={busy} busyLabel="Saving…">
            {mode === 'add' ? 'Save railcard' : 'Update railcard'}
          </Button>
          {mode === 'edit' && (
            <Button tone="danger" onClick={() => send({ type: 'delete.request' })} disabled={busy}>
              Remove railcard
            </Button>
          )}
          <Link to="/passengers-and-railcards">Cancel</Link>
        </div>
      </form>
      <Terms text={railcard.termsAndConditions} />
      <ConfirmDialog
        open={snapshot.matches('confirmingDelete') || deleting}
        title="Remove this railcard?"
        confirmLabel="Remove railcard"
        busy={deleting}
        busyLabel="Removing…"
        error={c.deleteFailed ? railcardMessages.deleteFailed : undefined}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        <p>
          The {railcard.name} will be removed from {passenger.firstName} {passenger.lastName}'s saved railcards.
        </p>
      </ConfirmDialog>
    </Page>
  );
}
