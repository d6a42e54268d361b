import { assign, fromPromise, setup } from 'xstate';
import type { Smartcard } from '#src/schemas/smartcards';
import { doneOutput } from './lib/done-output';

/**
 * The customer's smartcards (/smartcards): loading, a fetch error with retry, the list. The call is
 * not in docs/product/api.md: a host without it gives null, and the page says so quietly (decision 342).
 */
export interface SmartcardsContext {
  smartcards: Smartcard[] | null;
}

export type SmartcardsEvent = { type: 'smartcards.retry' };

export const smartcardsMachine = setup({
  types: {
    context: {} as SmartcardsContext,
    events: {} as SmartcardsEvent,
  },
  actors: {
    fetchSmartcards: fromPromise<Smartcard[] | null>(async () => {
      throw new Error('fetchSmartcards not provided');
    }),
  },
  actions: {
    storeSmartcards: assign(({ event }) => ({ smartcards: doneOutput<Smartcard[] | null>(event, 'fetchSmartcards') })),
  },
}).createMachine({
  id: 'smartcards',
  context: { smartcards: [] },
  initial: 'loading',
  states: {
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
