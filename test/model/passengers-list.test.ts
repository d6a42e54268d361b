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
  // The route's loader may have fetched the list already (docs/decisions/730): the chart starts
  // from it or from its error, and asks only on a retry.
  inputs: [{}, { first: { data: { passengers: [holder] } } }, { first: { error: new Error('offline') } }],
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
      if (event.type === 'xstate.init') expect(context).toEqual({ passengers: [], error: null, first: null });
    },
    loaded: ({ context, event }) => {
      expect(['xstate.init', 'xstate.done.actor.fetchPassengers']).toContain(event.type);
      expect(context.error).toBeNull();
      expect(context.passengers).toEqual([holder]);
      expect(context.passengers[0]?.isAccountHolder).toBe(true);
    },
    failed: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'xstate.error.actor.fetchPassengers']).toContain(event.type);
      expect(context.error).toEqual(new Error('offline'));
      expect(snapshot.can({ type: 'list.retry' })).toBe(true);
    },
  },
});
