import { assign, fromPromise, setup } from 'xstate';
import { isOutcomeUnknown } from './lib/attempt-key';
import { doneOutput } from './lib/done-output';
import type { SubmitOutcome } from './lib/lost-answer';

/**
 * One money-moving attempt whose answer may be lost (docs/decisions/310 and 575): a refund
 * request, a Delay Repay submit, an insurance claim, an assistance booking or cancellation. Such a
 * flow invokes this chart for the attempt (each of those flows does, decision 700), with the
 * request (Idempotency-Key included) as input, and its screen provides the one call as the actor
 * `submit`.
 *
 * It sends the request; when the answer is lost (no answer, or a gateway's 502/504) it checks
 * before the flow speaks (`checking`: the same request with the same key, which the server answers
 * with its first answer), and ends saying nothing only when the check fails too (`unconfirmed`,
 * until the customer checks again or leaves). It ends with the server's answer or its refusal;
 * the flow decides what either means.
 */
export interface SubmitWithLostAnswerInput {
  /** The call's input, the same for the attempt and every check: its Idempotency-Key included. */
  request: unknown;
}

export interface SubmitWithLostAnswerContext extends SubmitWithLostAnswerInput {
  outcome: SubmitOutcome | null;
}

export type SubmitWithLostAnswerEvent =
  /** Check again, after a check that got no answer: the same request with the same key. */
  | { type: 'submit.check' }
  /** The customer leaves while the outcome is unconfirmed (e.g. closes the insurance modal). */
  | { type: 'submit.leave' };

export const submitWithLostAnswerMachine = setup({
  types: {
    context: {} as SubmitWithLostAnswerContext,
    events: {} as SubmitWithLostAnswerEvent,
    input: {} as SubmitWithLostAnswerInput,
    output: {} as SubmitOutcome,
  },
  actors: {
    submit: fromPromise<unknown, unknown>(async () => {
      throw new Error('submit not provided');
    }),
  },
  guards: {
    isOutcomeUnknown: ({ event }) => isOutcomeUnknown(event),
  },
  actions: {
    storeAnswer: assign({
      outcome: ({ event }) => ({ kind: 'answered' as const, answer: doneOutput<unknown>(event, 'submit') }),
    }),
    storeRefusal: assign({
      outcome: ({ event }) => ({ kind: 'refused' as const, error: 'error' in event ? event.error : undefined }),
    }),
    storeLeft: assign({ outcome: { kind: 'left' as const } }),
  },
}).createMachine({
  id: 'submitWithLostAnswer',
  context: ({ input }) => ({ request: input.request, outcome: null }),
  initial: 'sending',
  states: {
    sending: {
      description:
        "The attempt is being sent with its own Idempotency-Key; the flow's screen shows its busy state (e.g. 'Requesting your refund…').",
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }: { context: SubmitWithLostAnswerContext }) => context.request,
        onDone: { target: 'answered', actions: 'storeAnswer' },
        onError: [
          { guard: 'isOutcomeUnknown', target: 'checking' },
          { target: 'refused', actions: 'storeRefusal' },
        ],
      },
    },
    checking: {
      description:
        "The answer was lost: 'We're checking whether … went through'. The same request again with the same Idempotency-Key; the server answers with its first answer, or acts on it if it never arrived.",
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }: { context: SubmitWithLostAnswerContext }) => context.request,
        onDone: { target: 'answered', actions: 'storeAnswer' },
        onError: [
          { guard: 'isOutcomeUnknown', target: 'unconfirmed' },
          { target: 'refused', actions: 'storeRefusal' },
        ],
      },
    },
    unconfirmed: {
      description:
        "The check got no answer either: 'We couldn't confirm whether …' (never that nothing happened), with Check again, which repeats the check with the same key.",
      on: {
        'submit.check': { target: 'checking' },
        'submit.leave': { target: 'left', actions: 'storeLeft' },
      },
    },
    answered: {
      description: 'The server answered (first time or on a check): the flow reads the answer from the output.',
      type: 'final',
    },
    refused: {
      description: 'The server refused the attempt (a 4xx, or its own 500): the flow reads the error from the output.',
      type: 'final',
    },
    left: {
      description: 'The customer left while the outcome was unconfirmed: the flow closes the attempt.',
      type: 'final',
    },
  },
  // Each final state is entered with storeAnswer, storeRefusal or storeLeft: the outcome is set.
  output: ({ context }) => context.outcome!,
});
