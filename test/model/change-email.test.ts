import { expect } from 'vitest';
import { changeEmailMachine } from '../../machines/change-email';
import { describeMachineModel } from './harness';

describeMachineModel(changeEmailMachine, {
  name: 'changeEmailMachine',
  events: {
    'form.change': (snap) => {
      const { newEmailAddress, currentPassword } = snap.context.values;
      if (newEmailAddress === '') return [{ type: 'form.change', field: 'newEmailAddress', value: 'alex.new@example.com' } as const];
      if (currentPassword === '') return [{ type: 'form.change', field: 'currentPassword', value: 'RailDemo!2026' } as const];
      // After an answer the user edits again: one more value keeps the model finite.
      if (currentPassword === 'RailDemo!2026') return [{ type: 'form.change', field: 'currentPassword', value: 'RailDemo!2027' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'newEmailAddress' }],
    'xstate.done.actor.changeEmail': [
      { type: 'xstate.done.actor.changeEmail', output: { newTokens: { sessionRotated: true }, updatedEmailAddress: 'alex.new@example.com' } },
      { type: 'xstate.done.actor.changeEmail', output: { newTokens: null, updatedEmailAddress: 'alex.new@example.com' } },
    ],
    'xstate.error.actor.changeEmail': [
      { type: 'xstate.error.actor.changeEmail', error: { status: 403, code: 'PASSWORD_INCORRECT' } },
      { type: 'xstate.error.actor.changeEmail', error: { status: 422, code: 'EMAIL_ALREADY_EXISTS' } },
      { type: 'xstate.error.actor.changeEmail', error: { status: 403, code: 'CSRF_INVALID' } },
      { type: 'xstate.error.actor.changeEmail', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({ values: c.values, error: c.error, submitAttempted: c.submitAttempted, touched: c.touched }),
  maxPaths: 300,
  assert: (snapshot) => {
    if (snapshot.matches('validationError')) expect(['passwordIncorrect', 'emailAlreadyExists']).toContain(snapshot.context.error);
    if (snapshot.matches('serverError')) expect(snapshot.context.error).toBe('genericError');
    if (snapshot.matches('success') || snapshot.matches('signInRequired')) {
      expect(snapshot.context.updatedEmailAddress).toBe('alex.new@example.com');
      expect(snapshot.context.values).toEqual({ newEmailAddress: '', currentPassword: '' });
    }
  },
});
