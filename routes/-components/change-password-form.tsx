import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { changePasswordMessages } from '#src/copy/change-password';
import { changePasswordValidators, setPasswordValidators } from '#src/schemas/forms';
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
import { changePasswordFlow } from './change-password.flow';

/**
 * Change password form: used by /change-password and the account-controls screen. Its h2 is
 * visually hidden unless a `headingClassName` is given (account controls shows it).
 *
 * An account created through a sign-in provider has no password (`hasPassword: false`): the same
 * form then sets a first one, with no current password to give (machines/change-password.ts).
 */
export function ChangePasswordForm({ headingClassName = 'visually-hidden' }: { headingClassName?: string } = {}) {
  const { authApi, authActor } = useServices();
  const hasPassword = useSelector(authActor, (s) => s.context.user?.hasPassword);
  const [snapshot, send] = changePasswordFlow.useFlow({ input: { hasPassword } });
  const settingFirst = snapshot.context.mode === 'set';
  const submitting = snapshot.matches('requesting') || snapshot.matches('settingPassword');
  const { errors, blocking, canSubmit } = formView(
    snapshot.context,
    settingFirst ? setPasswordValidators : changePasswordValidators,
    submitting,
  );
  const { values, errorCode } = snapshot.context;
  const problemId = useId();
  const hintId = useId();
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  // The server's refusal is about one field: the current password when it is wrong, otherwise the
  // new one. That field is marked, described by the message, and takes the focus.
  const refused =
    snapshot.matches('validationError') && errorCode
      ? errorCode === 'PASSWORD_INCORRECT' && !settingFirst
        ? 'currentPassword'
        : 'newPassword'
      : null;
  useEffect(() => {
    if (refused)
      document
        .querySelector<HTMLInputElement>(`form[aria-labelledby="change-password-heading"] input[name="${refused}"]`)
        ?.focus();
  }, [refused]);
  // A password was there after all: the current-password field appears and takes the focus.
  const alreadySet = snapshot.matches('alreadySet');
  useEffect(() => {
    if (alreadySet)
      document
        .querySelector<HTMLInputElement>(
          'form[aria-labelledby="change-password-heading"] input[name="currentPassword"]',
        )
        ?.focus();
  }, [alreadySet]);
  // Too old a sign-in: end this one, then the login page brings the customer back here (decision 161).
  const signInAgain = async () => {
    await authApi.logout().catch(() => undefined);
    authActor.send({ type: 'auth.unauthorised' });
  };
  const title = settingFirst ? m.change_password_form_set_a_password() : m.change_password_form_change_password();
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
      <h2 id="change-password-heading" className={headingClassName}>
        {title}
      </h2>
      {settingFirst && <p>{m.change_password_form_set_intro()}</p>}
      <ErrorSummary attempt={attempt} errors={errors} />
      {snapshot.matches('success') && <Alert tone="success">{changePasswordMessages.success}</Alert>}
      {snapshot.matches('passwordSet') && <Alert tone="success">{changePasswordMessages.setSuccess}</Alert>}
      {alreadySet && <Alert tone="info">{changePasswordMessages.alreadySet}</Alert>}
      {snapshot.matches('signInRequired') && (
        <Alert tone="error">
          <p>{changePasswordMessages.signInAgain}</p>
          <Button onClick={() => void signInAgain()}>{m.change_password_form_sign_in_again()}</Button>
        </Alert>
      )}
      {snapshot.matches('validationError') && errorCode && (
        <Alert tone="error" id={problemId}>
          {changePasswordMessages[errorCode]}
        </Alert>
      )}
      {snapshot.matches('throttled') && (
        <Alert tone="error">{tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)}</Alert>
      )}
      {snapshot.matches('serverError') && (
        <Alert tone="error">
          {settingFirst ? changePasswordMessages.setServerError : changePasswordMessages.serverError}
        </Alert>
      )}
      {!settingFirst && (
        <TextField
          label={m.change_password_form_current_password()}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          problemId={refused === 'currentPassword' ? problemId : undefined}
          {...bindField(send, 'currentPassword', values.currentPassword, errors.currentPassword)}
        />
      )}
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
        <Button
          type="submit"
          disabled={!canSubmit}
          busy={submitting}
          busyLabel={
            settingFirst ? m.change_password_form_setting_password() : m.change_password_form_changing_password()
          }
          aria-describedby={hintId}
          onRefused={onRefused}
        >
          {title}
        </Button>
        <SubmitHint id={hintId} fields={blocking} active={!canSubmit && !submitting} />
      </div>
    </form>
  );
}
