import { expect } from 'vitest';
import { railcardSelectMachine } from '#machines/railcard-select';
import { describeMachineModel } from './harness';

describeMachineModel(railcardSelectMachine, {
  name: 'railcardSelectMachine',
  input: { passengerId: 'p1' },
  events: {
    'xstate.done.actor.fetchRailcards': [
      {
        type: 'xstate.done.actor.fetchRailcards',
        output: { passenger: { id: 'p1', firstName: 'Ruby', lastName: 'Morgan' }, railcards: [] },
      },
    ],
    'xstate.error.actor.fetchRailcards': [{ type: 'xstate.error.actor.fetchRailcards', error: new Error('offline') }],
  },
  calls: { loading: { fetchRailcards: { passengerId: 'p1' } } },
  // A passenger's railcards (docs/product/screens.md): loading, error with retry, the list.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'list.retry']).toContain(event.type);
      expect(context.passengerId).toBe('p1');
    },
    loaded: ({ context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchRailcards');
      expect(context.list).toEqual({ passenger: { id: 'p1', firstName: 'Ruby', lastName: 'Morgan' }, railcards: [] });
    },
    failed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchRailcards');
      expect(context.error).toEqual(new Error('offline'));
      expect(context.list).toBeNull();
      expect(snapshot.can({ type: 'list.retry' })).toBe(true);
    },
  },
});
