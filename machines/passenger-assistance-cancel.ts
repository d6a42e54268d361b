import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { codeOf, hasStatus, isSchemaProblem, problemOfEvent } from './lib/problems';
import type { AssistanceFailure, AssistanceItem, PassengerAssistance } from '#src/schemas/passenger-assistance';
import { m } from '#src/paraglide/messages.js';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}/cancel: a confirm page. Loads the assistance;
 * one already cancelled says so; otherwise the customer confirms (or goes back) and the server
 * cancels it, or refuses with its sentence (e.g. the train has left) and the page stays to retry.
 */
export interface PassengerAssistanceCancelInput {
  bookingId: string;
  assistanceId: string;
}

export interface PassengerAssistanceCancelContext {
  bookingId: string;
  assistanceId: string;
  item: AssistanceItem | null;
  schemaError: boolean;
  cancelError: AssistanceFailure | null;
  cancelled: PassengerAssistance | null;
}

export type PassengerAssistanceCancelEvent = { type: 'cancel.confirm' } | { type: 'assistance.retry' };

export const passengerAssistanceCancelMessages = {
  loadError: m.passenger_assistance_cancel_load_error(),
  notFound: m.passenger_assistance_cancel_not_found(),
  alreadyCancelled: m.passenger_assistance_cancel_already_cancelled(),
  cancelError: m.passenger_assistance_cancel_cancel_error(),
} as const;


export const passengerAssistanceCancelMachine = setup({
  types: {
    context: {} as PassengerAssistanceCancelContext,
    events: {} as PassengerAssistanceCancelEvent,
    input: {} as PassengerAssistanceCancelInput,
    output: {} as { assistance: PassengerAssistance | null },
  },
  actors: {
    fetchAssistance: fromPromise<AssistanceItem, { bookingId: string; assistanceId: string }>(async () => {
      throw new Error('fetchAssistance not provided');
    }),
    cancelAssistance: fromPromise<PassengerAssistance, { orderId: string; bookingId: string; assistanceId: string }>(async () => {
      throw new Error('cancelAssistance not provided');
    }),
  },
  guards: {
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
    isCancelledAlready: ({ event }) => doneOutput<AssistanceItem>(event, 'fetchAssistance').assistance.status === 'cancelled',
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
    alreadyCancelled: {
      description: 'Nothing to cancel: the page says so and links back.',
    },
    confirming: {
      description: 'What will be cancelled, with "Cancel assistance" and "Keep assistance"; a failed attempt shows why.',
      on: { 'cancel.confirm': { target: 'cancelling', actions: 'clearCancelError' } },
    },
    cancelling: {
      description: 'Cancelling; the server refuses once the train has left.',
      invoke: {
        id: 'cancelAssistance',
        src: 'cancelAssistance',
        input: ({ context }) => ({
          orderId: context.item?.booking.orderId ?? '',
          bookingId: context.bookingId,
          assistanceId: context.assistanceId,
        }),
        onDone: { target: 'cancelled', actions: 'storeCancelled' },
        onError: { target: 'confirming', actions: 'storeCancelError' },
      },
    },
    cancelled: {
      description: 'Cancelled: the screen goes back to the booking’s assistance list.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ assistance: context.cancelled }),
});
