import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { isSchemaProblem } from './lib/problems';
import type { UpcomingAssistance } from '#src/schemas/passenger-assistance';
import { m } from '#src/paraglide/messages.js';

/**
 * The account's passenger assistance page (spec section 2, "passenger assistance base path"):
 * assistance across the customer's upcoming journeys, and the journeys that have none yet.
 */
export interface AccountPassengerAssistanceContext {
  bookings: UpcomingAssistance;
  schemaError: boolean;
}

export type AccountPassengerAssistanceEvent = { type: 'assistance.retry' };

export const accountPassengerAssistanceMessages = {
  loadError: m.account_passenger_assistance_load_error(),
  noJourneys: m.account_passenger_assistance_no_journeys(),
  noneBooked: m.account_passenger_assistance_none_booked(),
} as const;

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
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
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
