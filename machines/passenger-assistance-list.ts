import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { hasStatus, isSchemaProblem } from './lib/problems';
import type { AssistanceOverview } from '#src/schemas/passenger-assistance';

/**
 * /bookings/{bookingId}/passenger-assistance: the assistance booked for each passenger and leg of
 * one booking (docs/product/screens.md). Loads the booking and its assistance; a booking the customer cannot
 * open (403/404) is not found; anything else is an error with retry.
 */
export interface PassengerAssistanceListInput {
  bookingId: string;
}

export interface PassengerAssistanceListContext {
  bookingId: string;
  overview: AssistanceOverview | null;
  /** The last load failed because the response had an unexpected shape. */
  schemaError: boolean;
}

export type PassengerAssistanceListEvent = { type: 'assistance.retry' };

export const passengerAssistanceListMachine = setup({
  types: {
    context: {} as PassengerAssistanceListContext,
    events: {} as PassengerAssistanceListEvent,
    input: {} as PassengerAssistanceListInput,
  },
  actors: {
    fetchOverview: fromPromise<AssistanceOverview, { bookingId: string }>(async () => {
      throw new Error('fetchOverview not provided');
    }),
  },
  guards: {
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
  },
  actions: {
    storeOverview: assign({
      overview: ({ event }) => doneOutput<AssistanceOverview>(event, 'fetchOverview'),
      schemaError: false,
    }),
    storeLoadError: assign({
      schemaError: ({ event }) => isSchemaProblem(event),
    }),
  },
}).createMachine({
  id: 'passengerAssistanceList',
  context: ({ input }) => ({ bookingId: input.bookingId, overview: null, schemaError: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the booking (passengers and legs) and the assistance booked on it.',
      invoke: {
        id: 'fetchOverview',
        src: 'fetchOverview',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: { target: 'ready', actions: 'storeOverview' },
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
      description: 'The booking does not exist or belongs to someone else: nothing to retry.',
    },
    ready: {
      description: 'Assistance per passenger and leg is shown, with a link to request more.',
    },
  },
});
