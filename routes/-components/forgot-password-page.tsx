import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { forgotPasswordFailureMessage, forgotPasswordMachine, resetLinkValidityHours } from '#machines/forgot-password';
import { forgotPasswordValidators } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { formView } from '#src/ui/form-state';
import { Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { Button } from '#src/ui/button';
import { Alert } from '#src/ui/alert';
import * as formStyles from '#src/ui/form.css';
import * as styles from './forgot-password-page.css';
import { bindField } from '#src/ui/field-binding';

/**
 * Forgot password (spec section 2). The BrandedBusinessTravel portal gets the redesigned version
 * with a Back link: to forgot-password after success, otherwise to bookings.
 */
export function ForgotPasswordPage() {
  const { authApi, pageData } = useServices();
  const redesign = pageData.portal === 'BrandedBusinessTravel';
  const [snapshot, send] = useMachine(
    forgotPasswordMachine.provide({
      actors: { requestReset: fromPromise(async ({ input }) => {
          await authApi.forgotPassword(input.email);
        }),
      },
    }),
  );
  const submitting = snapshot.matches('submitting');
  const sent = snapshot.matches('sent');
  const { errors, canSubmit } = formView(snapshot.context, forgotPasswordValidators, submitting);

  const back = redesign ? (
    sent ? (
      // Back to the forgot-password form: the same route, so the machine starts again in place.
      <Link to="/forgot-password" className={styles.back} onClick={() => send({ type: 'forgot.restart' })}>
        <span aria-hidden="true">‹ </span>Back
      </Link>
    ) : (
      <Link to="/bookings" className={styles.back}>
        <span aria-hidden="true">‹ </span>Back
      </Link>
    )
  ) : null;

  return (
    <div className={redesign ? styles.redesign : undefined}>
      {back}
      <Page title="Reset your password" narrow>
        {sent ? (
          <div>
            <Alert tone="success" title="Check your email">
              <p>
                If there's an account for <strong>{snapshot.context.values.email}</strong>, we've sent it a link to reset your
                password.
              </p>
            </Alert>
            <p>The link is valid for {resetLinkValidityHours} hours.</p>
            <h2 className={styles.subheading}>Haven't received an email?</h2>
            <ul>
              <li>Check your junk or spam folder.</li>
              <li>The email address may be incorrect. Please check it and try again.</li>
              <li>
                You may not have an account with us yet. <Link to="/register">Sign up</Link>
              </li>
            </ul>
            <p>
              <Link to="/login">Continue</Link>
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
            <p>Enter the email address for your account and we'll send you a link to reset your password.</p>
            {snapshot.context.failed && <Alert tone="error">{forgotPasswordFailureMessage}</Alert>}
            <TextField
              label="Email address"
              type="email"
              name="email"
              autoComplete="email"
              {...bindField(send, 'email', snapshot.context.values.email, errors.email)}
            />
            <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel="Sending…">
              Continue
            </Button>
          </form>
        )}
      </Page>
    </div>
  );
}
