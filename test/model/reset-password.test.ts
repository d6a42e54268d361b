import { resetPasswordMachine } from '../../machines/reset-password';
import { describeMachineModel } from './harness';

describeMachineModel(resetPasswordMachine, {
  name: 'resetPasswordMachine',
  inputs: [{ token: 'reset-token-1' }, { token: null }],
  events: {
    'form.change': (snap) =>
      snap.context.values.newPassword === '' ? [{ type: 'form.change', field: 'newPassword', value: 'NewTrains2027' } as const] : [],
    'form.blur': [{ type: 'form.blur', field: 'newPassword' }],
    'xstate.done.actor.validateToken': [
      { type: 'xstate.done.actor.validateToken', output: { isValid: true } },
      { type: 'xstate.done.actor.validateToken', output: { isValid: false } },
    ],
    'xstate.error.actor.validateToken': [{ type: 'xstate.error.actor.validateToken', error: new Error('offline') }],
    'xstate.done.actor.resetPassword': [{ type: 'xstate.done.actor.resetPassword', output: undefined }],
    'xstate.error.actor.resetPassword': [
      { type: 'xstate.error.actor.resetPassword', error: { status: 400, code: 'TOKEN_INVALID' } },
      { type: 'xstate.error.actor.resetPassword', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({ pw: c.values.newPassword, failed: c.failed, submitAttempted: c.submitAttempted, touched: c.touched }),
});
