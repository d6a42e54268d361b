import { expect } from 'vitest';
import { changePasswordCodes, changePasswordMachine, changePasswordMessages } from '#machines/change-password';
import { tooManyAttemptsMessage } from '#machines/lib/throttle-copy';
import { describeMachineModel, errorOf, nextFrom, stepFrom } from './harness';

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
      // Decision 155: too many wrong current passwords, 15 minutes left.
      { type: 'xstate.error.actor.changePassword', error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 900 } } },
    ],
  },
  serializeContext: (c) => ({ values: c.values, errorCode: c.errorCode, submitAttempted: c.submitAttempted, touched: c.touched }),
  maxPaths: 400,
  // Spec section 7: POST change-password with currentPassword and newPassword.
  calls: { requesting: { changePassword: (c: { values: { newPassword: string } }) => ({ currentPassword: 'RailDemo!2026', newPassword: c.values.newPassword }) } },
  // Spec sections 4, 5 and 8: not requested, requesting, success, validation error (the first code
  // of the errors list; unknown codes are PASSWORD_GENERIC_ERROR), server error.
  states: {
    notRequested: (check) => {
      const { context, event } = check;
      if (context.values.newPassword === '') {
        // Nothing is sent until both passwords are given; the errors show.
        const refused = stepFrom(check, { type: 'form.submit' }).snapshot;
        expect([refused.value, refused.context.submitAttempted]).toEqual(['notRequested', true]);
      }
      if (event.type === 'xstate.init') expect(context).toMatchObject({ touched: {}, dirty: false, submitAttempted: false });
      if (event.type === 'form.change') expect(context.values[event.field]).toBe(event.value);
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
      expect(context.errorCode).toBeNull();
    },
    requesting: (check) => {
      const { context, event } = check;
      expect(event.type).toBe('form.submit');
      expect(context.errorCode).toBeNull();
      expect(context.values.currentPassword).toBe('RailDemo!2026');
      expect(['Trains2027', 'Trains2028']).toContain(context.values.newPassword);
      // Spec section 5: the first code of the errors list is the message; a refusal without one,
      // or a failure that is not a refusal, is a server error.
      const failed = (error: { status: number; code: string | null }) => {
        const next = stepFrom(check, { type: 'xstate.error.actor.changePassword', error } as never).snapshot;
        return [next.value, next.context.errorCode];
      };
      for (const code of changePasswordCodes) {
        expect(failed({ status: 400, code })).toEqual(['validationError', code]);
        expect(failed({ status: 422, code })).toEqual(['validationError', code]);
        expect(failed({ status: 500, code })).toEqual(['serverError', null]);
      }
      expect(failed({ status: 400, code: 'SOMETHING_NEW' })).toEqual(['validationError', 'PASSWORD_GENERIC_ERROR']);
      expect(failed({ status: 400, code: null })).toEqual(['serverError', null]);
    },
    success: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.changePassword');
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(context).toMatchObject({ values: { currentPassword: '', newPassword: '' }, touched: {}, dirty: false, submitAttempted: false, errorCode: null });
      expect(changePasswordMessages.success).toBeTruthy();
    },
    validationError: ({ snapshot, context, event }) => {
      if (event.type !== 'form.blur') {
        const code = errorOf(event)?.code;
        expect(context.errorCode).toBe(changePasswordCodes.includes(code as never) ? code : 'PASSWORD_GENERIC_ERROR');
      }
      expect(context.values.currentPassword, 'input kept').toBe('RailDemo!2026');
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword, typed.context.errorCode]).toEqual(['notRequested', 'x', null]);
      expect(nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword).toBe(true);
    },
    throttled: ({ snapshot, context, event }) => {
      if (event.type !== 'form.blur') expect(context.retryAfterSeconds).toBe(900);
      expect(tooManyAttemptsMessage(context.retryAfterSeconds)).toBe('Too many attempts. For your security, please try again in 15 minutes.');
      expect(context.values.currentPassword, 'input kept').toBe('RailDemo!2026');
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword).toBe(true);
    },
    serverError: ({ snapshot, context, event }) => {
      if (event.type !== 'form.blur') expect(errorOf(event)?.status).toBe(500);
      expect(context.errorCode).toBeNull();
      expect(context.values.currentPassword, 'input kept').toBe('RailDemo!2026');
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword).toBe(true);
    },
  },
});

expect([...changePasswordCodes]).toEqual(['PASSWORD_INCORRECT', 'PASSWORD_EQUALS_TO_NAME', 'PASSWORD_EQUALS_TO_EMAIL', 'PASSWORD_GENERIC_ERROR']);
