import { expect } from 'vitest';
import { resetPasswordMachine } from '#machines/reset-password';
import { describeMachineModel, errorOf, nextFrom, outputOf } from './harness';

/** Before anything is typed or tried (the token is the link's, or null without one). */
const opening = (token: string | null) => ({
  token,
  values: { newPassword: '' },
  touched: {},
  dirty: false,
  submitAttempted: false,
  failed: false,
});

describeMachineModel(resetPasswordMachine, {
  name: 'resetPasswordMachine',
  inputs: [{ token: 'reset-token-1' }, { token: null }],
  events: {
    'form.change': (snap) =>
      snap.context.values.newPassword === ''
        ? [{ type: 'form.change', field: 'newPassword', value: 'NewTrains2027' } as const]
        : [],
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
  serializeContext: (c) => ({
    pw: c.values.newPassword,
    failed: c.failed,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
  }),
  calls: {
    validatingToken: { validateToken: { token: 'reset-token-1' } },
    submitting: { resetPassword: { token: 'reset-token-1', newPassword: 'NewTrains2027' } },
  },
  // docs/product/screens.md and docs/product/api.md: the link's token is checked (validate-reset-password-token) before the form shows.
  states: {
    validatingToken: ({ context, event }) => {
      expect(context.token).toBe('reset-token-1');
      expect(['xstate.init', 'token.retry']).toContain(event.type);
      if (event.type === 'xstate.init') expect(context).toEqual(opening('reset-token-1'));
    },
    checkFailed: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.error.actor.validateToken');
      expect(snapshot.can({ type: 'token.retry' }), 'a failed check offers a retry').toBe(true);
    },
    editing: (check) => {
      const { context, event, entered } = check;
      expect(context.token).toBe('reset-token-1');
      // A password the rules refuse is not sent, even once typed (the model only types a good one).
      const weak = nextFrom(
        { snapshot: nextFrom(check, { type: 'form.change', field: 'newPassword', value: 'short' }) },
        { type: 'form.submit' },
      );
      expect([weak.value, weak.context.submitAttempted]).toEqual(['editing', true]);
      if (entered && event.type === 'xstate.done.actor.validateToken')
        expect(outputOf(event)).toEqual({ isValid: true });
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
    invalidToken: ({ snapshot, context, event }) => {
      // An end: the page says the link is spent and offers a new one.
      expect([snapshot.status, snapshot.output]).toEqual(['done', { outcome: 'invalidToken' }]);
      if (event.type === 'xstate.init') expect(context).toEqual(opening(null));
      // No token, a token the check called invalid, or a reset the server refused as TOKEN_INVALID.
      if (event.type === 'xstate.init') expect(context.token).toBeNull();
      else if (event.type === 'xstate.done.actor.validateToken') expect(outputOf(event)).toEqual({ isValid: false });
      else expect(errorOf(event)?.code).toBe('TOKEN_INVALID');
    },
    done: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.resetPassword');
      expect([snapshot.status, snapshot.output]).toEqual(['done', { outcome: 'done' }]);
    },
  },
});
