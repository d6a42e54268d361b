import { Link } from '@tanstack/react-router';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { resetLinkValidityHours } from '#machines/forgot-password';
import { forgotPasswordFailureMessage } from '#src/copy/forgot-password';
import { forgotPasswordValidators } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { formView } from '#src/ui/form-state';
import { Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { Alert } from '#src/ui/alert';
import * as formStyles from '#src/ui/form.css';
import * as styles from './forgot-password-page.css';
import { bindField } from '#src/ui/field-binding';
import { SubmitActions } from '#src/ui/submit-actions';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';
import { forgotPasswordFlow } from './forgot-password.flow';

/**
 * Forgot password (docs/product/screens.md). The BrandedBusinessTravel portal gets the redesigned version
 * with a Back link: to forgot-password after success, otherwise to bookings.
 */
export function ForgotPasswordPage() {
  const { pageData } = useServices();
  const redesign = pageData.portal === 'BrandedBusinessTravel';
  const [snapshot, send] = forgotPasswordFlow.useFlow();
  const submitting = snapshot.matches('submitting');
  const sent = snapshot.matches('sent');
  const { errors, blocking, canSubmit } = formView(snapshot.context, forgotPasswordValidators, submitting);
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const form = { canSubmit, submitting, blocking, onRefused };

  const back = redesign ? (
    sent ? (
      // Back to the forgot-password form: the same route, so the machine starts again in place.
      <Link to="/forgot-password" className={styles.back} onClick={() => send({ type: 'forgot.restart' })}>
        <span aria-hidden="true">‹ </span>
        {m.forgot_password_page_back()}
      </Link>
    ) : (
      <Link to="/bookings" className={styles.back}>
        <span aria-hidden="true">‹ </span>
        {m.forgot_password_page_back()}
      </Link>
    )
  ) : null;

  return (
    <div className={redesign ? styles.redesign : undefined}>
      {back}
      <Page title={m.forgot_password_page_reset_your_password()} narrow>
        {sent ? (
          <div>
            <Alert tone="success" title={m.forgot_password_page_check_your_email()}>
              <p>
                {rich(m.forgot_password_page_if_theres_an_account_for, {
                  email: <strong>{snapshot.context.values.email}</strong>,
                })}
              </p>
            </Alert>
            <p>{m.forgot_password_page_the_link_is_valid_for({ resetLinkValidityHours })}</p>
            <h2 className={styles.subheading}>{m.forgot_password_page_havent_received_an_email()}</h2>
            <ul>
              <li>{m.forgot_password_page_check_your_junk_or_spam()}</li>
              <li>{m.forgot_password_page_the_email_address_may_be()}</li>
              <li>
                {rich(m.forgot_password_page_you_may_not_have_an, {
                  link: <Link to="/register">{m.forgot_password_page_sign_up()}</Link>,
                })}
              </li>
            </ul>
            <p>
              <Link to="/login">{m.forgot_password_page_continue()}</Link>
            </p>
          </div>
        ) : (
          <form
            noValidate
            className={formStyles.form}
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'form.submit' });
            }}
          >
            <p>{m.forgot_password_page_enter_the_email_address_for()}</p>
            <ErrorSummary attempt={attempt} errors={errors} />
            {snapshot.context.failed && (
              <Alert tone="error">
                {snapshot.context.throttled
                  ? tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)
                  : forgotPasswordFailureMessage()}
              </Alert>
            )}
            <TextField
              label={m.common_email_address()}
              type="email"
              name="email"
              autoComplete="email"
              required
              {...bindField(send, 'email', snapshot.context.values.email, errors.email)}
            />
            <SubmitActions
              hintId="forgot-password-submit-hint"
              busyLabel={m.forgot_password_page_sending()}
              form={form}
            >
              {m.forgot_password_page_continue()}
            </SubmitActions>
          </form>
        )}
      </Page>
    </div>
  );
}
