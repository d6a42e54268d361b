import { assign, fromPromise, setup } from 'xstate';
import type { RailcardsListResponse } from '#src/schemas/railcards';
import { doneOutput } from './lib/done-output';

/** Select a railcard for a passenger: the railcards they can add (railcardslist), with retry. */
export interface RailcardSelectContext {
  passengerId: string;
  list: RailcardsListResponse | null;
  error: unknown;
}

export type RailcardSelectEvent = { type: 'list.retry' };

export const railcardSelectMachine = setup({
  types: {
    context: {} as RailcardSelectContext,
    events: {} as RailcardSelectEvent,
    input: {} as { passengerId: string },
  },
  actors: {
    fetchRailcards: fromPromise<RailcardsListResponse, { passengerId: string }>(async () => {
      throw new Error('fetchRailcards not provided');
    }),
  },
  actions: {
    storeList: assign(({ event }) => ({
      list: doneOutput<RailcardsListResponse>(event, 'fetchRailcards'),
      error: null,
    })),
    storeError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
  },
}).createMachine({
  id: 'railcardSelect',
  context: ({ input }) => ({ passengerId: input.passengerId, list: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The railcards this passenger can add are loading.',
      invoke: {
        id: 'fetchRailcards',
        src: 'fetchRailcards',
        input: ({ context }) => ({ passengerId: context.passengerId }),
        onDone: { target: 'loaded', actions: 'storeList' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    loaded: { description: 'The railcards to pick from.' },
    failed: {
      description: 'The railcards could not be loaded: an error with a retry.',
      on: { 'list.retry': 'loading' },
    },
  },
});
