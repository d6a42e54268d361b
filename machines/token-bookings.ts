import { assign, fromPromise, setup } from 'xstate';
import type { TokenBookings } from '#src/schemas/bookings-list';
import { doneOutput } from './lib/done-output';

/** /order-token: the bookings a guest may fetch (GET booking/token), with loading, error and retry. */
export interface TokenBookingsContext {
  data: TokenBookings | null;
}

export type TokenBookingsEvent = { type: 'tokenBookings.retry' };

export const tokenBookingsMachine = setup({
  types: {
    context: {} as TokenBookingsContext,
    events: {} as TokenBookingsEvent,
  },
  actors: {
    fetchTokenBookings: fromPromise<TokenBookings>(async () => {
      throw new Error('fetchTokenBookings not provided');
    }),
  },
  actions: {
    storeData: assign(({ event }) => ({ data: doneOutput<TokenBookings>(event, 'fetchTokenBookings') })),
  },
}).createMachine({
  id: 'tokenBookings',
  context: { data: null },
  initial: 'loading',
  states: {
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
