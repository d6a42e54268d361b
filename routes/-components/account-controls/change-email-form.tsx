import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { useSelector } from '@xstate/react';
import { changeEmailValidators } from '#machines/change-email';
import { changeEmailMessages } from '#src/copy/change-email';
import { emailMaxLength } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { formView } from '#src/ui/form-state';
import * as formStyles from '#src/ui/form.css';
import { TextField } from '#src/ui/text-field';
import * as styles from './account-controls.css';
import { bindField } from '#src/ui/field-binding';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { changeEmailSentCopy } from './email-change-copy';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';
import { changeEmailFlow } from './change-email.flow';

/** Change email on /account-controls: new address plus the current password. */
export function ChangeEmailForm() {
  const { authActor } = useServices();
  const [snapshot, send] = changeEmailFlow.useFlow();
  const requesting = snapshot.matches('requesting');
  const { errors, blocking, canSubmit } = formView(snapshot.context, changeEmailValidators, requesting);
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const { values, error, updatedEmailAddress, pendingEmailAddress } = snapshot.context;
  const currentEmail = useSelector(authActor, (s) => s.context.user?.email ?? null);

  if (snapshot.matches('signInRequired')) {
    return (
      <div>
        <Alert tone="error" title={m.account_controls_change_email_form_please_sign_in_again()}>
          {changeEmailMessages.tokenFailure(updatedEmailAddress ?? '')}
        </Alert>
        <Button onClick={() => send({ type: 'changeEmail.signIn' })}>
          {m.account_controls_change_email_form_sign_in_again()}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className={formStyles.form}
      aria-labelledby="change-email-heading"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <h2 id="change-email-heading" className={styles.heading}>
        {m.account_controls_change_email_form_change_email_address()}
      </h2>
      <p className={styles.intro}>
        {currentEmail && (
          <>
            {rich(m.account_controls_change_email_form_your_email_address_is, {
              email: <strong className={styles.email}>{currentEmail}</strong>,
            })}{' '}
          </>
        )}
        {m.account_controls_change_email_form_youll_use_your_new_email()}
      </p>
      <ErrorSummary attempt={attempt} errors={errors} />
      {snapshot.matches('confirmationSent') && pendingEmailAddress && (
        <Alert tone="success" title={changeEmailSentCopy.title}>
          {changeEmailSentCopy.body(pendingEmailAddress)}
        </Alert>
      )}
      {snapshot.matches('success') && updatedEmailAddress && (
        <Alert tone="success">{changeEmailMessages.success(updatedEmailAddress)}</Alert>
      )}
      {snapshot.matches('throttled') && (
        <Alert tone="error">{tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)}</Alert>
      )}
      {(snapshot.matches('validationError') || snapshot.matches('serverError')) && error && (
        <Alert tone="error">{changeEmailMessages[error]}</Alert>
      )}
      <TextField
        label={m.account_controls_change_email_form_new_email_address()}
        type="email"
        name="newEmailAddress"
        autoComplete="email"
        maxLength={emailMaxLength}
        readOnly={requesting}
        required
        {...bindField(send, 'newEmailAddress', values.newEmailAddress, errors.newEmailAddress)}
      />
      <TextField
        label={m.account_controls_change_email_form_current_password()}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        readOnly={requesting}
        required
        {...bindField(send, 'currentPassword', values.currentPassword, errors.currentPassword)}
      />
      <div className={formStyles.actions}>
        <Button
          type="submit"
          disabled={!canSubmit}
          busy={requesting}
          busyLabel={m.account_controls_change_email_form_changing_email_address()}
          aria-describedby="change-email-submit-hint"
          onRefused={onRefused}
        >
          {m.account_controls_change_email_form_change_email_address()}
        </Button>
        <SubmitHint id="change-email-submit-hint" fields={blocking} active={!canSubmit && !requesting} />
      </div>
    </form>
  );
}
