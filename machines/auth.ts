import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { GuestSession, UserResponse } from '#src/schemas/auth';
import { doneOutput } from '#machines/lib/done-output';
import { hasStatus, problemOfEvent } from '#machines/lib/problems';

/**
 * The app-wide session: who is using the account area (docs/product/states.md, docs/product/roles.md, docs/product/errors.md).
 * unknown -> fetch user -> AUTHORISED | GUEST | UNKNOWN; a guest session from an order token;
 * logout; any non-login 401 forgets the user.
 */
export interface AuthContext {
  user: UserResponse['user'] | null;
  ufacSession: string | null;
  isRegistered: boolean;
  pendingToken: string | null;
  /** The logout call failed: the customer stays signed in and the screen says so. */
  logoutError: 'LOGOUT_FAILED' | null;
  /** The order link's token was refused (expired or unknown). */
  guestError: 'GUEST_LINK_INVALID' | null;
  /**
   * Why GET user failed (state unavailable), as the lists tell it (decision 343): no answer
   * ('network'), an answer the app could not read ('answer'), or an error status ('server').
   */
  userFailure: 'network' | 'answer' | 'server' | null;
  /**
   * The customer closed their account on this page: nobody is signed in, and the page keeps its
   * confirmation until the customer goes elsewhere (the app does not send it to sign in).
   */
  accountClosed: boolean;
}

export type AuthEvent =
  | { type: 'auth.loggedIn'; response: UserResponse }
  | { type: 'auth.guestToken'; token: string }
  | { type: 'auth.logout' }
  /** The signed-in customer's details changed (name, email): the app sends the fresh user. */
  | { type: 'auth.userUpdated'; response: UserResponse }
  | { type: 'auth.unauthorised' }
  /** The customer closed their account: the server has ended every session of it. */
  | { type: 'auth.accountClosed' }
  | { type: 'auth.retry' }
  | { type: 'auth.dismissError' };

const fetchedUser = (event: { type: string }) => doneOutput<UserResponse>(event, 'fetchUser');

const userPatch = (response: UserResponse) => ({
  user: response.user,
  ufacSession: response.ufacSession,
  isRegistered: response.isRegistered,
  guestError: null,
  userFailure: null,
  accountClosed: false,
});

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
    isAuthorised: ({ event }) => fetchedUser(event).user.status === 'AUTHORISED',
    isGuest: ({ event }) => fetchedUser(event).user.status === 'GUEST',
    /**
     * 404: the host does not open guest sessions (POST /user-flow-access is not in docs/product/api.md);
     * the link's token still goes with the booking, history, check-in, refund and claim calls.
     */
    hostLacksGuestSessions: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    /** The user fetchUser returned. */
    storeFetchedUser: assign(({ event }) => userPatch(fetchedUser(event))),
    /** The user an event carries (signed in, details changed). */
    storeUser: assign(({ event }) => {
      assertEvent(event, ['auth.loggedIn', 'auth.userUpdated']);
      return userPatch(event.response);
    }),
    forgetUser: assign({ user: null, ufacSession: null, isRegistered: false, accountClosed: false }),
    noteAccountClosed: assign({ accountClosed: true }),
    storeUserFailure: assign({
      userFailure: ({ event }) => {
        const { kind } = problemOfEvent(event);
        return kind === 'network' ? 'network' : kind === 'http' || kind === 'throttled' ? 'server' : 'answer';
      },
    }),
    rememberToken: assign({
      pendingToken: ({ event }) => {
        assertEvent(event, 'auth.guestToken');
        return event.token;
      },
    }),
    setGuestError: assign({ guestError: 'GUEST_LINK_INVALID' as const, pendingToken: null }),
    /** The link opens its order by its token alone: no session, and no message from an earlier link. */
    useTokenAlone: assign({ pendingToken: null, guestError: null }),
    setLogoutError: assign({ logoutError: 'LOGOUT_FAILED' as const }),
    clearErrors: assign({ logoutError: null, guestError: null }),
    /** Provided by the app: send `x-user-flow-id: {flow}.{session}` from now on. */
    applyUserFlow: (_, _params: { flow: string; session: string }) => {},
    /** The guest session startGuestSession opened: hand its flow and session to applyUserFlow. */
    /** Provided by the app: stop sending the user-flow header. */
    clearUserFlow: () => {},
    /** Provided by the app: go to /my-account/login. */
    redirectToLogin: () => {},
  },
})
  .extend<{ applyGuestUserFlow: undefined }>({
    actions: {
      /** The guest session startGuestSession opened, handed to the app's applyUserFlow as its params. */
      applyGuestUserFlow: enqueueActions(({ event, enqueue }) => {
        const { flow, session } = doneOutput<GuestSession>(event, 'startGuestSession');
        enqueue({ type: 'applyUserFlow', params: { flow, session } });
      }),
    },
  })
  .createMachine({
    id: 'auth',
    context: {
      user: null,
      ufacSession: null,
      isRegistered: false,
      pendingToken: null,
      logoutError: null,
      guestError: null,
      userFailure: null,
      accountClosed: false,
    },
    initial: 'fetchingUser',
    states: {
      fetchingUser: {
        description: 'Who is using the account area is being fetched (GET user); screens wait.',
        tags: ['loading'],
        invoke: {
          id: 'fetchUser',
          src: 'fetchUser',
          onDone: [
            {
              guard: 'isAuthorised',
              target: 'authorised',
              actions: 'storeFetchedUser',
            },
            {
              guard: 'isGuest',
              target: 'guest',
              actions: 'storeFetchedUser',
            },
            { target: 'anonymous', actions: 'storeFetchedUser' },
          ],
          onError: { target: 'unavailable', actions: 'storeUserFailure' },
        },
      },
      unavailable: {
        description:
          'The user could not be fetched: no answer, an answer the app could not read, or a server error, each said as such, with a retry.',
        on: { 'auth.retry': { target: 'fetchingUser' } },
      },
      anonymous: {
        description:
          'No one is signed in (UNKNOWN): account pages redirect to login; a guest link can start a guest session.',
        on: {
          'auth.loggedIn': {
            target: 'authorised',
            actions: ['clearErrors', 'storeUser'],
          },
          'auth.guestToken': { target: 'startingGuestSession', actions: 'rememberToken' },
          'auth.dismissError': { actions: 'clearErrors' },
        },
      },
      startingGuestSession: {
        description:
          "A guest token (order link) is being exchanged for a guest session; a failure shows 'This link has expired or is not valid. Find your booking to get a new one.' A host without guest sessions (404): no message, the token alone opens the order.",
        tags: ['loading'],
        invoke: {
          id: 'startGuestSession',
          src: 'startGuestSession',
          input: ({ event }) => {
            assertEvent(event, 'auth.guestToken');
            return { token: event.token };
          },
          onDone: {
            target: 'fetchingUser',
            actions: 'applyGuestUserFlow',
          },
          onError: [
            {
              guard: 'hostLacksGuestSessions',
              target: 'anonymous',
              actions: ['clearUserFlow', 'forgetUser', 'useTokenAlone'],
            },
            { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser', 'setGuestError'] },
          ],
        },
      },
      guest: {
        description: "A guest session for one order (GUEST): that order's pages only.",
        on: {
          'auth.loggedIn': {
            target: 'authorised',
            actions: ['clearUserFlow', 'clearErrors', 'storeUser'],
          },
          'auth.guestToken': { target: 'startingGuestSession', actions: 'rememberToken' },
          'auth.logout': { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser'] },
          'auth.unauthorised': { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser', 'redirectToLogin'] },
        },
      },
      authorised: {
        description:
          "The customer is signed in (AUTHORISED); a failed logout shows 'Unable to perform the requested action'.",
        on: {
          'auth.logout': { target: 'loggingOut', actions: 'clearErrors' },
          'auth.unauthorised': { target: 'anonymous', actions: ['forgetUser', 'redirectToLogin'] },
          // The closed account's confirmation stays on screen; the header and navigation show nobody signed in.
          'auth.accountClosed': { target: 'anonymous', actions: ['clearUserFlow', 'forgetUser', 'noteAccountClosed'] },
          'auth.dismissError': { actions: 'clearErrors' },
          'auth.userUpdated': { actions: 'storeUser' },
        },
      },
      loggingOut: {
        description: 'Signing out; on success the user is forgotten and the login page opens.',
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
