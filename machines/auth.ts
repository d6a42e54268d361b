import { assign, fromPromise, setup } from 'xstate';
import type { GuestSession, UserResponse } from '#src/schemas/auth';
import { m } from '#src/paraglide/messages.js';

/**
 * The app-wide session: who is using the account area (spec sections 4, 6, 8).
 * unknown -> fetch user -> AUTHORISED | GUEST | UNKNOWN; a guest session from an order token;
 * logout; any non-login 401 forgets the user.
 */
export interface AuthContext {
  user: UserResponse['user'] | null;
  ufacSession: string | null;
  isRegistered: boolean;
  pendingToken: string | null;
  logoutError: string | null;
  guestError: string | null;
}

export type AuthEvent =
  | { type: 'auth.loggedIn'; response: UserResponse }
  | { type: 'auth.guestToken'; token: string }
  | { type: 'auth.logout' }
  /** The signed-in customer's details changed (name, email): the app sends the fresh user. */
  | { type: 'auth.userUpdated'; response: UserResponse }
  | { type: 'auth.unauthorised' }
  | { type: 'auth.retry' }
  | { type: 'auth.dismissError' };

/** Spec section 8. */
export const logoutErrorMessage = m.auth_unable_to_perform_the_requested();
export const guestTokenErrorMessage = m.auth_this_link_has_expired_or();

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    fetchUser: fromPromise<UserResponse>(async () => {
      throw new Error('fetchUser not provided');
    }),
    startGuestSession: fromPromise<GuestSession, { token: string }>(async () => {
      throw new Error('startGuestSession not provided');
    }),
    logout: fromPromise<void>(async () => {
      throw new Error('logout not provided');
    }),
  },
  guards: {
    isAuthorised: (_, params: { response: UserResponse }) => params.response.user.status === 'AUTHORISED',
    isGuest: (_, params: { response: UserResponse }) => params.response.user.status === 'GUEST',
  },
  actions: {
    storeUser: assign((_, params: { response: UserResponse }) => ({
      user: params.response.user,
      ufacSession: params.response.ufacSession,
      isRegistered: params.response.isRegistered,
      guestError: null,
    })),
    forgetUser: assign({ user: null, ufacSession: null, isRegistered: false }),
    rememberToken: assign({ pendingToken: ({ event }) => (event.type === 'auth.guestToken' ? event.token : null) }),
    setGuestError: assign({ guestError: guestTokenErrorMessage, pendingToken: null }),
    setLogoutError: assign({ logoutError: logoutErrorMessage }),
    clearErrors: assign({ logoutError: null, guestError: null }),
    /** Provided by the app: send `x-user-flow-id: {flow}.{session}` from now on. */
    applyUserFlow: (_, _params: { flow: string; session: string }) => {},
    /** Provided by the app: stop sending the user-flow header. */
    clearUserFlow: () => {},
    /** Provided by the app: go to /my-account/login. */
    redirectToLogin: () => {},
  },
}).createMachine({
  id: 'auth',
  context: {
    user: null,
    ufacSession: null,
    isRegistered: false,
    pendingToken: null,
    logoutError: null,
    guestError: null,
  },
  initial: 'fetchingUser',
  states: {
    fetchingUser: {
      tags: ['loading'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isAuthorised', params: ({ event }) => ({ response: event.output }) },
            target: 'authorised',
            actions: { type: 'storeUser', params: ({ event }) => ({ response: event.output }) },
          },
          {
            guard: { type: 'isGuest', params: ({ event }) => ({ response: event.output }) },
            target: 'guest',
            actions: { type: 'storeUser', params: ({ event }) => ({ response: event.output }) },
          },
          { target: 'anonymous', actions: { type: 'storeUser', params: ({ event }) => ({ response: event.output }) } },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'The user could not be fetched (network or server): offer a retry.',
      on: { 'auth.retry': { target: 'fetchingUser' } },
    },
    anonymous: {
      on: {
        'auth.loggedIn': {
          target: 'authorised',
          actions: ['clearErrors', { type: 'storeUser', params: ({ event }) => ({ response: event.response }) }],
        },
        'auth.guestToken': { target: 'startingGuestSession', actions: 'rememberToken' },
        'auth.dismissError': { actions: 'clearErrors' },
      },
    },
    startingGuestSession: {
      tags: ['loading'],
      invoke: {
        id: 'startGuestSession',
        src: 'startGuestSession',
        input: ({ context }) => ({ token: context.pendingToken ?? '' }),
        onDone: {
          target: 'fetchingUser',
          actions: {
            type: 'applyUserFlow',
            params: ({ event }) => ({ flow: event.output.flow, session: event.output.session }),
          },
        },
        onError: { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser', 'setGuestError'] },
      },
    },
    guest: {
      on: {
        'auth.loggedIn': {
          target: 'authorised',
          actions: ['clearUserFlow', 'clearErrors', { type: 'storeUser', params: ({ event }) => ({ response: event.response }) }],
        },
        'auth.guestToken': { target: 'startingGuestSession', actions: 'rememberToken' },
        'auth.logout': { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser'] },
        'auth.unauthorised': { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser', 'redirectToLogin'] },
      },
    },
    authorised: {
      on: {
        'auth.logout': { target: 'loggingOut', actions: 'clearErrors' },
        'auth.unauthorised': { target: 'anonymous', actions: ['forgetUser', 'redirectToLogin'] },
        'auth.dismissError': { actions: 'clearErrors' },
        'auth.userUpdated': { actions: { type: 'storeUser', params: ({ event }) => ({ response: event.response }) } },
      },
    },
    loggingOut: {
      tags: ['loading'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'anonymous', actions: ['forgetUser', 'redirectToLogin'] },
        onError: { target: 'authorised', actions: 'setLogoutError' },
      },
    },
  },
});
