import { expect } from 'vitest';
import { passengersListMachine } from '#machines/passengers-list';
import { describeMachineModel } from './harness';

const holder = {
  id: 'p1',
  firstName: 'Alex',
  lastName: 'Morgan',
  nickName: null,
  emailAddress: 'demo@example.com',
  day: '14',
  month: '03',
  year: '1998',
  isAccountHolder: true,
  railcards: [],
};

describeMachineModel(passengersListMachine, {
  name: 'passengersListMachine',
  events: {
    'xstate.done.actor.fetchPassengers': [
      { type: 'xstate.done.actor.fetchPassengers', output: { passengers: [holder] } },
    ],
    'xstate.error.actor.fetchPassengers': [{ type: 'xstate.error.actor.fetchPassengers', error: new Error('offline') }],
  },
  calls: { loading: { fetchPassengers: undefined } },
  // Passengers and railcards list (docs/product/screens.md): loading, error with retry, the passengers.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'list.retry']).toContain(event.type);
      // Nothing is listed before the first answer.
      if (event.type === 'xstate.init') expect(context).toEqual({ passengers: [], error: null });
    },
    loaded: ({ context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchPassengers');
      expect(context.passengers).toEqual([holder]);
      expect(context.passengers[0]?.isAccountHolder).toBe(true);
    },
    failed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchPassengers');
      expect(context.error).toEqual(new Error('offline'));
      expect(snapshot.can({ type: 'list.retry' })).toBe(true);
    },
  },
});
