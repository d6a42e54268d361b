import { assign, fromPromise, sendTo, setup } from 'xstate';
import { attemptKey, nextAttempt } from './lib/attempt-key';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstDataOr, firstErrorPatch, firstFailedWith, loadErrorPatch } from './lib/page-load';
import { answerOf, failureOf, isAnswered, refusalOf } from './lib/lost-answer';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';
import { codeOf, hasStatus, problemOfEvent } from './lib/problems';
import type { AssistanceFailure, AssistanceItem, PassengerAssistance } from '#src/schemas/passenger-assistance';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}/cancel: a confirm page. Loads the assistance;
 * one already cancelled says so; otherwise the customer confirms (or goes back) and the server
 * cancels it, or refuses with its sentence (e.g. the train has left) and the page stays to retry.
 * Each confirm is one attempt with its own Idempotency-Key, invoked as the lost-answer chart
 * (machines/submit-with-lost-answer.ts): when its answer is lost the attempt checks before the page
 * speaks, and says it could not confirm only when the check fails too, never that nothing was
 * cancelled. A 409 ALREADY_CANCELLED shows it as cancelled (decisions 310 and 575). Reading and cancelling one assistance are not in docs/product/api.md: the load resolves
 * to null when the host does not offer them (the item's call answered 404 while the spec's list of
 * the booking's assistance names it), and the page says so (docs/integrators.md). Given what its
 * route loaded (docs/decisions/730), the chart starts from it; without it, it loads the assistance itself.
 */
export interface PassengerAssistanceCancelInput {
  bookingId: string;
  assistanceId: string;
  /** Made once per screen by the route (random): the stem of each confirm's Idempotency-Key. */
  keySeed: string;
  /** What the route's loader got (the assistance, null for a host without the call, or the load's error). */
  first?: FirstData<AssistanceItem | null> | null | undefined;
}

export interface PassengerAssistanceCancelContext {
  bookingId: string;
  assistanceId: string;
  first: FirstData<AssistanceItem | null> | null;
  item: AssistanceItem | null;
  schemaError: boolean;
  cancelError: AssistanceFailure | null;
  cancelled: PassengerAssistance | null;
  keySeed: string;
  /** Confirms so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
}

/** The cancel call's input, the same for the attempt and every check of it. */
export interface CancelAssistanceRequest {
  orderId: string;
  bookingId: string;
  assistanceId: string;
  idempotencyKey: string;
}

export type PassengerAssistanceCancelEvent =
  | { type: 'cancel.confirm' }
  | { type: 'assistance.retry' }
  | { type: 'cancel.check' };

export const passengerAssistanceCancelMachine = setup({
  types: {
    context: {} as PassengerAssistanceCancelContext,
    events: {} as PassengerAssistanceCancelEvent,
    input: {} as PassengerAssistanceCancelInput,
    output: {} as { assistance: PassengerAssistance | null },
  },
  actors: {
    /** The booking and the assistance; null: the host does not offer reading (nor cancelling) one assistance. */
    fetchAssistance: fromPromise<AssistanceItem | null, { bookingId: string; assistanceId: string }>(async () => {
      throw new Error('fetchAssistance not provided');
    }),
    /** One confirm: the route provides its call (CancelAssistanceRequest → PassengerAssistance). */
    cancelAssistance: submitWithLostAnswerMachine,
  },
  // In the order the chart asks them: on the start, on its own load, then on a confirm.
  guards: {
    firstLacksAssistance: ({ context }) => firstLoaded(context.first) && context.first.data === null,
    firstCancelledAlready: ({ context }) =>
      firstLoaded(context.first) && context.first.data?.assistance.status === 'cancelled',
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstNotFound: ({ context }) => firstFailedWith(context.first, 403, 404),
    firstFailed: ({ context }) => firstFailed(context.first),
    hostLacksAssistance: ({ event }) => doneOutput<AssistanceItem | null>(event, 'fetchAssistance') === null,
    isCancelledAlready: ({ event }) =>
      doneOutput<AssistanceItem | null>(event, 'fetchAssistance')?.assistance.status === 'cancelled',
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
    isCancelAnswered: ({ event }) => isAnswered(event, 'cancelAssistance'),
    /** 409 ALREADY_CANCELLED: an earlier attempt (or another tab) cancelled it. */
    isAlreadyCancelled: ({ event }) => {
      const refusal = refusalOf(event, 'cancelAssistance');
      return hasStatus(refusal, 409) && codeOf(problemOfEvent(refusal)) === 'ALREADY_CANCELLED';
    },
  },
  actions: {
    storeFirstItem: assign({ item: ({ context }) => firstDataOr(context.first, null), schemaError: false }),
    storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
    storeItem: assign({
      item: ({ event }) => doneOutput<AssistanceItem>(event, 'fetchAssistance'),
      schemaError: false,
    }),
    storeLoadError: assign(({ event }) => loadErrorPatch(event)),
    clearCancelError: assign({ cancelError: null }),
    /** A new confirm: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => nextAttempt(context)),
    /** The attempt's refusal (or, should the attempt itself fail, that failure). */
    storeCancelError: assign({
      cancelError: ({ event }) => {
        const problem = problemOfEvent(failureOf(event, 'cancelAssistance'));
        return {
          code: codeOf(problem),
          detail: problem.kind === 'http' && problem.status < 500 ? problem.detail : null,
        };
      },
    }),
    storeCancelled: assign({
      cancelled: ({ event }) => answerOf<PassengerAssistance>(event, 'cancelAssistance') ?? null,
    }),
    /** Check again, when the attempt could not confirm its outcome: the same request, the same key. */
    checkAgain: sendTo('cancelAssistance', { type: 'submit.check' }),
  },
}).createMachine({
  id: 'passengerAssistanceCancel',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    assistanceId: input.assistanceId,
    first: input.first ?? null,
    item: null,
    schemaError: false,
    cancelError: null,
    cancelled: null,
    keySeed: input.keySeed,
    attempt: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the page starts: from what the route loaded (the assistance to confirm, one cancelled already, a host without the call, not found, or the error), else it loads it itself.',
      always: [
        { guard: 'firstLacksAssistance', target: 'absent' },
        { guard: 'firstCancelledAlready', target: 'alreadyCancelled', actions: 'storeFirstItem' },
        { guard: 'firstLoaded', target: 'confirming', actions: 'storeFirstItem' },
        { guard: 'firstNotFound', target: 'notFound' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading the booking and the assistance to cancel.',
      invoke: {
        id: 'fetchAssistance',
        src: 'fetchAssistance',
        input: ({ context }) => ({ bookingId: context.bookingId, assistanceId: context.assistanceId }),
        onDone: [
          { guard: 'hostLacksAssistance', target: 'absent' },
          { guard: 'isCancelledAlready', target: 'alreadyCancelled', actions: 'storeItem' },
          { target: 'confirming', actions: 'storeItem' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: 'storeLoadError' },
        ],
      },
    },
    loadFailed: {
      description: 'The load failed; the customer can try again.',
      on: { 'assistance.retry': { target: 'loading' } },
    },
    notFound: {
      description: 'No such assistance on this booking, or the booking is not the customer’s.',
    },
    absent: {
      description:
        'The host does not offer reading or cancelling one assistance (not in docs/product/api.md): the page says it cannot be cancelled here, with a link back to the booking.',
    },
    alreadyCancelled: {
      description:
        'Already cancelled (on opening, or a 409 ALREADY_CANCELLED to the confirm): the page says so and links back.',
    },
    confirming: {
      description:
        'What will be cancelled, with "Cancel assistance" and "Keep assistance"; a failed attempt shows why.',
      on: { 'cancel.confirm': { target: 'cancelling', actions: 'clearCancelError' } },
    },
    cancelling: {
      description:
        'One confirm with a new Idempotency-Key, sent by the lost-answer chart: cancelling, then checking when the answer was lost, then unconfirmed with Check again; the server refuses once the train has left.',
      entry: 'beginAttempt',
      invoke: {
        id: 'cancelAssistance',
        src: 'cancelAssistance',
        input: ({ context }) => ({
          request: {
            // Entered only from confirming (or again from unconfirmed), after storeItem set the item.
            orderId: context.item!.booking.orderId,
            bookingId: context.bookingId,
            assistanceId: context.assistanceId,
            idempotencyKey: attemptKey(context),
          } satisfies CancelAssistanceRequest,
        }),
        onDone: [
          { guard: 'isCancelAnswered', target: 'cancelled', actions: 'storeCancelled' },
          { guard: 'isAlreadyCancelled', target: 'alreadyCancelled' },
          { target: 'confirming', actions: 'storeCancelError' },
        ],
        onError: { target: 'confirming', actions: 'storeCancelError' },
      },
      on: { 'cancel.check': { actions: 'checkAgain' } },
    },
    cancelled: {
      description: 'Cancelled: the screen goes back to the booking’s assistance list.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ assistance: context.cancelled }),
});
