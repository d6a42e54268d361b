import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { tooManyAttemptsMessage } from '#machines/lib/throttle-copy';
import { loginMachine, loginMessages } from '#machines/login';
import { registerMachine, registerMessages } from '#machines/register';
import { loginValidators, registerValidators } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { safeRedirectPath } from '#src/redirect';
import { formView } from '#src/ui/form-state';
import { Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { Button } from '#src/ui/button';
import { Alert } from '#src/ui/alert';
import * as formStyles from '#src/ui/form.css';
import * as styles from './login-page.css';
import { bindField } from '#src/ui/field-binding';

const providers = [
  { id: 'google', label: 'Continue with Google' },
  { id: 'facebook', label: 'Continue with Facebook' },
  { id: 'apple', label: 'Continue with Apple' },
] as const;

/** /login and /register both render this page (spec section 2). */
export function LoginPage({ redirect, mode }: { redirect: string | undefined; mode: 'login' | 'register' }) {
  const { authActor } = useServices();
  const guestError = authActor.getSnapshot().context.guestError;
  return (
    <Page title={mode === 'register' ? 'Create an account or sign in' : 'Sign in or create an account'}>
      {guestError && <Alert tone="error">{guestError}</Alert>}
      <div className={styles.columns}>
        <SignInForm redirect={redirect} autoFocus={mode === 'login'} />
        <RegisterForm redirect={redirect} />
      </div>
    </Page>
  );
}

function SignInForm({ redirect }: { redirect: string | undefined; autoFocus: boolean }) {
  const { authApi, authActor } = useServices();
  const navigate = useNavigate();
  const [providerNote, setProviderNote] = useState<string | null>(null);
  const [snapshot, send] = useMachine(
    loginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          const response = await authApi.login(input);
          authActor.send({ type: 'auth.loggedIn', response });
          void navigate({ to: safeRedirectPath(redirect) as '/', replace: true });
          return response;
        }),
      },
    }),
  );
  const submitting = snapshot.matches('submitting');
  const { errors, canSubmit } = formView(snapshot.context, loginValidators, submitting);
  const { values, serverError } = snapshot.context;
  return (
    <section className={styles.panel} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className={styles.panelHeading}>
        Sign in
      </h2>
      <form
        noValidate
        className={formStyles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        {serverError && (
          <Alert tone="error">
            {serverError === 'throttled' ? tooManyAttemptsMessage(snapshot.context.retryAfterSeconds) : loginMessages[serverError]}
          </Alert>
        )}
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          name="email"
          {...bindField(send, 'email', values.email, errors.email)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          name="password"
          {...bindField(send, 'password', values.password, errors.password)}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel="Signing in…">
            Sign in
          </Button>
          <Link to="/forgot-password">Forgotten your password?</Link>
        </div>
      </form>
      <div className={styles.providers} role="group" aria-label="Other ways to sign in">
        {providers.map((p) => (
          <Button
            key={p.id}
            tone="secondary"
            block
            onClick={() =>
              setProviderNote(
                `Signing in with ${p.id[0]!.toUpperCase()}${p.id.slice(1)} isn't available right now. Please sign in with your email address and password.`,
              )
            }
          >
            {p.label}
          </Button>
        ))}
        {providerNote && <Alert tone="info">{providerNote}</Alert>}
      </div>
    </section>
  );
}

function RegisterForm({ redirect }: { redirect: string | undefined }) {
  const { authApi, authActor } = useServices();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    registerMachine.provide({
      actors: {
        register: fromPromise(async ({ input }) => {
          const response = await authApi.register(input);
          authActor.send({ type: 'auth.loggedIn', response });
          void navigate({ to: safeRedirectPath(redirect) as '/', replace: true });
          return response;
        }),
      },
    }),
  );
  const submitting = snapshot.matches('submitting');
  const { errors, canSubmit } = formView(snapshot.context, registerValidators, submitting);
  const { values, serverError } = snapshot.context;
  const field = (name: keyof typeof values, label: string, extra: Record<string, string | number> = {}) => (
    <TextField
      label={label}
      name={`register-${name}`}
      {...bindField(send, name, values[name], errors[name])}
      {...extra}
    />
  );
  return (
    <section className={styles.panel} aria-labelledby="register-heading">
      <h2 id="register-heading" className={styles.panelHeading}>
        New customer? Create an account
      </h2>
      <form
        noValidate
        className={formStyles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        {serverError && <Alert tone="error">{registerMessages[serverError]}</Alert>}
        {field('firstName', 'First name', { autoComplete: 'given-name', maxLength: 30 })}
        {field('lastName', 'Last name', { autoComplete: 'family-name', maxLength: 30 })}
        {field('email', 'Email address', { type: 'email', autoComplete: 'email' })}
        {field('password', 'Create a password', {
          type: 'password',
          autoComplete: 'new-password',
          hint: 'At least 8 characters, with a letter and a number',
        })}
        <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel="Creating your account…">
          Create account
        </Button>
      </form>
    </section>
  );
}
