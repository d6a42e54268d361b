import { expect } from 'vitest';
import { forgotPasswordFailureMessage, forgotPasswordMachine } from '#machines/forgot-password';
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
  calls: { submitting: { requestReset: { email: 'demo@example.com' } } },
  // Spec sections 5 and 8: email required; submit refused while pristine or invalid; a failure
  // shows "We're unable to reset your password…" and keeps the email.
  states: {
    editing: ({ context, event }) => {
      if (event.type === 'xstate.error.actor.requestReset') {
        expect(context.failed).toBe(true);
        expect(context.values.email, 'the email is kept').toBe('demo@example.com');
      }
      if (event.type === 'form.change') {
        expect(context.values.email).toBe(event.value);
        expect(context.failed, 'typing clears the failure').toBe(false);
      }
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched.email).toBe(true);
      if (event.type === 'forgot.restart') {
        expect(context).toEqual({ values: { email: '' }, touched: {}, dirty: false, submitAttempted: false, failed: false });
      }
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.values.email).toBe('demo@example.com');
    },
    sent: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.requestReset');
      expect(snapshot.can({ type: 'forgot.restart' }), 'Back starts again').toBe(true);
    },
  },
});

expect(forgotPasswordFailureMessage).toBe("We're unable to reset your password at this time. Please try again later.");
