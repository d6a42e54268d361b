import { assign, fromPromise, setup } from 'xstate';
import type { PassengersAndRailcardsResponse, PassengerWithRailcards } from '#src/schemas/passengers';
import { doneOutput } from './lib/done-output';

/** The passengers-and-railcards list: loading, loaded (possibly only the account holder), failed with retry. */
export interface PassengersListContext {
  passengers: PassengerWithRailcards[];
  /** The last load failure, as thrown (screens word it: schema mismatch, network, status). */
  error: unknown;
}

export type PassengersListEvent = { type: 'list.retry' };

export const passengersListMachine = setup({
  types: {
    context: {} as PassengersListContext,
    events: {} as PassengersListEvent,
  },
  actors: {
    fetchPassengers: fromPromise<PassengersAndRailcardsResponse>(async () => {
      throw new Error('fetchPassengers not provided');
    }),
  },
  actions: {
    storePassengers: assign(({ event }) => ({
      passengers: doneOutput<PassengersAndRailcardsResponse>(event, 'fetchPassengers').passengers,
      error: null,
    })),
    storeError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
  },
}).createMachine({
  id: 'passengersList',
  context: { passengers: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The saved passengers are loading.',
      invoke: {
        id: 'fetchPassengers',
        src: 'fetchPassengers',
        onDone: { target: 'loaded', actions: 'storePassengers' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    loaded: { description: 'The passengers and their railcards (possibly only the account holder).' },
    failed: {
      description: 'The passengers could not be loaded: an error with a retry.',
      on: { 'list.retry': 'loading' },
    },
  },
});
