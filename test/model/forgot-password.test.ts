import { expect } from 'vitest';
import { forgotPasswordMachine } from '../../machines/forgot-password';
import { describeMachineModel } from './harness';

describeMachineModel(forgotPasswordMachine, {
  name: 'forgotPasswordMachine',
  events: {
    'form.change': (snap) =>
      snap.context.values.email === '' ? [{ type: 'form.change', field: 'email', value: 'demo@example.com' } as const] : [],
    'form.blur': [{ type: 'form.blur', field: 'email' }],
    'xstate.done.actor.requestReset': [{ type: 'xstate.done.actor.requestReset', output: undefined }],
    'xstate.error.actor.requestReset': [{ type: 'xstate.error.actor.requestReset', error: { status: 500 } }],
  },
  serializeContext: (c) => ({ email: c.values.email, failed: c.failed, submitAttempted: c.submitAttempted, touched: c.touched }),
  assert: (snapshot) => {
    if (snapshot.matches('editing') && snapshot.context.failed) expect(snapshot.context.values.email).toBe('demo@example.com');
  },
});
