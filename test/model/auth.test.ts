import { expect } from 'vitest';
import { authMachine } from '#machines/auth';
import { logoutErrorMessage } from '#src/copy/auth';
import { describeMachineModel, errorOf, stepFrom, type StateCheck } from './harness';

const user = (status: 'AUTHORISED' | 'GUEST' | 'UNKNOWN') => ({
  user: {
    id: status === 'AUTHORISED' ? 'c1' : null,
    email: status === 'UNKNOWN' ? null : 'demo@example.com',
    provider: status === 'AUTHORISED' ? 'internal' : null,
    status,
  },
  ufacSession: status === 'GUEST' ? 's1' : null,
  isRegistered: status !== 'UNKNOWN',
});

type Check = StateCheck<typeof authMachine>;
const signedIn = { type: 'auth.loggedIn', response: user('AUTHORISED') } as const;
const guestLink = { type: 'auth.guestToken', token: 'demo-guest-token-2' } as const;

/** Signing in (docs/product/roles.md) from anonymous or a guest session: AUTHORISED, errors cleared. */
const expectSignIn = (check: Check, actions: string[]) => {
  const next = stepFrom(check, signedIn);
  expect(next.snapshot.value).toBe('authorised');
  expect(next.snapshot.context.user?.status).toBe('AUTHORISED');
  expect([next.snapshot.context.guestError, next.snapshot.context.logoutError]).toEqual([null, null]);
  expect(next.actions).toEqual(actions);
};
/** An order link (docs/product/states.md) starts a guest session for its token, from anonymous or a guest. */
const expectGuestLink = (check: Check) => {
  const next = stepFrom(check, guestLink);
  expect(next.snapshot.value).toBe('startingGuestSession');
  expect(next.snapshot.context.pendingToken).toBe('demo-guest-token-2');
};
/** A 401 or a sign-out forgets the user (docs/product/errors.md). */
const expectForgotten = (context: Check['context']) =>
  expect([context.user, context.ufacSession, context.isRegistered]).toEqual([null, null, false]);

describeMachineModel(authMachine, {
  name: 'authMachine',
  events: {
    'xstate.done.actor.fetchUser': [
      { type: 'xstate.done.actor.fetchUser', output: user('AUTHORISED') },
      { type: 'xstate.done.actor.fetchUser', output: user('GUEST') },
      { type: 'xstate.done.actor.fetchUser', output: user('UNKNOWN') },
    ],
    'xstate.error.actor.fetchUser': [
      { type: 'xstate.error.actor.fetchUser', error: { problem: { kind: 'network', message: 'offline' } } },
      { type: 'xstate.error.actor.fetchUser', error: { problem: { kind: 'schema', message: 'user: invalid' } } },
      {
        type: 'xstate.error.actor.fetchUser',
        error: { status: 503, problem: { kind: 'http', status: 503, codes: [], detail: null } },
      },
    ],
    'xstate.done.actor.startGuestSession': [
      { type: 'xstate.done.actor.startGuestSession', output: { session: 's1', flow: 'order', orderId: 'o1' } },
    ],
    'xstate.error.actor.startGuestSession': [
      { type: 'xstate.error.actor.startGuestSession', error: { status: 401 } },
      // A host without POST /user-flow-access (beyond docs/product/api.md): the token alone opens the order.
      { type: 'xstate.error.actor.startGuestSession', error: { status: 404 } },
    ],
    'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
    'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: new Error('500') }],
    'auth.loggedIn': [{ type: 'auth.loggedIn', response: user('AUTHORISED') }],
    'auth.guestToken': [{ type: 'auth.guestToken', token: 'demo-guest-token-1' }],
    'auth.userUpdated': [{ type: 'auth.userUpdated', response: user('AUTHORISED') }],
  },
  serializeContext: (c) => ({
    status: c.user?.status ?? null,
    logoutError: !!c.logoutError,
    guestError: !!c.guestError,
    accountClosed: c.accountClosed,
  }),
  calls: {
    fetchingUser: { fetchUser: undefined },
    startingGuestSession: { startGuestSession: { token: 'demo-guest-token-1' } },
    loggingOut: { logout: undefined },
  },
  // docs/product/states.md, docs/product/roles.md and docs/product/errors.md: the user's status decides the state; logout sets the user to null
  // and redirects to login ('Unable to perform the requested action' when it fails); a 401 on any
  // other call forgets the user and redirects to login.
  states: {
    fetchingUser: (check) => {
      const { snapshot, context, event, actions, performed } = check;
      expect(snapshot.hasTag('loading')).toBe(true);
      // Each way GET user can fail is kept for the layout to say (checked in unavailable too).
      const failed = (error: object) =>
        stepFrom(check, { type: 'xstate.error.actor.fetchUser', error } as never).snapshot;
      expect([
        failed({ problem: { kind: 'network', message: 'offline' } }).context.userFailure,
        failed({ problem: { kind: 'schema', message: 'user: invalid' } }).context.userFailure,
        failed({ status: 500, problem: { kind: 'http', status: 500, codes: [], detail: null } }).context.userFailure,
        // Too many requests is the server's trouble too, not a broken answer.
        failed({ status: 429, problem: { kind: 'throttled', status: 429, codes: [], retryAfterSeconds: 30 } }).context
          .userFailure,
      ]).toEqual(['network', 'answer', 'server', 'server']);
      if (event.type === 'xstate.init') {
        // Nobody is known until GET user answers.
        expect(context).toEqual({
          user: null,
          ufacSession: null,
          isRegistered: false,
          pendingToken: null,
          logoutError: null,
          guestError: null,
          userFailure: null,
          accountClosed: false,
        });
      }
      if (event.type === 'xstate.done.actor.startGuestSession') {
        expect(actions).toContain('applyUserFlow');
        expect(performed.find((a) => a.type === 'applyUserFlow')?.params).toEqual({ flow: 'order', session: 's1' });
      } else expect(['xstate.init', 'auth.retry']).toContain(event.type);
    },
    unavailable: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchUser');
      // Why it failed, as the layout says it: no answer, an answer it could not read, a server error.
      const kind = (errorOf(event)?.problem?.kind ?? null) as string | null;
      expect(context.userFailure).toBe(
        ({ network: 'network', schema: 'answer', http: 'server' } as Record<string, string>)[kind ?? ''],
      );
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(snapshot.can({ type: 'auth.retry' })).toBe(true);
    },
    anonymous: (check) => {
      const { snapshot, context, event, actions } = check;
      expect(context.user?.status ?? 'UNKNOWN').toBe('UNKNOWN');
      expectSignIn(check, []);
      expectGuestLink(check);
      expect(snapshot.hasTag('loading')).toBe(false);
      if (
        event.type === 'auth.logout' ||
        event.type === 'auth.unauthorised' ||
        event.type === 'xstate.done.actor.logout'
      ) {
        expectForgotten(context);
        expect(actions).toEqual(
          expect.arrayContaining(event.type === 'auth.logout' ? ['clearUserFlow'] : ['redirectToLogin']),
        );
      }
      if (event.type === 'xstate.error.actor.startGuestSession') {
        // No "expired" message for a link the host cannot turn into a session: the token still works.
        expect(context.guestError).toBe(errorOf(event)?.status === 404 ? null : 'GUEST_LINK_INVALID');
        expect(context.pendingToken).toBeNull();
        expect(actions).toContain('clearUserFlow');
      }
      if (event.type === 'auth.dismissError') expect([context.guestError, context.logoutError]).toEqual([null, null]);
      if (event.type === 'auth.accountClosed') {
        // A closed account: forgotten at once, and its confirmation stays (no redirect to sign in).
        expectForgotten(context);
        expect(actions).toContain('clearUserFlow');
        expect(actions).not.toContain('redirectToLogin');
        expect(context.accountClosed).toBe(true);
      }
      // Signed out or lapsed: the next page goes through the guards as usual.
      if (['auth.logout', 'auth.unauthorised', 'xstate.done.actor.logout'].includes(event.type))
        expect(context.accountClosed).toBe(false);
    },
    startingGuestSession: ({ snapshot, context, event }) => {
      expect(event.type).toBe('auth.guestToken');
      expect(context.pendingToken).toBe('demo-guest-token-1');
      expect(snapshot.hasTag('loading')).toBe(true);
    },
    guest: (check) => {
      const { snapshot, context } = check;
      expect(context.user?.status).toBe('GUEST');
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(snapshot.can({ type: 'auth.logout' })).toBe(true);
      // Signing in ends the guest session's user flow; another order link starts another one.
      expectSignIn(check, ['clearUserFlow']);
      expectGuestLink(check);
      const lapsed = stepFrom(check, { type: 'auth.unauthorised' });
      expect(lapsed.snapshot.value).toBe('anonymous');
      expectForgotten(lapsed.snapshot.context);
      expect(lapsed.actions).toEqual(['clearUserFlow', 'redirectToLogin']);
    },
    authorised: (check) => {
      const { snapshot, context, event } = check;
      expect(context.user?.status).toBe('AUTHORISED');
      expect(context.userFailure, 'an earlier failure is forgotten once the user is known').toBeNull();
      // Changed details (name, email) show at once, without a sign-in.
      const renamed = { ...user('AUTHORISED'), user: { ...user('AUTHORISED').user, email: 'new@example.com' } };
      const updated = stepFrom(check, { type: 'auth.userUpdated', response: renamed }).snapshot;
      expect([updated.value, updated.context.user?.email]).toEqual(['authorised', 'new@example.com']);
      expect(snapshot.hasTag('loading')).toBe(false);
      if (event.type === 'xstate.error.actor.logout') expect(context.logoutError).toBe('LOGOUT_FAILED');
      if (event.type === 'auth.loggedIn') expect(context.guestError).toBeNull();
      if (event.type === 'auth.dismissError') expect(context.logoutError).toBeNull();
      expect(snapshot.can({ type: 'auth.logout' })).toBe(true);
      expect(snapshot.can({ type: 'auth.unauthorised' })).toBe(true);
    },
    loggingOut: ({ snapshot, context, event }) => {
      expect(event.type).toBe('auth.logout');
      expect(context.logoutError).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(true);
    },
  },
});

expect(logoutErrorMessage()).toBe('Unable to perform the requested action');
