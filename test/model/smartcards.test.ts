import { expect } from 'vitest';
import { smartcardsMachine } from '#machines/smartcards';
import type { Smartcard } from '#src/schemas/smartcards';
import { describeMachineModel } from './harness';

const smartcards: Smartcard[] = [
  {
    id: 's1',
    numberLastFour: '8901',
    operator: 'Northern',
    status: 'ACTIVE',
    expiryDate: '2030-01-31',
    productsAwaitingCollection: [],
  },
];

describeMachineModel(smartcardsMachine, {
  name: 'smartcardsMachine',
  events: {
    'xstate.done.actor.fetchSmartcards': [
      { type: 'xstate.done.actor.fetchSmartcards', output: smartcards },
      // A host without the smartcards call (not in docs/product/api.md): the API gives null (decision 342).
      { type: 'xstate.done.actor.fetchSmartcards', output: null },
    ],
    'xstate.error.actor.fetchSmartcards': [{ type: 'xstate.error.actor.fetchSmartcards', error: { status: 500 } }],
  },
  serializeContext: (c) => ({ absent: c.smartcards === null }),
  calls: { loading: { fetchSmartcards: undefined } },
  // Smartcards (docs/product/screens.md): loading, error with retry, the cards.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'smartcards.retry']).toContain(event.type);
      expect(context.smartcards).toEqual([]);
    },
    loaded: ({ context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchSmartcards');
      expect(context.smartcards).toEqual((event as unknown as { output: unknown }).output);
    },
    loadFailed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchSmartcards');
      expect(context.smartcards).toEqual([]);
      expect(snapshot.can({ type: 'smartcards.retry' })).toBe(true);
    },
  },
});
