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
  status: 'valid',
};

describeMachineModel(digitalRailcardMachine, {
  name: 'digitalRailcardMachine',
  input: { railcardId: 'r1' },
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
      expect(context.card).toBeNull();
    },
    showing: ({ context }) => {
      expect(context.card).toEqual(card);
      expect(context.error).toBeNull();
    },
    'showing.normal': ({ snapshot, event }) => {
      expect(['xstate.done.actor.fetchDigitalRailcard', 'card.shrink']).toContain(event.type);
      expect(snapshot.can({ type: 'card.enlarge' })).toBe(true);
    },
    'showing.enlarged': ({ snapshot, event }) => {
      expect(event.type).toBe('card.enlarge');
      expect(snapshot.can({ type: 'card.shrink' })).toBe(true);
    },
    failed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchDigitalRailcard');
      expect(context.error).toEqual(new Error('404'));
      expect(context.card).toBeNull();
      expect(snapshot.can({ type: 'card.retry' })).toBe(true);
    },
  },
});
