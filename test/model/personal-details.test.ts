import { expect } from 'vitest';
import { personalDetailsMachine } from '../../machines/personal-details';
import { describeMachineModel } from './harness';

const loaded = { firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com', shouldUpdatePassenger: false };

describeMachineModel(personalDetailsMachine, {
  name: 'personalDetailsMachine',
  events: {
    'xstate.done.actor.fetchPersonalDetails': [{ type: 'xstate.done.actor.fetchPersonalDetails', output: loaded }],
    'xstate.error.actor.fetchPersonalDetails': [{ type: 'xstate.error.actor.fetchPersonalDetails', error: { status: 500 } }],
    // One valid edit and one invalid edit of the loaded name keep the model finite.
    'form.change': (snap) =>
      snap.context.values.firstName === 'Alex'
        ? [
            { type: 'form.change', field: 'firstName', value: 'Alexandra' } as const,
            { type: 'form.change', field: 'firstName', value: '' } as const,
          ]
        : [],
    'form.blur': [{ type: 'form.blur', field: 'firstName' }],
    'form.toggleUpdatePassenger': (snap) =>
      snap.context.shouldUpdatePassenger ? [] : [{ type: 'form.toggleUpdatePassenger', checked: true } as const],
    'xstate.done.actor.savePersonalDetails': (snap) => [
      {
        type: 'xstate.done.actor.savePersonalDetails',
        output: { firstName: snap.context.values.firstName, lastName: 'Morgan', email: 'demo@example.com', updatePassengerFailed: false },
      },
      {
        type: 'xstate.done.actor.savePersonalDetails',
        output: { firstName: snap.context.values.firstName, lastName: 'Morgan', email: 'demo@example.com', updatePassengerFailed: true },
      },
    ],
    'xstate.error.actor.savePersonalDetails': [{ type: 'xstate.error.actor.savePersonalDetails', error: { status: 503 } }],
  },
  serializeContext: (c) => ({
    values: c.values,
    update: c.shouldUpdatePassenger,
    dirty: c.dirty,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
    savedOnce: c.savedOnce,
    updateFailed: c.updateFailed,
    passengerUpdateFailed: c.passengerUpdateFailed,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    // Nothing typed is lost when the save fails.
    if (snapshot.context.updateFailed) expect(snapshot.context.dirty).toBe(true);
    if (snapshot.matches('editing') && snapshot.context.savedOnce && !snapshot.context.dirty) {
      expect(snapshot.context.baseline.firstName).toBe(snapshot.context.values.firstName);
    }
    if (snapshot.matches('loadFailed')) expect(snapshot.context.values).toEqual({ firstName: '', lastName: '' });
  },
});
