import { expect } from 'vitest';
import { railcardSelectMachine } from '../../machines/railcard-select';
import { describeMachineModel } from './harness';

describeMachineModel(railcardSelectMachine, {
  name: 'railcardSelectMachine',
  input: { passengerId: 'p1' },
  events: {
    'xstate.done.actor.fetchRailcards': [
      { type: 'xstate.done.actor.fetchRailcards', output: { passenger: { id: 'p1', firstName: 'Ruby', lastName: 'Morgan' }, railcards: [] } },
    ],
    'xstate.error.actor.fetchRailcards': [{ type: 'xstate.error.actor.fetchRailcards', error: new Error('offline') }],
  },
  assert: (snapshot) => {
    if (snapshot.matches('loaded')) expect(snapshot.context.list?.passenger.id).toBe('p1');
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBeInstanceOf(Error);
  },
});
