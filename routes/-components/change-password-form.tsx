import { useEffect, useId } from 'react';
import { useMachine } from '@xstate/react';
import { tooManyAttemptsMessage } from '#machines/lib/throttle-copy';
import { fromPromise } from 'xstate';
import { changePasswordMachine, changePasswordMessages } from '#machines/change-password';
import { changePasswordValidators } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { formView } from '#src/ui/form-state';
import { TextField } from '#src/ui/text-field';
import { Button } from '#src/ui/button';
import { Alert } from '#src/ui/alert';
import * as formStyles from '#src/ui/form.css';
import { bindField } from '#src/ui/field-binding';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { m } from '#src/paraglide/messages.js';

/**
 * Change password form: used by /change-password and the account-controls screen. Its h2 is
 * visually hidden unless a `headingClassName` is given (account controls shows it).
 */
export function ChangePasswordForm({ headingClassName = 'visually-hidden' }: { headingClassName?: string } = {}) {
  const { authApi } = useServices();
  const [snapshot, send] = useMachine(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }) => {
          await authApi.changePassword(input);
        }),
      },
    }),
  );
  const submitting = snapshot.matches('requesting');
  const { errors, blocking, canSubmit } = formView(snapshot.context, changePasswordValidators, submitting);
  const { values, errorCode } = snapshot.context;
  const problemId = useId();
  const hintId = useId();
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  // The server's refusal is about one field: the current password when it is wrong, otherwise the
  // new one. That field is marked, described by the message, and takes the focus.
  const refused = snapshot.matches('validationError') && errorCode ? (errorCode === 'PASSWORD_INCORRECT' ? 'currentPassword' : 'newPassword') : null;
  useEffect(() => {
    if (refused) document.querySelector<HTMLInputElement>(`form[aria-labelledby="change-password-heading"] input[name="${refused}"]`)?.focus();
  }, [refused]);
  return (
    <form
      noValidate
      className={formStyles.form}
      aria-labelledby="change-password-heading"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <h2 id="change-password-heading" className={headingClassName}>{m.change_password_form_change_password()}</h2>
      <ErrorSummary attempt={attempt} errors={errors} />
      {snapshot.matches('success') && <Alert tone="success">{changePasswordMessages.success}</Alert>}
      {snapshot.matches('validationError') && errorCode && <Alert tone="error" id={problemId}>{changePasswordMessages[errorCode]}</Alert>}
      {snapshot.matches('throttled') && <Alert tone="error">{tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)}</Alert>}
      {snapshot.matches('serverError') && <Alert tone="error">{changePasswordMessages.serverError}</Alert>}
      <TextField
        label={m.change_password_form_current_password()}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        problemId={refused === 'currentPassword' ? problemId : undefined}
        {...bindField(send, 'currentPassword', values.currentPassword, errors.currentPassword)}
      />
      <TextField
        label={m.change_password_form_new_password()}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        hint={m.common_at_least_8_characters_with_a_letter_and_a_number()}
        required
        problemId={refused === 'newPassword' ? problemId : undefined}
        {...bindField(send, 'newPassword', values.newPassword, errors.newPassword)}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel={m.change_password_form_changing_password()} aria-describedby={hintId} onRefused={onRefused}>
          {m.change_password_form_change_password()}
        </Button>
        <SubmitHint id={hintId} fields={blocking} active={!canSubmit && !submitting} />
      </div>
    </form>
  );
}
