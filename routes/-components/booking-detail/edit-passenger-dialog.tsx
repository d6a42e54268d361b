import { useEffect, useId, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  editPassengerValidators,
  type editPassengersMachine,
  type EditPassengersEvent,
} from '#machines/edit-passengers';
import { editPassengersMessages, editRefusalText } from '#src/copy/edit-passengers';
import { fieldRefusalText } from '#src/copy/field-refusal';
import { lifecycleRefusalWords } from '../server-words';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { formView } from '#src/ui/form-state';
import { TextField } from '#src/ui/text-field';
import * as formStyles from '#src/ui/form.css';
import * as styles from './booking-detail.css';
import { bindField } from '#src/ui/field-binding';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import { m } from '#src/paraglide/messages.js';

/**
 * Change one passenger's name in a native modal <dialog>: the browser traps focus and Escape
 * cancels; focus goes back to the button that opened it.
 */
export function EditPassengerDialog({
  snapshot,
  send,
  passengerLabel,
}: {
  snapshot: SnapshotFrom<typeof editPassengersMachine>;
  send: (event: EditPassengersEvent) => void;
  passengerLabel: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = !snapshot.matches('idle');
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [open]);
  const submitting = snapshot.matches('submitting');
  const view = formView(snapshot.context, editPassengerValidators, submitting);
  const { blocking, canSubmit } = view;
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const hintId = useId();
  const { values, error, errorCode, refusedField } = snapshot.context;
  // A name another passenger on the booking has: the refusal is about the name, so both its fields
  // are marked and described by it, and the summary links to the first (decision 670). A refusal
  // naming one field (an invisible character in it) marks that field, in the words every form shares
  // (decision 883).
  const duplicate = error && errorCode === 'DUPLICATE_NAME';
  const nameRefusal = duplicate
    ? editPassengersMessages.duplicateName
    : error && errorCode && refusedField
      ? fieldRefusalText({ field: refusedField, code: errorCode, message: error.detail }, {}, () =>
          editRefusalText(errorCode, error.detail),
        )
      : null;
  const refusedFields = duplicate ? (['firstName', 'lastName'] as const) : refusedField ? [refusedField] : [];
  // Any other refusal in the page's words by its code: the booking's lifecycle, or the rename's own.
  const errorMessage = error ? (lifecycleRefusalWords(errorCode) ?? editRefusalText(errorCode, error.detail)) : null;
  const errors = withRefusal(view.errors, refusedFields, nameRefusal);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="edit-passenger-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!submitting) send({ type: 'edit.cancel' });
      }}
    >
      {open && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <h2 id="edit-passenger-title" className={styles.dialogTitle}>
            {m.booking_detail_edit_passenger_dialog_change_passenger_name()}
          </h2>
          <p className={styles.meta}>{passengerLabel}</p>
          <ErrorSummary attempt={attempt} errors={errors} refusal={nameRefusal} headingLevel={3} />
          {errorMessage && !nameRefusal && <Alert tone="error">{errorMessage}</Alert>}
          <TextField
            label={m.common_first_name()}
            name="firstName"
            autoComplete="off"
            required
            {...bindField(send, 'firstName', values.firstName, errors.firstName)}
          />
          <TextField
            label={m.common_last_name()}
            name="lastName"
            autoComplete="off"
            required
            {...bindField(send, 'lastName', values.lastName, errors.lastName)}
          />
          <div className={formStyles.actions}>
            <Button
              type="submit"
              disabled={!canSubmit}
              busy={submitting}
              busyLabel={m.common_saving()}
              aria-describedby={hintId}
              onRefused={onRefused}
            >
              {m.booking_detail_edit_passenger_dialog_save_name()}
            </Button>
            <Button tone="secondary" disabled={submitting} onClick={() => send({ type: 'edit.cancel' })}>
              {m.common_cancel()}
            </Button>
            <SubmitHint id={hintId} fields={blocking} active={!canSubmit && !submitting} />
          </div>
        </form>
      )}
    </dialog>
  );
}
