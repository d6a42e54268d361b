import { assign, fromPromise, setup } from 'xstate';
import type { RailcardsListResponse } from '#src/schemas/railcards';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Select a railcard for a passenger: the railcards they can add (railcardslist), with retry. Given
 * what its route loaded (docs/decisions/730), the chart starts from it; without it, it loads the list.
 */
export interface RailcardSelectContext {
  passengerId: string;
  list: RailcardsListResponse | null;
  error: unknown;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<RailcardsListResponse> | null;
}

export interface RailcardSelectInput {
  passengerId: string;
  first?: FirstData<RailcardsListResponse> | null | undefined;
}

export type RailcardSelectEvent = { type: 'list.retry' };

export const railcardSelectMachine = setup({
  types: {
    context: {} as RailcardSelectContext,
    events: {} as RailcardSelectEvent,
    input: {} as RailcardSelectInput,
  },
  actors: {
    fetchRailcards: fromPromise<RailcardsListResponse, { passengerId: string }>(async () => {
      throw new Error('fetchRailcards not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    /** The route's list, as `storeList` stores a fetched one. */
    storeFirstList: assign(({ context }) =>
      firstLoaded(context.first) ? { list: context.first.data, error: null } : {},
    ),
    /** The route's failure, as `storeError` stores the chart's own. */
    storeFirstError: assign(({ context }) => (firstFailed(context.first) ? { error: context.first.error } : {})),
    storeList: assign(({ event }) => ({
      list: doneOutput<RailcardsListResponse>(event, 'fetchRailcards'),
      error: null,
    })),
    storeError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
  },
}).createMachine({
  id: 'railcardSelect',
  context: ({ input }) => ({ passengerId: input.passengerId, list: null, error: null, first: input.first ?? null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Where the page starts: from what the route loaded (the list, or the error), else it loads it.',
      always: [
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstList' },
        { guard: 'firstFailed', target: 'failed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
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
