import { expect } from 'vitest';
import { changePasswordCodes, changePasswordMachine } from '../../machines/change-password';
import { describeMachineModel } from './harness';

describeMachineModel(changePasswordMachine, {
  name: 'changePasswordMachine',
  events: {
    'form.change': (snap) => {
      const { currentPassword, newPassword } = snap.context.values;
      if (currentPassword === '') return [{ type: 'form.change', field: 'currentPassword', value: 'RailDemo!2026' } as const];
      if (newPassword === '') return [{ type: 'form.change', field: 'newPassword', value: 'Trains2027' } as const];
      // After an answer the user edits again: one more value keeps the model finite.
      if (newPassword === 'Trains2027') return [{ type: 'form.change', field: 'newPassword', value: 'Trains2028' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'newPassword' }],
    'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: undefined }],
    'xstate.error.actor.changePassword': [
      ...changePasswordCodes.map((code) => ({ type: 'xstate.error.actor.changePassword' as const, error: { status: 400, code } })),
      { type: 'xstate.error.actor.changePassword', error: { status: 400, code: 'SOMETHING_NEW' } },
      { type: 'xstate.error.actor.changePassword', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({ values: c.values, errorCode: c.errorCode, submitAttempted: c.submitAttempted, touched: c.touched }),
  maxPaths: 400,
  assert: (snapshot) => {
    if (snapshot.matches('validationError')) expect(changePasswordCodes).toContain(snapshot.context.errorCode);
    if (snapshot.matches('success')) expect(snapshot.context.values).toEqual({ currentPassword: '', newPassword: '' });
  },
});
