import { assign, fromPromise, setup } from 'xstate';
import { attemptKey, isOutcomeUnknown, nextAttempt } from './lib/attempt-key';
import { doneOutput } from './lib/done-output';
import { codeOf, hasStatus, isSchemaProblem, problemOfEvent } from './lib/problems';
import type { AssistanceFailure, AssistanceItem, PassengerAssistance } from '#src/schemas/passenger-assistance';
import { m } from '#src/paraglide/messages.js';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}/cancel: a confirm page. Loads the assistance;
 * one already cancelled says so; otherwise the customer confirms (or goes back) and the server
 * cancels it, or refuses with its sentence (e.g. the train has left) and the page stays to retry.
 * Each confirm has its own Idempotency-Key; when its answer is lost (no answer, or a gateway's
 * 502/504) the page checks before it speaks (`checking`: the same request with the same key,
 * answered by the server with its first answer), and says it could not confirm only when the check
 * fails too, never that nothing was cancelled. A 409 ALREADY_CANCELLED shows it as cancelled
 * (decision 310). Reading and cancelling one assistance are not in SPEC section 7: the load resolves
 * to null when the host does not offer them (the item's call answered 404 while the spec's list of
 * the booking's assistance names it), and the page says so (docs/integrators.md).
 */
export interface PassengerAssistanceCancelInput {
  bookingId: string;
  assistanceId: string;
  /** Made once per screen by the route (random): the stem of each confirm's Idempotency-Key. */
  keySeed: string;
}

export interface PassengerAssistanceCancelContext {
  bookingId: string;
  assistanceId: string;
  item: AssistanceItem | null;
  schemaError: boolean;
  cancelError: AssistanceFailure | null;
  cancelled: PassengerAssistance | null;
  keySeed: string;
  /** Confirms so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
}

export type PassengerAssistanceCancelEvent = { type: 'cancel.confirm' } | { type: 'assistance.retry' } | { type: 'cancel.check' };

export const passengerAssistanceCancelMessages = {
  loadError: m.passenger_assistance_cancel_load_error(),
  notFound: m.passenger_assistance_cancel_not_found(),
  notOffered: m.passenger_assistance_cancel_not_offered(),
  alreadyCancelled: m.passenger_assistance_cancel_already_cancelled(),
  cancelError: m.passenger_assistance_cancel_cancel_error(),
  checking: m.passenger_assistance_cancel_checking(),
  unconfirmed: m.passenger_assistance_cancel_unconfirmed(),
} as const;


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
    cancelAssistance: fromPromise<PassengerAssistance, { orderId: string; bookingId: string; assistanceId: string; idempotencyKey: string }>(async () => {
      throw new Error('cancelAssistance not provided');
    }),
  },
  guards: {
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
    hostLacksAssistance: ({ event }) => doneOutput<AssistanceItem | null>(event, 'fetchAssistance') === null,
    isOutcomeUnknown: ({ event }) => isOutcomeUnknown(event),
    /** 409 ALREADY_CANCELLED: an earlier attempt (or another tab) cancelled it. */
    isAlreadyCancelled: ({ event }) => hasStatus(event, 409) && codeOf(problemOfEvent(event)) === 'ALREADY_CANCELLED',
    isCancelledAlready: ({ event }) => doneOutput<AssistanceItem | null>(event, 'fetchAssistance')?.assistance.status === 'cancelled',
  },
  actions: {
    storeItem: assign({
      item: ({ event }) => doneOutput<AssistanceItem>(event, 'fetchAssistance'),
      schemaError: false,
    }),
    storeLoadError: assign({
      schemaError: ({ event }) => isSchemaProblem(event),
    }),
    clearCancelError: assign({ cancelError: null }),
    /** A new confirm: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => nextAttempt(context)),
    storeCancelError: assign({
      cancelError: ({ event }) => {
        const problem = problemOfEvent(event);
        return {
          code: codeOf(problem),
          detail: problem.kind === 'http' && problem.status < 500 ? problem.detail : null,
        };
      },
    }),
    storeCancelled: assign({ cancelled: ({ event }) => doneOutput<PassengerAssistance>(event, 'cancelAssistance') }),
  },
}).createMachine({
  id: 'passengerAssistanceCancel',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    assistanceId: input.assistanceId,
    item: null,
    schemaError: false,
    cancelError: null,
    cancelled: null,
    keySeed: input.keySeed,
    attempt: 0,
  }),
  initial: 'loading',
  states: {
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
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'loadFailed', actions: 'storeLoadError' }],
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
      description: 'The host does not offer reading or cancelling one assistance (not in SPEC section 7): the page says it cannot be cancelled here, with a link back to the booking.',
    },
    alreadyCancelled: {
      description: 'Already cancelled (on opening, or a 409 ALREADY_CANCELLED to the confirm): the page says so and links back.',
    },
    confirming: {
      description: 'What will be cancelled, with "Cancel assistance" and "Keep assistance"; a failed attempt shows why.',
      on: { 'cancel.confirm': { target: 'cancelling', actions: 'clearCancelError' } },
    },
    cancelling: {
      description: 'Cancelling with a new Idempotency-Key; the server refuses once the train has left.',
      entry: 'beginAttempt',
      invoke: {
        id: 'cancelAssistance',
        src: 'cancelAssistance',
        input: ({ context }) => ({
          orderId: context.item?.booking.orderId ?? '',
          bookingId: context.bookingId,
          assistanceId: context.assistanceId,
          idempotencyKey: attemptKey(context),
        }),
        onDone: { target: 'cancelled', actions: 'storeCancelled' },
        onError: [
          { guard: 'isOutcomeUnknown', target: 'checking' },
          { guard: 'isAlreadyCancelled', target: 'alreadyCancelled' },
          { target: 'confirming', actions: 'storeCancelError' },
        ],
      },
    },
    checking: {
      description: "The answer was lost: 'We're checking whether your assistance was cancelled…'. The same request again with the same Idempotency-Key; the server answers with its first answer.",
      invoke: {
        id: 'cancelAssistance',
        src: 'cancelAssistance',
        input: ({ context }) => ({
          orderId: context.item?.booking.orderId ?? '',
          bookingId: context.bookingId,
          assistanceId: context.assistanceId,
          idempotencyKey: attemptKey(context),
        }),
        onDone: { target: 'cancelled', actions: 'storeCancelled' },
        onError: [
          { guard: 'isOutcomeUnknown', target: 'unconfirmed' },
          { guard: 'isAlreadyCancelled', target: 'alreadyCancelled' },
          { target: 'confirming', actions: 'storeCancelError' },
        ],
      },
    },
    unconfirmed: {
      description: "The check got no answer either: we couldn't confirm whether the assistance was cancelled (never that it was not); Check again repeats it with the same key.",
      on: { 'cancel.check': { target: 'checking' } },
    },
    cancelled: {
      description: 'Cancelled: the screen goes back to the booking’s assistance list.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ assistance: context.cancelled }),
});
