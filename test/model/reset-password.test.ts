import { expect } from 'vitest';
import { resetPasswordMachine } from '#machines/reset-password';
import { describeMachineModel, errorOf, outputOf } from './harness';

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
  calls: {
    validatingToken: { validateToken: { token: 'reset-token-1' } },
    submitting: { resetPassword: { token: 'reset-token-1', newPassword: 'NewTrains2027' } },
  },
  // Spec sections 2 and 7: the link's token is checked (validate-reset-password-token) before the form shows.
  states: {
    validatingToken: ({ context, event }) => {
      expect(context.token).toBe('reset-token-1');
      expect(['xstate.init', 'token.retry']).toContain(event.type);
    },
    checkFailed: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.error.actor.validateToken');
      expect(snapshot.can({ type: 'token.retry' }), 'a failed check offers a retry').toBe(true);
    },
    editing: ({ context, event, entered }) => {
      expect(context.token).toBe('reset-token-1');
      if (entered && event.type === 'xstate.done.actor.validateToken') expect(outputOf(event)).toEqual({ isValid: true });
      const error = errorOf(event);
      if (error) {
        // A failed reset keeps the password typed and shows the spec's failure message.
        expect(error.code).not.toBe('TOKEN_INVALID');
        expect(context.failed).toBe(true);
        expect(context.values.newPassword).toBe('NewTrains2027');
      }
      if (event.type === 'form.change') expect(context.failed, 'typing clears the failure').toBe(false);
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched.newPassword).toBe(true);
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.values.newPassword).toBe('NewTrains2027');
    },
    invalidToken: ({ context, event }) => {
      // No token, a token the check called invalid, or a reset the server refused as TOKEN_INVALID.
      if (event.type === 'xstate.init') expect(context.token).toBeNull();
      else if (event.type === 'xstate.done.actor.validateToken') expect(outputOf(event)).toEqual({ isValid: false });
      else expect(errorOf(event)?.code).toBe('TOKEN_INVALID');
    },
    done: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.resetPassword');
      expect(snapshot.status).toBe('done');
    },
  },
});
