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
  const { errors, canSubmit } = formView(snapshot.context, changePasswordValidators, submitting);
  const { values, errorCode } = snapshot.context;
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
      {snapshot.matches('success') && <Alert tone="success">{changePasswordMessages.success}</Alert>}
      {snapshot.matches('validationError') && errorCode && <Alert tone="error">{changePasswordMessages[errorCode]}</Alert>}
      {snapshot.matches('throttled') && <Alert tone="error">{tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)}</Alert>}
      {snapshot.matches('serverError') && <Alert tone="error">{changePasswordMessages.serverError}</Alert>}
      <TextField
        label={m.change_password_form_current_password()}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        {...bindField(send, 'currentPassword', values.currentPassword, errors.currentPassword)}
      />
      <TextField
        label={m.change_password_form_new_password()}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        hint={m.common_at_least_8_characters_with_a_letter_and_a_number()}
        {...bindField(send, 'newPassword', values.newPassword, errors.newPassword)}
      />
      <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel={m.change_password_form_changing_password()}>{m.change_password_form_change_password()}</Button>
    </form>
  );
}
