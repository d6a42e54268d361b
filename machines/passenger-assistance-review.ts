import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { hasStatus, isSchemaProblem } from './lib/problems';
import type { AssistanceItem } from '#src/schemas/passenger-assistance';
import { m } from '#src/paraglide/messages.js';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}: review one booked (or cancelled) assistance:
 * who, which leg, what help, details and status, with cancel offered while it is booked.
 */
export interface PassengerAssistanceReviewInput {
  bookingId: string;
  assistanceId: string;
}

export interface PassengerAssistanceReviewContext {
  bookingId: string;
  assistanceId: string;
  item: AssistanceItem | null;
  schemaError: boolean;
}

export type PassengerAssistanceReviewEvent = { type: 'assistance.retry' };

export const passengerAssistanceReviewMessages = {
  loadError: m.passenger_assistance_review_load_error(),
  notFound: m.passenger_assistance_review_not_found(),
  booked: m.passenger_assistance_review_booked(),
} as const;


export const passengerAssistanceReviewMachine = setup({
  types: {
    context: {} as PassengerAssistanceReviewContext,
    events: {} as PassengerAssistanceReviewEvent,
    input: {} as PassengerAssistanceReviewInput,
  },
  actors: {
    fetchAssistance: fromPromise<AssistanceItem, { bookingId: string; assistanceId: string }>(async () => {
      throw new Error('fetchAssistance not provided');
    }),
  },
  guards: {
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
  },
  actions: {
    storeItem: assign({
      item: ({ event }) => doneOutput<AssistanceItem>(event, 'fetchAssistance'),
      schemaError: false,
    }),
    storeLoadError: assign({
      schemaError: ({ event }) => isSchemaProblem(event),
    }),
  },
}).createMachine({
  id: 'passengerAssistanceReview',
  context: ({ input }) => ({ bookingId: input.bookingId, assistanceId: input.assistanceId, item: null, schemaError: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the booking and this assistance.',
      invoke: {
        id: 'fetchAssistance',
        src: 'fetchAssistance',
        input: ({ context }) => ({ bookingId: context.bookingId, assistanceId: context.assistanceId }),
        onDone: { target: 'ready', actions: 'storeItem' },
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
    ready: {
      description: 'The assistance is shown; while booked, a link leads to cancelling it.',
    },
  },
});
