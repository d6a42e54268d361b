import { assign, fromPromise, setup } from 'xstate';
import type { UserResponse } from '#src/schemas/auth';
import { codeOf, problemOfEvent, statusOf } from './lib/problems';
import { doneOutput } from './lib/done-output';

/**
 * /sign-in-link (decision 400): the single-use link emailed to the owner of an account that wrong
 * passwords slowed down; the token comes in the URL hash (read once and removed from the address
 * bar). Using it signs in as the password does (the user response). 400 TOKEN_INVALID (or no token)
 * → expired; anything else → failed, with a retry (the token is kept: the server has not spent it).
 */
export interface SignInLinkContext {
  token: string | null;
  response: UserResponse | null;
}

export type SignInLinkEvent = { type: 'signInLink.retry' };

export type SignInLinkOutput = { outcome: 'signedIn'; response: UserResponse } | { outcome: 'expired'; response: null };

export const signInLinkMachine = setup({
  types: {
    context: {} as SignInLinkContext,
    events: {} as SignInLinkEvent,
    input: {} as { token: string | null },
    output: {} as SignInLinkOutput,
  },
  actors: {
    spendSignInLink: fromPromise<UserResponse, { token: string }>(async () => {
      throw new Error('spendSignInLink not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    isTokenRejected: ({ event }) => {
      const problem = problemOfEvent(event);
      return statusOf(problem) === 400 && codeOf(problem) === 'TOKEN_INVALID';
    },
  },
  actions: {
    storeResponse: assign(({ event }) => ({ response: doneOutput<UserResponse>(event, 'spendSignInLink') })),
    /** The link works once: forget it whatever the server answered. */
    forgetToken: assign({ token: null }),
  },
}).createMachine({
  id: 'signInLink',
  context: ({ input }) => ({ token: input.token, response: null }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'The token was read from the link (#token=...) and removed from the URL; without one the link is treated as expired.',
      always: [{ guard: 'hasToken', target: 'signingIn' }, { target: 'expired' }],
    },
    signingIn: {
      description: 'POST customer/sign-in-link/use with the token: "Signing you in…".',
      invoke: {
        id: 'spendSignInLink',
        src: 'spendSignInLink',
        // Entered only behind hasToken, or again from failed, which keeps the token: it is set here.
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'signedIn', actions: ['storeResponse', 'forgetToken'] },
        onError: [{ guard: 'isTokenRejected', target: 'expired', actions: 'forgetToken' }, { target: 'failed' }],
      },
    },
    failed: {
      description: 'Network or server failure: the token is kept so the customer can try again.',
      on: { 'signInLink.retry': { target: 'signingIn' } },
    },
    signedIn: {
      description: 'Signed in: the session knows the user and the page goes on to the bookings.',
      type: 'final',
    },
    expired: {
      description: 'The link has expired, was used already, or had no token: sign in again or ask for a new link.',
      type: 'final',
    },
  },
  output: ({ context }): SignInLinkOutput =>
    context.response ? { outcome: 'signedIn', response: context.response } : { outcome: 'expired', response: null },
});
