import { assign, fromPromise, setup } from 'xstate';
import type { TokenBookings } from '#src/schemas/bookings-list';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * /order-token: the bookings a guest may fetch (GET booking/token), with loading, error and retry.
 * Given what its route loaded (docs/decisions/730), the chart starts from it; without it, it loads them.
 */
export interface TokenBookingsInput {
  /** What the route's loader got (the link's bookings, or the load's error). */
  first?: FirstData<TokenBookings> | null | undefined;
}

export interface TokenBookingsContext {
  first: FirstData<TokenBookings> | null;
  data: TokenBookings | null;
}

export type TokenBookingsEvent = { type: 'tokenBookings.retry' };

export const tokenBookingsMachine = setup({
  types: {
    context: {} as TokenBookingsContext,
    events: {} as TokenBookingsEvent,
    input: {} as TokenBookingsInput | undefined,
  },
  actors: {
    fetchTokenBookings: fromPromise<TokenBookings>(async () => {
      throw new Error('fetchTokenBookings not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    storeFirstData: assign(({ context }) => ({ data: firstLoaded(context.first) ? context.first.data : null })),
    storeData: assign(({ event }) => ({ data: doneOutput<TokenBookings>(event, 'fetchTokenBookings') })),
  },
}).createMachine({
  id: 'tokenBookings',
  context: ({ input }) => ({ first: input?.first ?? null, data: null }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the page starts: from what the route loaded (the bookings, or the error), else it loads them.',
      always: [
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstData' },
        { guard: 'firstFailed', target: 'failed' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The bookings this guest may see are loading (GET booking/token).',
      invoke: {
        id: 'fetchTokenBookings',
        src: 'fetchTokenBookings',
        onDone: { target: 'loaded', actions: 'storeData' },
        onError: { target: 'failed' },
      },
    },
    loaded: { description: "The guest's bookings, or the empty state." },
    failed: {
      description: 'The bookings could not be loaded: an error with a retry.',
      on: { 'tokenBookings.retry': { target: 'loading' } },
    },
  },
});
