import { expect } from 'vitest';
import { railcardSelectMachine } from '#machines/railcard-select';
import { describeMachineModel } from './harness';

const list = { passenger: { id: 'p1', firstName: 'Ruby', lastName: 'Morgan' }, railcards: [] };

describeMachineModel(railcardSelectMachine, {
  name: 'railcardSelectMachine',
  // The route's load (docs/decisions/730): the list, or the load's error.
  inputs: [
    { passengerId: 'p1' },
    { passengerId: 'p1', first: { data: list } },
    { passengerId: 'p1', first: { error: new Error('offline') } },
  ],
  serializeContext: (c) => ({ first: c.first === null ? null : 'data' in c.first ? 'data' : 'error' }),
  events: {
    'xstate.done.actor.fetchRailcards': [{ type: 'xstate.done.actor.fetchRailcards', output: list }],
    'xstate.error.actor.fetchRailcards': [{ type: 'xstate.error.actor.fetchRailcards', error: new Error('offline') }],
  },
  calls: { loading: { fetchRailcards: { passengerId: 'p1' } } },
  // A passenger's railcards (docs/product/screens.md): loading, error with retry, the list.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'list.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.passengerId).toBe('p1');
    },
    loaded: ({ context, event }) => {
      // From the route's load, or the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: list });
      else expect(event.type).toBe('xstate.done.actor.fetchRailcards');
      expect(context.list).toEqual(list);
      expect(context.error).toBeNull();
    },
    failed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: new Error('offline') });
      else expect(event.type).toBe('xstate.error.actor.fetchRailcards');
      expect(context.error).toEqual(new Error('offline'));
      expect(context.list).toBeNull();
      expect(snapshot.can({ type: 'list.retry' })).toBe(true);
    },
  },
});
