import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ChangeEmailResult } from '#src/schemas/customer-profile';
import { codeOf, problemOfEvent, statusOf } from './lib/problems';
import { doneOutput } from './lib/done-output';

/**
 * /confirm-email (decision 150): the link sent to a new email address, token in the URL hash (read
 * once and removed from the address bar). Confirming applies the change; the answer is the spec's
 * change-email answer: newTokens → confirmed (this session goes on with the new email), none →
 * signInRequired. 400 TOKEN_INVALID (or no token) → expired; 422 → emailTaken; anything else → failed,
 * with a retry.
 */
export type ConfirmEmailOutcome = 'confirmed' | 'signInRequired' | 'expired' | 'emailTaken';

export interface ConfirmEmailContext {
  token: string | null;
  updatedEmailAddress: string | null;
  /** Set on entering a final state. */
  outcome: ConfirmEmailOutcome | null;
}

export type ConfirmEmailEvent = { type: 'confirmEmail.retry' };

export type ConfirmEmailOutput =
  | { outcome: 'confirmed' | 'signInRequired'; updatedEmailAddress: string }
  | { outcome: 'expired' | 'emailTaken'; updatedEmailAddress: null };

const confirmResult = (event: { type: string }) => doneOutput<ChangeEmailResult>(event, 'confirmEmailChange');

export const confirmEmailMachine = setup({
  types: {
    context: {} as ConfirmEmailContext,
    events: {} as ConfirmEmailEvent,
    input: {} as { token: string | null },
    output: {} as ConfirmEmailOutput,
  },
  actors: {
    confirmEmailChange: fromPromise<ChangeEmailResult, { token: string }>(async () => {
      throw new Error('confirmEmailChange not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    hasNewTokens: ({ event }) => !!confirmResult(event).newTokens,
    isTokenRejected: ({ event }) => {
      const problem = problemOfEvent(event);
      return statusOf(problem) === 400 && codeOf(problem) === 'TOKEN_INVALID';
    },
    isEmailTaken: ({ event }) => statusOf(problemOfEvent(event)) === 422,
  },
  actions: {
    storeUpdatedEmail: assign(({ event }) => ({ updatedEmailAddress: confirmResult(event).updatedEmailAddress })),
    /** The token is used once: forget it whatever the answer. */
    forgetToken: assign({ token: null }),
    setOutcome: assign((_, params: { outcome: ConfirmEmailOutcome }) => ({ outcome: params.outcome })),
    /** Provided by the app: the signed-in user now has the new email. */
    emailChanged: (_, _params: { email: string }) => {},
  },
})
  .extend<{ announceEmailChange: undefined }>({
    actions: {
      /** The address confirmEmailChange confirmed, handed to the app's emailChanged as its params. */
      announceEmailChange: enqueueActions(({ event, enqueue }) => {
        enqueue({ type: 'emailChanged', params: { email: confirmResult(event).updatedEmailAddress } });
      }),
    },
  })
  .createMachine({
    id: 'confirmEmail',
    context: ({ input }) => ({ token: input.token, updatedEmailAddress: null, outcome: null }),
    initial: 'starting',
    states: {
      starting: {
        description:
          'The token was read from the link (#token=...) and removed from the URL; without one the link is treated as expired.',
        always: [{ guard: 'hasToken', target: 'confirming' }, { target: 'expired' }],
      },
      confirming: {
        description: 'POST customer/change-email/confirm with the token: "Confirming your new email address…".',
        invoke: {
          id: 'confirmEmailChange',
          src: 'confirmEmailChange',
          // Entered only behind hasToken, or again from failed, which keeps the token: it is set here.
          input: ({ context }) => ({ token: context.token! }),
          onDone: [
            {
              guard: 'hasNewTokens',
              target: 'confirmed',
              actions: ['storeUpdatedEmail', 'forgetToken', 'announceEmailChange'],
            },
            {
              target: 'signInRequired',
              actions: ['storeUpdatedEmail', 'forgetToken'],
            },
          ],
          onError: [
            { guard: 'isTokenRejected', target: 'expired', actions: 'forgetToken' },
            { guard: 'isEmailTaken', target: 'emailTaken', actions: 'forgetToken' },
            { target: 'failed' },
          ],
        },
      },
      failed: {
        description: 'Network or server failure: the token is kept so the customer can try again.',
        on: { 'confirmEmail.retry': { target: 'confirming' } },
      },
      confirmed: {
        description: 'Signed in to that account: the new address is in use and the session has the new tokens.',
        type: 'final',
        entry: { type: 'setOutcome', params: { outcome: 'confirmed' } },
      },
      signInRequired: {
        description: 'Confirmed from a browser not signed in to the account: sign in with the new address.',
        type: 'final',
        entry: { type: 'setOutcome', params: { outcome: 'signInRequired' } },
      },
      expired: {
        description: 'The link has expired, was used already, was replaced by a newer one, or had no token.',
        type: 'final',
        entry: { type: 'setOutcome', params: { outcome: 'expired' } },
      },
      emailTaken: {
        description: 'Another account took the address in the meantime; the email stays as it was.',
        type: 'final',
        entry: { type: 'setOutcome', params: { outcome: 'emailTaken' } },
      },
    },
    output: ({ context }): ConfirmEmailOutput => {
      const { outcome, updatedEmailAddress } = context;
      if ((outcome === 'confirmed' || outcome === 'signInRequired') && updatedEmailAddress !== null) {
        return { outcome, updatedEmailAddress };
      }
      return { outcome: outcome === 'emailTaken' ? 'emailTaken' : 'expired', updatedEmailAddress: null };
    },
  });
