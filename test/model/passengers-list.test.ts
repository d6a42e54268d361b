import { expect } from 'vitest';
import { passengersListMachine } from '../../machines/passengers-list';
import { describeMachineModel } from './harness';

const holder = {
  id: 'p1', firstName: 'Alex', lastName: 'Morgan', nickName: null, emailAddress: 'demo@example.com',
  day: '14', month: '03', year: '1998', isAccountHolder: true, railcards: [],
};

describeMachineModel(passengersListMachine, {
  name: 'passengersListMachine',
  events: {
    'xstate.done.actor.fetchPassengers': [{ type: 'xstate.done.actor.fetchPassengers', output: { passengers: [holder] } }],
    'xstate.error.actor.fetchPassengers': [{ type: 'xstate.error.actor.fetchPassengers', error: new Error('offline') }],
  },
  assert: (snapshot) => {
    if (snapshot.matches('loaded')) expect(snapshot.context.passengers[0]?.isAccountHolder).toBe(true);
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBeInstanceOf(Error);
  },
});
