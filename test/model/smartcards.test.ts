import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import { smartcardsMachine } from '#machines/smartcards';
import type { Smartcard } from '#src/schemas/smartcards';
import { describeMachineModel, outputReached, reachedBy } from './harness';

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
  // The route's load (docs/decisions/730): the cards, a host without them, the load's error.
  inputs: [{}, { first: { data: smartcards } }, { first: { data: null } }, { first: { error: { status: 500 } } }],
  events: {
    'xstate.done.actor.fetchSmartcards': [
      { type: 'xstate.done.actor.fetchSmartcards', output: smartcards },
      // A host without the smartcards call (not in docs/product/api.md): the API gives null (decision 342).
      { type: 'xstate.done.actor.fetchSmartcards', output: null },
    ],
    'xstate.error.actor.fetchSmartcards': [{ type: 'xstate.error.actor.fetchSmartcards', error: { status: 500 } }],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    absent: c.smartcards === null,
  }),
  calls: { loading: { fetchSmartcards: undefined } },
  // Smartcards (docs/product/screens.md): loading, error with retry, the cards.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'smartcards.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.smartcards).toEqual([]);
    },
    loaded: ({ context, event }) => {
      // From the route's load, or the chart's own.
      reachedBy({ context, event }, 'xstate.done.actor.fetchSmartcards');
      expect(context.smartcards).toEqual(outputReached({ context, event }));
    },
    loadFailed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(event.type).toBe('xstate.error.actor.fetchSmartcards');
      expect(context.smartcards).toEqual([]);
      expect(snapshot.can({ type: 'smartcards.retry' })).toBe(true);
    },
  },
});

// The chart's input is optional: started with none (no route load), it loads the smartcards itself.
it('starts with no input by loading the smartcards', () => {
  const snapshot = createActor(smartcardsMachine, { input: undefined as never }).getSnapshot();
  expect([snapshot.value, snapshot.context]).toEqual(['loading', { first: null, smartcards: [] }]);
});
