import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstDataOr, firstErrorPatch, firstFailedWith, loadErrorPatch } from './lib/page-load';
import { hasStatus } from './lib/problems';
import type { AssistanceOverview } from '#src/schemas/passenger-assistance';

/**
 * /bookings/{bookingId}/passenger-assistance: the assistance booked for each passenger and leg of
 * one booking (docs/product/screens.md). Loads the booking and its assistance; a booking the customer cannot
 * open (403/404) is not found; anything else is an error with retry. Given what its route loaded
 * (docs/decisions/730), the chart starts from it; without it, it loads them itself.
 */
export interface PassengerAssistanceListInput {
  bookingId: string;
  /** What the route's loader got (the booking and its assistance, or the load's error); absent, the chart loads them. */
  first?: FirstData<AssistanceOverview> | null | undefined;
}

export interface PassengerAssistanceListContext {
  bookingId: string;
  first: FirstData<AssistanceOverview> | null;
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
  // In the order the chart asks them: on the start, then on its own load.
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstNotFound: ({ context }) => firstFailedWith(context.first, 403, 404),
    firstFailed: ({ context }) => firstFailed(context.first),
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
  },
  actions: {
    storeFirstOverview: assign({ overview: ({ context }) => firstDataOr(context.first, null), schemaError: false }),
    storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
    storeOverview: assign({
      overview: ({ event }) => doneOutput<AssistanceOverview>(event, 'fetchOverview'),
      schemaError: false,
    }),
    storeLoadError: assign(({ event }) => loadErrorPatch(event)),
  },
}).createMachine({
  id: 'passengerAssistanceList',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    first: input.first ?? null,
    overview: null,
    schemaError: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the page starts: from what the route loaded (the assistance, not found, or the error), else it loads them itself.',
      always: [
        { guard: 'firstLoaded', target: 'ready', actions: 'storeFirstOverview' },
        { guard: 'firstNotFound', target: 'notFound' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
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
