import { expect } from 'vitest';
import { closeAccountMachine } from '#machines/close-account';
import { closeAccountMessages } from '#src/copy/close-account';
import { describeMachineModel, errorOf, stepFrom } from './harness';

/**
 * "Close your account" (decision 611): the explanation, then the confirmation with the password
 * (none for an account made with a sign-in provider, which needs a recent sign-in instead); a
 * refund or claim under way refuses it, naming each by its booking reference.
 */
const matters = [
  { kind: 'refund', reference: 'TL-ABC234' },
  { kind: 'claim', reference: 'TL-XYZ789' },
] as const;

describeMachineModel(closeAccountMachine, {
  name: 'closeAccountMachine',
  // Absent hasPassword: a password is asked for. false: an account with no password.
  inputs: [{}, { hasPassword: false }],
  events: {
    'form.change': (snap) =>
      snap.context.hasPassword && snap.context.values.password === ''
        ? [{ type: 'form.change', field: 'password', value: 'RailDemo!2026' } as const]
        : [],
    'form.blur': [{ type: 'form.blur', field: 'password' }],
    'xstate.done.actor.closeAccount': [{ type: 'xstate.done.actor.closeAccount', output: undefined }],
    'xstate.error.actor.closeAccount': [
      { type: 'xstate.error.actor.closeAccount', error: { status: 400, code: 'PASSWORD_INCORRECT' } },
      {
        type: 'xstate.error.actor.closeAccount',
        error: { status: 409, code: 'OPEN_MATTERS', body: { errors: [{ code: 'OPEN_MATTERS' }], matters } },
      },
      { type: 'xstate.error.actor.closeAccount', error: { status: 403, code: 'RECENT_SIGN_IN_REQUIRED' } },
      {
        type: 'xstate.error.actor.closeAccount',
        error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 900 } },
      },
      { type: 'xstate.error.actor.closeAccount', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({
    hasPassword: c.hasPassword,
    password: c.values.password,
    error: c.error,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
  }),
  maxPaths: 400,
  calls: {
    closing: { closeAccount: (c: { hasPassword: boolean }) => ({ password: c.hasPassword ? 'RailDemo!2026' : null }) },
  },
  states: {
    idle: ({ context, event }) => {
      expect(['xstate.init', 'close.cancel']).toContain(event.type);
      // Nothing typed is kept once the form is closed.
      expect(context).toMatchObject({ values: { password: '' }, error: null, dirty: false });
    },
    confirming: (check) => {
      const { context, event } = check;
      if (event.type === 'close.start')
        expect(context).toMatchObject({ values: { password: '' }, error: null, submitAttempted: false });
      if (event.type === 'xstate.error.actor.closeAccount') {
        // The answer is said beside the form, and what was typed is still there.
        const code = errorOf(event)?.code;
        expect(context.error).toBe(code === 'PASSWORD_INCORRECT' ? 'passwordIncorrect' : 'genericError');
        if (context.hasPassword) expect(context.values.password).toBe('RailDemo!2026');
        expect(closeAccountMessages[context.error!]).toMatch(/password|close your account/);
      }
      if (context.hasPassword && context.values.password === '') {
        // Nothing is sent without the password: the submit only shows its error.
        const refused = stepFrom(check, { type: 'form.submit' }).snapshot;
        expect(refused.value).toBe('confirming');
        expect(refused.context.submitAttempted).toBe(true);
      }
    },
    closing: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      if (context.hasPassword) expect(context.values.password).not.toBe('');
    },
    refused: ({ snapshot, context }) => {
      expect(context.matters).toEqual(matters);
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    signInAgain: ({ event }) => {
      expect(errorOf(event)?.code).toBe('RECENT_SIGN_IN_REQUIRED');
    },
    throttled: ({ context }) => {
      expect(context.retryAfterSeconds).toBe(900);
    },
    closed: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.closeAccount');
      expect(snapshot.status).toBe('done');
    },
  },
});
