import { assign, fromPromise, setup } from 'xstate';
import type { PassengersAndRailcardsResponse, PassengerWithRailcards } from '#src/schemas/passengers';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/** The passengers-and-railcards list: loading, loaded (possibly only the account holder), failed with retry. */
export interface PassengersListContext {
  passengers: PassengerWithRailcards[];
  /** The last load failure, as thrown (screens word it: schema mismatch, network, status). */
  error: unknown;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<PassengersAndRailcardsResponse> | null;
}

export interface PassengersListInput {
  first?: FirstData<PassengersAndRailcardsResponse> | undefined;
}

export type PassengersListEvent = { type: 'list.retry' };

export const passengersListMachine = setup({
  types: {
    context: {} as PassengersListContext,
    events: {} as PassengersListEvent,
    input: {} as PassengersListInput,
  },
  actors: {
    fetchPassengers: fromPromise<PassengersAndRailcardsResponse>(async () => {
      throw new Error('fetchPassengers not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    /** The route's list, as `storePassengers` stores a fetched one. */
    storeFirstPassengers: assign(({ context }) => ({
      passengers: firstLoaded(context.first) ? context.first.data.passengers : [],
      error: null,
    })),
    /** The route's error, as `storeError` stores a fetch's. */
    storeFirstError: assign(({ context }) => ({ error: firstFailed(context.first) ? context.first.error : null })),
    storePassengers: assign(({ event }) => ({
      passengers: doneOutput<PassengersAndRailcardsResponse>(event, 'fetchPassengers').passengers,
      error: null,
    })),
    storeError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
  },
}).createMachine({
  id: 'passengersList',
  context: ({ input }) => ({ passengers: [], error: null, first: input?.first ?? null }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the screen starts: from what the route loaded (the passengers or its error), else it fetches them.',
      always: [
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstPassengers' },
        { guard: 'firstFailed', target: 'failed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
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
