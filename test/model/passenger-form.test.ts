import { expect } from 'vitest';
import { passengerFormMachine, type PassengerFormContext } from '../../machines/passenger-form';
import type { PassengerField } from '../../src/schemas/passengers';
import { describeMachineModel } from './harness';

const today = '2026-06-15';
const filled: Partial<Record<PassengerField, string>> = { firstName: 'Robin', lastName: 'Smith', day: '07', month: '03', year: '1990' };
const order = Object.keys(filled) as PassengerField[];
const saved = (isAccountHolder: boolean) => ({
  id: 'p1', firstName: 'Alex', lastName: 'Morgan', nickName: null, emailAddress: isAccountHolder ? null : 'a@example.com',
  day: '14', month: '03', year: '1998', isAccountHolder,
});
const nextChange = (c: PassengerFormContext) => {
  // Add: fill the required fields in order. Edit: one change to a loaded value, then one more.
  const empty = order.find((f) => c.values[f] === '');
  if (empty) return [{ type: 'form.change', field: empty, value: filled[empty]! } as const];
  if (c.values.firstName === 'Alex') return [{ type: 'form.change', field: 'firstName', value: 'Alexa' } as const];
  if (c.values.firstName === 'Alexa') return [{ type: 'form.change', field: 'firstName', value: 'Alexandra' } as const];
  return [];
};

describeMachineModel(passengerFormMachine, {
  name: 'passengerFormMachine',
  inputs: [
    { mode: 'add', passengerId: null, today },
    { mode: 'edit', passengerId: 'p1', today },
  ],
  events: {
    'form.change': (snap) => nextChange(snap.context),
    'form.blur': [{ type: 'form.blur', field: 'dateOfBirth' }],
    'form.toggleUpdateAccount': (snap) => (snap.context.isAccountHolder && !snap.context.shouldUpdateAccount ? [{ type: 'form.toggleUpdateAccount', value: true } as const] : []),
    'xstate.done.actor.fetchPassenger': [
      { type: 'xstate.done.actor.fetchPassenger', output: saved(false) },
      { type: 'xstate.done.actor.fetchPassenger', output: saved(true) },
    ],
    'xstate.error.actor.fetchPassenger': [{ type: 'xstate.error.actor.fetchPassenger', error: new Error('offline') }],
    'xstate.done.actor.savePassenger': (snap) => [
      { type: 'xstate.done.actor.savePassenger', output: { passenger: saved(snap.context.isAccountHolder), accountUpdateFailed: false } },
      ...(snap.context.isAccountHolder
        ? [{ type: 'xstate.done.actor.savePassenger', output: { passenger: saved(true), accountUpdateFailed: true } }]
        : []),
    ],
    'xstate.error.actor.savePassenger': [{ type: 'xstate.error.actor.savePassenger', error: new Error('500') }],
    'xstate.done.actor.deletePassenger': [{ type: 'xstate.done.actor.deletePassenger', output: { success: true } }],
    'xstate.error.actor.deletePassenger': [{ type: 'xstate.error.actor.deletePassenger', error: new Error('500') }],
  },
  serializeContext: (c) => ({
    values: c.values,
    holder: c.isAccountHolder,
    sync: c.shouldUpdateAccount,
    submitAttempted: c.submitAttempted,
    saveFailed: c.saveFailed,
    accountUpdateFailed: c.accountUpdateFailed,
    deleteFailed: c.deleteFailed,
    dirty: c.dirty,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    if (snapshot.matches('confirmingDelete') || snapshot.matches('deleting')) {
      expect(snapshot.context.isAccountHolder).toBe(false);
      expect(snapshot.context.mode).toBe('edit');
    }
    if (snapshot.matches('saved')) expect(snapshot.output).toEqual({ outcome: 'saved' });
    if (snapshot.matches('deleted')) expect(snapshot.output).toEqual({ outcome: 'deleted' });
    if (snapshot.matches('submitting')) expect(snapshot.context.saveFailed).toBe(false);
  },
});
