import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { hasStatus, isSchemaProblem } from './lib/problems';
import type { UpcomingAssistance } from '#src/schemas/passenger-assistance';

/**
 * The account's passenger assistance page (docs/product/screens.md, "passenger assistance base path"):
 * assistance across the customer's upcoming journeys, and the journeys that have none yet. The
 * call is not in docs/product/api.md: a host without it answers 404, and the page says where a customer
 * books assistance instead, from each booking (decision 342).
 */
export interface AccountPassengerAssistanceContext {
  bookings: UpcomingAssistance;
  schemaError: boolean;
}

export type AccountPassengerAssistanceEvent = { type: 'assistance.retry' };

export const accountPassengerAssistanceMachine = setup({
  types: {
    context: {} as AccountPassengerAssistanceContext,
    events: {} as AccountPassengerAssistanceEvent,
  },
  actors: {
    fetchUpcoming: fromPromise<UpcomingAssistance>(async () => {
      throw new Error('fetchUpcoming not provided');
    }),
  },
  guards: {
    /** 404: the host does not offer a list across bookings (docs/integrators.md). */
    hostLacksList: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    storeBookings: assign({
      bookings: ({ event }) => doneOutput<UpcomingAssistance>(event, 'fetchUpcoming'),
      schemaError: false,
    }),
    storeLoadError: assign({
      schemaError: ({ event }) => isSchemaProblem(event),
    }),
  },
}).createMachine({
  id: 'accountPassengerAssistance',
  context: { bookings: [], schemaError: false },
  initial: 'loading',
  states: {
    loading: {
      description: "Loading the customer's upcoming journeys with their assistance.",
      invoke: {
        id: 'fetchUpcoming',
        src: 'fetchUpcoming',
        onDone: { target: 'ready', actions: 'storeBookings' },
        onError: [
          { guard: 'hostLacksList', target: 'absent' },
          { target: 'loadFailed', actions: 'storeLoadError' },
        ],
      },
    },
    absent: {
      description:
        'The host has no list across bookings (404): the page says assistance is booked from each booking, with a link to the bookings.',
    },
    loadFailed: {
      description: 'The load failed; the customer can try again.',
      on: { 'assistance.retry': { target: 'loading' } },
    },
    ready: {
      description: 'Booked assistance per journey, then journeys without any, each with a link to request it.',
    },
  },
});
