import { assign, fromPromise, setup } from 'xstate';
import type { Smartcard } from '#src/schemas/smartcards';
import { m } from '#src/paraglide/messages.js';

/** The customer's smartcards (/smartcards): loading, a fetch error with retry, the list. */
export interface SmartcardsContext {
  smartcards: Smartcard[];
}

export type SmartcardsEvent = { type: 'smartcards.retry' };

export const smartcardsMessages = {
  fetchError: m.smartcards_fetch_error(),
} as const;

export const smartcardsMachine = setup({
  types: {
    context: {} as SmartcardsContext,
    events: {} as SmartcardsEvent,
  },
  actors: {
    fetchSmartcards: fromPromise<Smartcard[]>(async () => {
      throw new Error('fetchSmartcards not provided');
    }),
  },
  actions: {
    storeSmartcards: assign((_, params: { smartcards: Smartcard[] }) => ({ smartcards: params.smartcards })),
  },
}).createMachine({
  id: 'smartcards',
  context: { smartcards: [] },
  initial: 'loading',
  states: {
    loading: {
      description: 'The customer\'s smartcards are loading.',
      invoke: {
        id: 'fetchSmartcards',
        src: 'fetchSmartcards',
        onDone: { target: 'loaded', actions: { type: 'storeSmartcards', params: ({ event }) => ({ smartcards: event.output }) } },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The smartcards could not be loaded: an error with a retry.',
      on: { 'smartcards.retry': { target: 'loading' } },
    },
    loaded: { description: 'The smartcards, or the empty state.', },
  },
});
