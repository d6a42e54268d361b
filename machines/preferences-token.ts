import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { GuestSession } from '#src/schemas/auth';
import { hasStatus } from './lib/problems';
import { doneOutput } from './lib/done-output';

/**
 * /contact-preferences-token: the token of a marketing email link (taken from the URL hash at
 * start-up) becomes a customer-flow user-flow session; from then on calls send
 * `x-user-flow-id: customer.{session}` (action applyUserFlow) and the page shows that customer's
 * contact preferences without signing in (machines/contact-preferences.ts does the rest).
 * POST /user-flow-access is not in docs/product/api.md: a host without it answers 404, and the page says
 * to sign in instead (decision 342).
 */
export interface PreferencesTokenInput {
  token: string | null;
}

export interface PreferencesTokenContext {
  token: string | null;
  session: string | null;
}

export type PreferencesTokenEvent = { type: 'token.retry' };

const customerSession = (event: { type: string }) => doneOutput<GuestSession>(event, 'startCustomerFlow').session;

export const preferencesTokenMachine = setup({
  types: {
    context: {} as PreferencesTokenContext,
    events: {} as PreferencesTokenEvent,
    input: {} as PreferencesTokenInput,
    output: {} as { session: string | null },
  },
  actors: {
    startCustomerFlow: fromPromise<GuestSession, { token: string }>(async () => {
      throw new Error('startCustomerFlow not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    /** 400 (malformed) or 401 TOKEN_INVALID (unknown or expired): the link itself is no good. */
    isInvalidToken: ({ event }) => hasStatus(event, 400, 401),
    /** 404: the host does not open sessions from email links (docs/integrators.md). */
    hostLacksLinkSessions: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    storeSession: assign(({ event }) => ({ session: customerSession(event), token: null })),
    forgetToken: assign({ token: null }),
    /** Provided by the route: send `x-user-flow-id: customer.{session}` from now on. */
    applyUserFlow: (_, _params: { session: string }) => {},
  },
})
  .extend<{ applyCustomerUserFlow: undefined }>({
    actions: {
      /** The session startCustomerFlow opened, handed to the route's applyUserFlow as its params. */
      applyCustomerUserFlow: enqueueActions(({ event, enqueue }) => {
        enqueue({ type: 'applyUserFlow', params: { session: customerSession(event) } });
      }),
    },
  })
  .createMachine({
    id: 'preferencesToken',
    context: ({ input }) => ({ token: input.token, session: null }),
    initial: 'checking',
    states: {
      checking: {
        description: "Is there a token from the email link's URL hash?",
        always: [{ guard: 'hasToken', target: 'exchanging' }, { target: 'noToken' }],
      },
      exchanging: {
        description: "The email link's token is being exchanged for a customer-flow session.",
        invoke: {
          id: 'startCustomerFlow',
          src: 'startCustomerFlow',
          // Entered only behind hasToken, or again from failed, which keeps the token: it is set here.
          input: ({ context }) => ({ token: context.token! }),
          onDone: {
            target: 'ready',
            actions: ['storeSession', 'applyCustomerUserFlow'],
          },
          onError: [
            { guard: 'isInvalidToken', target: 'invalidToken', actions: 'forgetToken' },
            { guard: 'hostLacksLinkSessions', target: 'linkNotOffered', actions: 'forgetToken' },
            { target: 'failed' },
          ],
        },
      },
      failed: {
        description: 'Network or server trouble: the token is kept in memory for a retry.',
        on: { 'token.retry': { target: 'exchanging' } },
      },
      noToken: {
        description:
          "No token: 'To change your contact preferences without signing in, open the link at the bottom of one of our emails.'",
        type: 'final',
      },
      invalidToken: {
        description: "The link is malformed, unknown or expired: 'This link has expired or is not valid.'",
        type: 'final',
      },
      linkNotOffered: {
        description:
          "The host does not open sessions from email links (404): 'Changing your contact preferences from an email link isn't available here.' with a way to sign in.",
        type: 'final',
      },
      ready: {
        description: 'The session is in use; the contact preferences show without signing in (output: the session).',
        type: 'final',
      },
    },
    output: ({ context }) => ({ session: context.session }),
  });
