import { expect } from 'vitest';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { loginMachine } from '#machines/login';
import { loginMessages } from '#src/copy/login';
import { describeMachineModel, errorOf, inputOf, nextFrom } from './harness';

describeMachineModel(loginMachine, {
  name: 'loginMachine',
  // The page hands the chart where to come back to once signed in (its checked `redirect`).
  input: { returnTo: '/bookings' },
  // The sign-in link (decision 400) adds a branch to every throttled state; checking a provider's
  // start (decision 571) three outcomes to each choice of provider.
  maxPaths: 400,
  events: {
    'form.change': (snap) => [
      ...(snap.context.values.email === ''
        ? [{ type: 'form.change' as const, field: 'email' as const, value: 'demo@example.com' }]
        : []),
      ...(snap.context.values.password === ''
        ? [{ type: 'form.change' as const, field: 'password' as const, value: 'RailDemo!2026' }]
        : []),
    ],
    'form.blur': [{ type: 'form.blur', field: 'email' }],
    // From the pristine form only (a form with typed details is checked with nextFrom in editing).
    'provider.choose': (snap) =>
      snap.context.dirty ? [] : [{ type: 'provider.choose' as const, provider: 'google' as const }],
    'provider.returned': [{ type: 'provider.returned' }],
    'signInLink.request': [{ type: 'signInLink.request' }],
    // Decision 571: the start is served (its redirect), not served (404), or the check itself fails.
    'xstate.done.actor.checkProvider': [{ type: 'xstate.done.actor.checkProvider', output: null }],
    'xstate.error.actor.checkProvider': [
      { type: 'xstate.error.actor.checkProvider', error: { status: 404, code: null } },
      { type: 'xstate.error.actor.checkProvider', error: { status: 503, code: null } },
    ],
    'xstate.done.actor.requestSignInLink': [
      { type: 'xstate.done.actor.requestSignInLink', output: { linkSent: true } },
    ],
    'xstate.error.actor.requestSignInLink': [
      { type: 'xstate.error.actor.requestSignInLink', error: { status: 503, code: null } },
    ],
    'xstate.done.actor.login': [
      {
        type: 'xstate.done.actor.login',
        output: {
          user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
          ufacSession: null,
          isRegistered: true,
        },
      },
    ],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: { status: 401, code: 'INVALID_CREDENTIALS' } },
      {
        type: 'xstate.error.actor.login',
        error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 840 } },
      },
      { type: 'xstate.error.actor.login', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({
    values: c.values,
    submitAttempted: c.submitAttempted,
    serverError: c.serverError,
    retryAfterSeconds: c.retryAfterSeconds,
    touched: c.touched,
    provider: c.provider,
    unavailableProvider: c.unavailableProvider,
    signInLinkSentTo: c.signInLinkSentTo,
    signInLinkFailed: c.signInLinkFailed,
  }),
  calls: {
    submitting: { login: { email: 'demo@example.com', password: 'RailDemo!2026' } },
    sendingSignInLink: { requestSignInLink: { email: 'demo@example.com' } },
    checkingProvider: { checkProvider: { provider: 'google', returnTo: '/bookings' } },
  },
  // Login (docs/product/screens.md and docs/product/api.md): 401 means the credentials are wrong; other failures a generic
  // message; what was typed is kept; submit refused while pristine or invalid.
  states: {
    editing: (check) => {
      const { context, event } = check;
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          values: { email: '', password: '' },
          touched: {},
          dirty: false,
          submitAttempted: false,
          serverError: null,
          retryAfterSeconds: null,
          response: null,
          provider: null,
          unavailableProvider: null,
          signInLinkSentTo: null,
          signInLinkFailed: false,
          returnTo: '/bookings',
        });
      }
      // The sign-in link is offered only while the account is slowed down (decision 400).
      if (context.serverError !== 'throttled') {
        expect(nextFrom(check, { type: 'signInLink.request' }).value).toBe('editing');
      }
      if (context.serverError !== null) {
        // Any typing clears the server's message (the model only types into empty fields).
        const typed = nextFrom(check, { type: 'form.change', field: 'password', value: 'RailDemo!2027' });
        expect(typed.context.serverError, 'typing clears the server message').toBeNull();
      }
      if (context.values.password !== '') {
        // The email is sent trimmed, the password exactly as typed.
        const padded = nextFrom(check, { type: 'form.change', field: 'email', value: '  demo@example.com ' });
        const sent = nextFrom({ snapshot: padded }, { type: 'form.submit' });
        expect(sent.value).toBe('submitting');
        expect(inputOf(sent, 'login')).toEqual({ email: 'demo@example.com', password: context.values.password });
        // Slowed down with that padded email: the sign-in link goes to, and the message names, the trimmed address.
        const slowed = nextFrom({ snapshot: sent }, {
          type: 'xstate.error.actor.login',
          error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 840 } },
        } as never);
        const linking = nextFrom({ snapshot: slowed }, { type: 'signInLink.request' });
        expect(linking.value).toBe('sendingSignInLink');
        expect(inputOf(linking, 'requestSignInLink')).toEqual({ email: 'demo@example.com' });
        const linked = nextFrom({ snapshot: linking }, {
          type: 'xstate.done.actor.requestSignInLink',
          output: { linkSent: true },
        } as never);
        expect(linked.context.signInLinkSentTo).toBe('demo@example.com');
      }
      if (event.type === 'xstate.done.actor.requestSignInLink') {
        // Sent (or, for an address without an account, quietly not: the answer is the same 202).
        expect(context.signInLinkSentTo).toBe('demo@example.com');
        expect(context.serverError).toBeNull();
        expect(context.signInLinkFailed).toBe(false);
        // A new sign-in attempt forgets the message.
        expect(nextFrom(check, { type: 'form.submit' }).context.signInLinkSentTo).toBeNull();
      }
      if (event.type === 'xstate.error.actor.requestSignInLink') {
        // The throttle message and the offer stay, to try again; typing clears both.
        expect(context.serverError).toBe('throttled');
        expect(context.signInLinkFailed).toBe(true);
        expect(context.signInLinkSentTo).toBeNull();
        expect(nextFrom(check, { type: 'signInLink.request' }).value).toBe('sendingSignInLink');
        const typed = nextFrom(check, { type: 'form.change', field: 'password', value: 'RailDemo!2027' });
        expect(typed.context.signInLinkFailed).toBe(false);
      }
      const error = event.type === 'xstate.error.actor.login' ? errorOf(event) : undefined;
      if (error) {
        const status = error.status ?? (error as { problem?: { status?: number } }).problem?.status;
        expect(context.serverError).toBe(
          status === 401 ? 'invalidCredentials' : status === 429 ? 'throttled' : 'generic',
        );
        if (status === 429) {
          // Retry-After 840 s: the copy says when to try again.
          expect(context.retryAfterSeconds).toBe(840);
          expect(tooManyAttemptsMessage(context.retryAfterSeconds)).toBe(
            'Too many attempts. For your security, please try again in 14 minutes.',
          );
        }
        expect(context.values).toEqual({ email: 'demo@example.com', password: 'RailDemo!2026' });
      }
      if (event.type === 'form.change') {
        expect(context.values[event.field]).toBe(event.value);
        expect(context.serverError, 'typing clears the server message').toBeNull();
      }
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
      if (event.type === 'xstate.error.actor.checkProvider') {
        // Not served here (404): the page stays and names the provider; nothing was left for.
        expect(errorOf(event)?.status).toBe(404);
        expect(context.unavailableProvider).toBe('google');
        expect(context.provider).toBeNull();
        expect(check.performed.filter((a) => a.type === 'goToProvider')).toEqual([]);
        // Choosing again forgets the message.
        expect(nextFrom(check, { type: 'provider.choose', provider: 'google' }).context.unavailableProvider).toBeNull();
      }
      // The message stays until a provider is chosen again (typing, sign-in attempts leave it).
      expect([null, 'google']).toContain(context.unavailableProvider);
      if (event.type === 'provider.returned') {
        // Back from the provider through the browser's history: the form again, as it was.
        expect(context.provider).toBeNull();
        expect(check.performed).toEqual([]);
      }
      if (context.values.password !== '') {
        // Typed details do not stop the customer choosing a provider instead.
        expect(nextFrom(check, { type: 'provider.choose', provider: 'apple' }).value).toBe('checkingProvider');
      }
      expect(context.response).toBeNull();
    },
    checkingProvider: (check) => {
      const { context, event } = check;
      expect(event.type).toBe('provider.choose');
      expect(context.provider).toBe('google');
      expect(context.serverError).toBeNull();
      expect(context.unavailableProvider).toBeNull();
      // Nothing leaves before the answer, and nothing else starts meanwhile.
      expect(check.performed.filter((a) => a.type === 'goToProvider')).toEqual([]);
      expect(nextFrom(check, { type: 'form.submit' }).value).toBe('checkingProvider');
    },
    leavingForProvider: (check) => {
      const { context, event } = check;
      // Sign-in with a provider (decision 360): the page leaves once, for the provider chosen, once the
      // start is known to be served, or when the check could not tell (decision 571).
      expect(['xstate.done.actor.checkProvider', 'xstate.error.actor.checkProvider']).toContain(event.type);
      if (event.type === 'xstate.error.actor.checkProvider') expect(errorOf(event)?.status).not.toBe(404);
      expect(context.provider).toBe('google');
      expect(context.serverError).toBeNull();
      expect(check.performed.filter((a) => a.type === 'goToProvider')).toEqual([
        { type: 'goToProvider', params: { provider: 'google', returnTo: '/bookings' } },
      ]);
      // Nothing else starts while the page is leaving: no second provider, no password sign-in.
      expect(nextFrom(check, { type: 'provider.choose', provider: 'apple' }).value).toBe('leavingForProvider');
      expect(nextFrom(check, { type: 'form.submit' }).value).toBe('leavingForProvider');
    },
    sendingSignInLink: ({ context, event }) => {
      expect(event.type).toBe('signInLink.request');
      expect(context.serverError).toBe('throttled');
      // What was typed stays; the password is not sent with the link request.
      expect(context.values).toEqual({ email: 'demo@example.com', password: 'RailDemo!2026' });
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      // A new sign-in attempt forgets an earlier sign-in link's message, sent or failed.
      expect(context.signInLinkSentTo).toBeNull();
      expect(context.signInLinkFailed).toBe(false);
      expect(context.values).toEqual({ email: 'demo@example.com', password: 'RailDemo!2026' });
    },
    signedIn: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.login');
      expect(snapshot.output?.response?.user.status).toBe('AUTHORISED');
    },
  },
});

expect(Object.keys(loginMessages)).toEqual(['invalidCredentials', 'generic']);
