import { expect } from 'vitest';
import { editPassengersMachine, editPassengersMessages } from '../../machines/edit-passengers';
import { describeMachineModel } from './harness';

describeMachineModel(editPassengersMachine, {
  name: 'editPassengersMachine',
  input: { bookingId: 'b1' },
  events: {
    'passenger.edit': [{ type: 'passenger.edit', passengerId: 'p1', firstName: 'Alex', lastName: 'Morgan' }],
    'form.change': (snap) => {
      const { firstName } = snap.context.values;
      // One invalid value, then a valid one: enough to reach every guard outcome.
      if (firstName === 'Alex') return [{ type: 'form.change', field: 'firstName', value: 'A' } as const];
      if (firstName === 'A') return [{ type: 'form.change', field: 'firstName', value: 'Alexandra' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'firstName' }],
    'xstate.done.actor.editPassengers': [{ type: 'xstate.done.actor.editPassengers', output: { bookingId: 'b1', passengers: [] } }],
    'xstate.error.actor.editPassengers': [
      { type: 'xstate.error.actor.editPassengers', error: { status: 422, problem: { kind: 'http', detail: 'Each passenger on a booking needs a different name.' } } },
      { type: 'xstate.error.actor.editPassengers', error: { status: 500, problem: { kind: 'http', detail: null } } },
    ],
  },
  serializeContext: (c) => ({ first: c.values.firstName, open: c.passengerId, error: c.errorMessage, saved: c.saved, attempted: c.submitAttempted, touched: c.touched }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    if (snapshot.matches('submitting')) expect(c.values.firstName).toBe('Alexandra');
    if (snapshot.matches('editing') && c.errorMessage) {
      expect(['Each passenger on a booking needs a different name.', editPassengersMessages.generic]).toContain(c.errorMessage);
      expect(c.values.firstName).toBe('Alexandra');
    }
    if (snapshot.matches('idle') && c.saved) expect(c.passengerId).toBeNull();
  },
});
