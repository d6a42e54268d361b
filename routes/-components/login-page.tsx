import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { loginMessages } from '#src/copy/login';
import { registerConfirmationMessage, registerMessages } from '#src/copy/register';
import { loginValidators, registerValidators } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { guestTokenErrorMessage } from '#src/copy/auth';
import type { SignInProvider } from '#src/schemas/auth';
import type { ProviderError } from './login-search';
import { safeRedirectPath } from '#src/redirect';
import { formView } from '#src/ui/form-state';
import { Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { Button } from '#src/ui/button';
import { Alert } from '#src/ui/alert';
import * as formStyles from '#src/ui/form.css';
import * as styles from './login-page.css';
import { loginFlow } from './login.flow';
import { registerFlow } from './register.flow';
import { bindField } from '#src/ui/field-binding';
import { SubmitActions } from '#src/ui/submit-actions';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { m } from '#src/paraglide/messages.js';

const providerLabels: Record<SignInProvider, () => string> = {
  google: m.login_page_continue_with_google,
  facebook: m.login_page_continue_with_facebook,
  apple: m.login_page_continue_with_apple,
};

/** The provider's own name, as its brand writes it in every language. */
const providerName = (id: SignInProvider) => id[0]!.toUpperCase() + id.slice(1);

const providerErrorMessages: Record<ProviderError, (inputs: { provider: string }) => string> = {
  unavailable: m.login_page_signing_in_with_isnt_available,
  'unverified-email': m.login_page_provider_email_not_verified,
  cancelled: m.login_page_provider_cancelled,
};

export interface ProviderErrorView {
  provider: SignInProvider;
  error: ProviderError;
}

/** /login and /register both render this page (docs/product/screens.md). */
export function LoginPage({
  redirect,
  mode,
  providerError = null,
}: {
  redirect: string | undefined;
  mode: 'login' | 'register';
  providerError?: ProviderErrorView | null;
}) {
  const { authActor } = useServices();
  const guestError = authActor.getSnapshot().context.guestError;
  return (
    <Page title={mode === 'register' ? m.login_page_create_an_account_or_sign() : m.login_page_sign_in_or_create_an()}>
      {guestError && <Alert tone="error">{guestTokenErrorMessage()}</Alert>}
      {providerError && (
        <Alert tone="error">
          {providerErrorMessages[providerError.error]({ provider: providerName(providerError.provider) })}
        </Alert>
      )}
      <div className={styles.columns}>
        <SignInForm redirect={redirect} autoFocus={mode === 'login'} />
        <RegisterForm redirect={redirect} />
      </div>
    </Page>
  );
}

function SignInForm({ redirect }: { redirect: string | undefined; autoFocus: boolean }) {
  const { pageData } = useServices();
  const navigate = useNavigate();
  const returnTo = safeRedirectPath(redirect);
  const [snapshot, send] = loginFlow.useFlow({ input: { returnTo } });
  // Signed in (the session knows the customer): go on to where the customer was going.
  const signedIn = snapshot.matches('signedIn');
  useEffect(() => {
    if (signedIn) void navigate({ to: returnTo as '/', replace: true });
  }, [signedIn, navigate, returnTo]);
  // Back from the provider through the browser's history (back/forward cache): the buttons work again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) send({ type: 'provider.returned' });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [send]);
  const submitting = snapshot.matches('submitting');
  const leaving = snapshot.matches('checkingProvider') || snapshot.matches('leavingForProvider');
  const { unavailableProvider } = snapshot.context;
  const { signInProviders } = pageData;
  const { errors, blocking, canSubmit } = formView(snapshot.context, loginValidators, submitting);
  const { values, serverError, signInLinkSentTo, signInLinkFailed } = snapshot.context;
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const sendingLink = snapshot.matches('sendingSignInLink');
  const linkRef = useRef<HTMLDivElement>(null);
  // The offer's button goes away once the link is sent: focus moves to the message (never left on body).
  useEffect(() => {
    if (signInLinkSentTo !== null) linkRef.current?.focus();
  }, [signInLinkSentTo]);
  return (
    <section className={styles.panel} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className={styles.panelHeading}>
        {m.common_sign_in()}
      </h2>
      <form
        noValidate
        className={formStyles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ErrorSummary attempt={attempt} errors={errors} />
        {serverError && (
          <Alert tone="error">
            {serverError === 'throttled'
              ? tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)
              : loginMessages[serverError]}
          </Alert>
        )}
        <TextField
          label={m.common_email_address()}
          type="email"
          autoComplete="email"
          name="email"
          required
          {...bindField(send, 'email', values.email, errors.email)}
        />
        <TextField
          label={m.login_page_password()}
          type="password"
          autoComplete="current-password"
          name="password"
          required
          {...bindField(send, 'password', values.password, errors.password)}
        />
        <SubmitActions
          hintId="sign-in-submit-hint"
          busyLabel={m.login_page_signing_in()}
          form={{ canSubmit, submitting, blocking, onRefused }}
          beside={<Link to="/forgot-password">{m.login_page_forgotten_your_password()}</Link>}
        >
          {m.common_sign_in()}
        </SubmitActions>
      </form>
      <div ref={linkRef} tabIndex={-1}>
        {signInLinkSentTo !== null && (
          <Alert tone="success">{m.login_page_sign_in_link_sent({ email: signInLinkSentTo })}</Alert>
        )}
        {serverError === 'throttled' && (
          <>
            {signInLinkFailed && <Alert tone="error">{m.login_page_sign_in_link_failed()}</Alert>}
            <p>{m.login_page_sign_in_link_offer()}</p>
            <Button
              tone="secondary"
              disabled={sendingLink}
              busy={sendingLink}
              busyLabel={m.login_page_sending_sign_in_link()}
              onClick={() => send({ type: 'signInLink.request' })}
            >
              {m.login_page_email_me_a_sign_in_link()}
            </Button>
          </>
        )}
      </div>
      {unavailableProvider && (
        <Alert tone="error">{m.login_page_provider_unavailable({ provider: providerName(unavailableProvider) })}</Alert>
      )}
      {signInProviders.length > 0 && (
        <div className={styles.providers} role="group" aria-label={m.login_page_other_ways_to_sign_in()}>
          {signInProviders.map((id) => (
            <Button
              key={id}
              tone="secondary"
              block
              disabled={submitting || leaving}
              busy={leaving && snapshot.context.provider === id}
              busyLabel={m.login_page_going_to_provider({ provider: providerName(id) })}
              onClick={() => send({ type: 'provider.choose', provider: id })}
            >
              {providerLabels[id]()}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

function RegisterForm({ redirect }: { redirect: string | undefined }) {
  const navigate = useNavigate();
  const [snapshot, send] = registerFlow.useFlow();
  // Registered and signed in at once (a server that does so): go on to where the customer was going.
  const registered = snapshot.matches('registered');
  useEffect(() => {
    if (registered) void navigate({ to: safeRedirectPath(redirect) as '/', replace: true });
  }, [registered, navigate, redirect]);
  const submitting = snapshot.matches('submitting');
  const { errors, blocking, canSubmit } = formView(snapshot.context, registerValidators, submitting);
  const { values, serverError, pendingEmail } = snapshot.context;
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  // Each field's name on the page is prefixed: the sign-in form beside it has an email too.
  const namedErrors = Object.fromEntries(Object.entries(errors).map(([key, error]) => [`register-${key}`, error]));
  const confirmationRef = useRef<HTMLDivElement>(null);
  const confirmationSent = snapshot.matches('confirmationSent');
  // The form goes away: focus moves to the message that replaces it (never left on body).
  useEffect(() => {
    if (confirmationSent) confirmationRef.current?.focus();
  }, [confirmationSent]);
  const field = (name: keyof typeof values, label: string, extra: Record<string, string | number> = {}) => (
    <TextField
      label={label}
      name={`register-${name}`}
      required
      {...bindField(send, name, values[name], errors[name])}
      {...extra}
    />
  );
  return (
    <section className={styles.panel} aria-labelledby="register-heading">
      <h2 id="register-heading" className={styles.panelHeading}>
        {m.login_page_new_customer_create_an_account()}
      </h2>
      <div ref={confirmationRef} tabIndex={-1}>
        {confirmationSent && pendingEmail !== null && (
          <Alert tone="success">{registerConfirmationMessage(pendingEmail)}</Alert>
        )}
      </div>
      {!confirmationSent && (
        <form
          noValidate
          className={formStyles.form}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <ErrorSummary attempt={attempt} errors={namedErrors} />
          {serverError && <Alert tone="error">{registerMessages[serverError]}</Alert>}
          {field('firstName', m.common_first_name(), { autoComplete: 'given-name', maxLength: 30 })}
          {field('lastName', m.common_last_name(), { autoComplete: 'family-name', maxLength: 30 })}
          {field('email', m.common_email_address(), { type: 'email', autoComplete: 'email' })}
          {field('password', m.login_page_create_a_password(), {
            type: 'password',
            autoComplete: 'new-password',
            hint: m.common_at_least_8_characters_with_a_letter_and_a_number(),
          })}
          <SubmitActions
            hintId="register-submit-hint"
            busyLabel={m.login_page_creating_your_account()}
            form={{ canSubmit, submitting, blocking: blocking.map((key) => `register-${key}`), onRefused }}
          >
            {m.login_page_create_account()}
          </SubmitActions>
        </form>
      )}
    </section>
  );
}
