import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { resendEmailStatus, type resendEmailMachine } from '#machines/resend-email';
import { emailErrors, resendEmailMessages } from '#src/copy/resend-email';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { TextField } from '#src/ui/text-field';
import { shownErrors } from '#src/ui/form-state';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import * as styles from '../booking-actions.css';
import { m } from '#src/paraglide/messages.js';

export interface ResendEmailModalProps {
  snapshot: SnapshotFrom<typeof resendEmailMachine>;
  send: ActorRefFrom<typeof resendEmailMachine>['send'];
  /** Where focus goes back to when the modal closes. */
  opener: React.RefObject<HTMLButtonElement | null>;
}

/**
 * The resend booking email modal: a native <dialog> opened with showModal() (focus moves in and is
 * trapped there, Escape closes it, the rest of the page is inert); closing resets the machine and
 * returns focus to the button that opened it.
 */
export function ResendEmailModal({ snapshot, send, opener }: ResendEmailModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const isOpen = snapshot.matches('open');
  const status = resendEmailStatus(snapshot);
  const { emails, touched, submitAttempted, maxAddresses, sentTo, refusedRecipients, failure, retryAfterSeconds } =
    snapshot.context;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('input')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [isOpen, opener]);

  // An address the server refused as a recipient (decision 301): focus goes to the first one, whose
  // error the field describes; the alert below says it too, for screen readers.
  useEffect(() => {
    if (refusedRecipients.length === 0) return;
    const index = emails.findIndex((e) => refusedRecipients.includes(e.trim().toLowerCase()));
    if (index >= 0)
      dialogRef.current?.querySelector<HTMLInputElement>(`input[name="emailAddresses.${index}"]`)?.focus();
    // Only when a refusal arrives, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedRecipients]);

  const errors = emailErrors(emails, refusedRecipients);
  // By each field's name, in order: an address skipped shows its error once a later one was left.
  const names = emails.map((_, index) => `emailAddresses.${index}`);
  const allErrors = Object.fromEntries(names.flatMap((name, index) => (errors[index] ? [[name, errors[index]]] : [])));
  const shown = shownErrors(
    { touched: Object.fromEntries(names.map((name, index) => [name, !!touched[index]])), submitAttempted },
    names,
    allErrors,
  );
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const hintId = useId();
  const refusedShown =
    refusedRecipients.length > 0 && errors.some((e) => e === resendEmailMessages.recipientNotAllowed);
  const sending = status === 'PENDING';
  const canSubmit = emails.length > 0 && errors.every((e) => e === null) && !sending;
  const close = () => send({ type: 'modal.close' });

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={() => {
        // Escape (or any native close): the machine resets and focus goes back to the opener.
        if (snapshot.matches('open')) {
          close();
          opener.current?.focus();
        }
      }}
    >
      {isOpen && (
        <>
          <div className={styles.dialogHeader}>
            <h2 id={titleId} className={styles.dialogTitle}>
              {m.booking_actions_resend_email_modal_resend_booking_email()}
            </h2>
            <button type="button" className={styles.closeButton} aria-label={m.common_close()} onClick={close}>
              ×
            </button>
          </div>
          {status === 'SUCCESS' ? (
            <>
              <div id={descriptionId}>
                <Alert tone="success">{resendEmailMessages.success(sentTo)}</Alert>
              </div>
              <div className={styles.actions}>
                <Button onClick={close} autoFocus>
                  {m.common_close()}
                </Button>
              </div>
            </>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'form.submit' });
              }}
            >
              <p id={descriptionId} className={styles.dialogIntro}>
                {m.booking_actions_resend_email_modal_well_send_your_booking_confirmation({ maxAddresses })}
              </p>
              <ErrorSummary attempt={attempt} errors={shown} />
              {status === 'ERROR' && (
                <Alert tone="error">
                  {failure === 'throttled'
                    ? resendEmailMessages.throttled(retryAfterSeconds)
                    : resendEmailMessages.error}
                </Alert>
              )}
              {status !== 'ERROR' && refusedShown && (
                <Alert tone="error">{resendEmailMessages.recipientNotAllowed}</Alert>
              )}
              {emails.map((value, index) => {
                const label =
                  index === 0
                    ? m.common_email_address()
                    : m.booking_actions_resend_email_modal_email_address({ number: index + 1 });
                const error = shown[`emailAddresses.${index}`];
                return (
                  <div key={index} className={styles.emailRow}>
                    <TextField
                      label={label}
                      type="email"
                      name={`emailAddresses.${index}`}
                      autoComplete={index === 0 ? 'email' : 'off'}
                      autoFocus={index > 0 && index === emails.length - 1}
                      required
                      value={value}
                      disabled={sending}
                      onValueChange={(v) => send({ type: 'emails.change', index, value: v })}
                      onBlur={() => send({ type: 'emails.blur', index })}
                      error={error}
                    />
                    {index > 0 && (
                      <div className={styles.removeButton}>
                        <Button
                          tone="link"
                          aria-label={m.booking_actions_resend_email_modal_remove({ number: index + 1 })}
                          disabled={sending}
                          onClick={() => {
                            send({ type: 'emails.remove', index });
                            // The button goes away with its field: focus the field before it.
                            requestAnimationFrame(() =>
                              dialogRef.current
                                ?.querySelector<HTMLInputElement>(`input[name="emailAddresses.${index - 1}"]`)
                                ?.focus(),
                            );
                          }}
                        >
                          {m.booking_actions_resend_email_modal_remove_button()}
                        </Button>
                      </div>
                    )}
                  </div>
                );
              })}
              <div className={styles.actions}>
                {emails.length < maxAddresses && (
                  <Button tone="link" disabled={sending} onClick={() => send({ type: 'emails.add' })}>
                    {m.booking_actions_resend_email_modal_add_another_email_address()}
                  </Button>
                )}
              </div>
              <div className={styles.actions}>
                <Button
                  type="submit"
                  disabled={!canSubmit}
                  busy={sending}
                  busyLabel={m.booking_actions_resend_email_modal_sending()}
                  aria-describedby={hintId}
                  onRefused={onRefused}
                >
                  {m.booking_actions_resend_email_modal_send_email()}
                </Button>
                <Button tone="secondary" onClick={close}>
                  {m.common_cancel()}
                </Button>
                <SubmitHint
                  id={hintId}
                  fields={names.filter((name) => allErrors[name])}
                  active={!canSubmit && !sending}
                />
              </div>
            </form>
          )}
        </>
      )}
    </dialog>
  );
}
