import { assign, fromPromise, setup } from 'xstate';
import type { Smartcard } from '#src/schemas/smartcards';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * The customer's smartcards (/smartcards): loading, a fetch error with retry, the list. The call is
 * not in docs/product/api.md: a host without it gives null, and the page says so quietly (decision 342).
 * Given what its route loaded (docs/decisions/730), the chart starts from it; without it, it loads them.
 */
export interface SmartcardsInput {
  /** What the route's loader got (the smartcards, null for a host without them, or the load's error). */
  first?: FirstData<Smartcard[] | null> | null | undefined;
}

export interface SmartcardsContext {
  first: FirstData<Smartcard[] | null> | null;
  smartcards: Smartcard[] | null;
}

export type SmartcardsEvent = { type: 'smartcards.retry' };

export const smartcardsMachine = setup({
  types: {
    context: {} as SmartcardsContext,
    events: {} as SmartcardsEvent,
    input: {} as SmartcardsInput | undefined,
  },
  actors: {
    fetchSmartcards: fromPromise<Smartcard[] | null>(async () => {
      throw new Error('fetchSmartcards not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    storeFirstSmartcards: assign(({ context }) => ({
      smartcards: firstLoaded(context.first) ? context.first.data : [],
    })),
    storeSmartcards: assign(({ event }) => ({ smartcards: doneOutput<Smartcard[] | null>(event, 'fetchSmartcards') })),
  },
}).createMachine({
  id: 'smartcards',
  context: ({ input }) => ({ first: input?.first ?? null, smartcards: [] }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the page starts: from what the route loaded (the smartcards, or the error), else it loads them.',
      always: [
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstSmartcards' },
        { guard: 'firstFailed', target: 'loadFailed' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: "The customer's smartcards are loading.",
      invoke: {
        id: 'fetchSmartcards',
        src: 'fetchSmartcards',
        onDone: { target: 'loaded', actions: 'storeSmartcards' },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The smartcards could not be loaded: an error with a retry.',
      on: { 'smartcards.retry': { target: 'loading' } },
    },
    loaded: { description: 'The smartcards, or the empty state.' },
  },
});
