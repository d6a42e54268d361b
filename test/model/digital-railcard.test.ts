import { expect } from 'vitest';
import { digitalRailcardMachine } from '#machines/digital-railcard';
import { describeMachineModel } from './harness';

const card = {
  id: 'r1',
  railcardId: 'two-together',
  name: 'Two Together Railcard',
  code: 'TWO',
  discount: '1/3 off',
  cardNumber: 'TWO7730516',
  cardHolders: ['Alex Morgan', 'Jamie Morgan'],
  validFrom: '2025-09-01',
  expiryDate: '2026-09-01',
  status: 'valid' as const,
};

describeMachineModel(digitalRailcardMachine, {
  name: 'digitalRailcardMachine',
  // The route's load (docs/decisions/730): the card, or the load's error.
  inputs: [
    { railcardId: 'r1' },
    { railcardId: 'r1', first: { data: card } },
    { railcardId: 'r1', first: { error: new Error('404') } },
  ],
  serializeContext: (c) => ({ first: c.first === null ? null : 'data' in c.first ? 'data' : 'error' }),
  events: {
    'xstate.done.actor.fetchDigitalRailcard': [{ type: 'xstate.done.actor.fetchDigitalRailcard', output: card }],
    'xstate.error.actor.fetchDigitalRailcard': [
      { type: 'xstate.error.actor.fetchDigitalRailcard', error: new Error('404') },
    ],
  },
  calls: { loading: { fetchDigitalRailcard: { railcardId: 'r1' } } },
  // Digital railcard (docs/product/screens.md): loading, error with retry, the card; it can be enlarged.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'card.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.card).toBeNull();
    },
    showing: ({ context }) => {
      expect(context.card).toEqual(card);
      expect(context.error).toBeNull();
    },
    'showing.normal': ({ snapshot, event }) => {
      expect(['xstate.done.actor.fetchDigitalRailcard', 'card.shrink', 'xstate.init']).toContain(event.type);
      // From the route's load: the card it loaded.
      if (event.type === 'xstate.init') expect(snapshot.context.first).toEqual({ data: card });
      expect(snapshot.can({ type: 'card.enlarge' })).toBe(true);
    },
    'showing.enlarged': ({ snapshot, event }) => {
      expect(event.type).toBe('card.enlarge');
      expect(snapshot.can({ type: 'card.shrink' })).toBe(true);
    },
    failed: ({ snapshot, context, event }) => {
      // The route's load failed, or the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: new Error('404') });
      else expect(event.type).toBe('xstate.error.actor.fetchDigitalRailcard');
      expect(context.error).toEqual(new Error('404'));
      expect(context.card).toBeNull();
      expect(snapshot.can({ type: 'card.retry' })).toBe(true);
    },
  },
});
