import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { changePasswordCodes, changePasswordMachine, type ChangePasswordContext } from '#machines/change-password';
import { changePasswordMessages } from '#src/copy/change-password';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { describeMachineModel, errorOf, nextFrom, stepFrom } from './harness';
import { expectFormStep, refusedWith, throttledFor } from './form-steps';

/** What the customer typed is still there after an answer: the current password, or (setting a first one) the new one. */
const expectInputKept = (context: ChangePasswordContext) => {
  if (context.mode === 'set') expect(['Trains2027', 'Trains2028'], 'input kept').toContain(context.values.newPassword);
  else expect(context.values.currentPassword, 'input kept').toBe('RailDemo!2026');
};

describeMachineModel(changePasswordMachine, {
  name: 'changePasswordMachine',
  // Absent hasPassword: the normal form. false (an account created through a sign-in provider): set a password.
  inputs: [{}, { hasPassword: false }],
  events: {
    'form.change': (snap) => {
      const { currentPassword, newPassword } = snap.context.values;
      if (snap.context.mode === 'change' && currentPassword === '')
        return [{ type: 'form.change', field: 'currentPassword', value: 'RailDemo!2026' } as const];
      if (newPassword === '') return [{ type: 'form.change', field: 'newPassword', value: 'Trains2027' } as const];
      // After an answer the user edits again: one more value keeps the model finite.
      if (newPassword === 'Trains2027')
        return [{ type: 'form.change', field: 'newPassword', value: 'Trains2028' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'newPassword' }],
    'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: undefined }],
    'xstate.error.actor.changePassword': [
      ...refusedWith('changePassword', ...changePasswordCodes.map((code): [number, string] => [400, code])),
      ...refusedWith('changePassword', [400, 'SOMETHING_NEW'], [500, null]),
      // Decision 155: too many wrong current passwords, 15 minutes left.
      throttledFor('changePassword', 900),
    ],
    'xstate.done.actor.setPassword': [{ type: 'xstate.done.actor.setPassword', output: undefined }],
    'xstate.error.actor.setPassword': [
      ...refusedWith('setPassword', [409, 'PASSWORD_ALREADY_SET'], [403, 'RECENT_SIGN_IN_REQUIRED']),
      ...refusedWith('setPassword', [400, 'PASSWORD_EQUALS_TO_EMAIL'], [500, null]),
      throttledFor('setPassword', 900),
    ],
  },
  serializeContext: (c) => ({
    mode: c.mode,
    values: c.values,
    errorCode: c.errorCode,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
  }),
  maxPaths: 800,
  calls: {
    // docs/product/api.md: POST change-password with currentPassword and newPassword.
    requesting: {
      changePassword: (c: { values: { newPassword: string } }) => ({
        currentPassword: 'RailDemo!2026',
        newPassword: c.values.newPassword,
      }),
    },
    // Local extra (docs/integrators.md): POST set-password with the new password only.
    settingPassword: {
      setPassword: (c: { values: { newPassword: string } }) => ({ newPassword: c.values.newPassword }),
    },
  },
  // docs/product/states.md, docs/product/validation.md and docs/product/errors.md: not requested, requesting, success, validation error (the first code
  // of the errors list; unknown codes are PASSWORD_GENERIC_ERROR), server error. Setting a first
  // password adds: setting, set, already set (409) and sign in again (403).
  states: {
    notRequested: (check) => {
      const { context } = check;
      if (context.values.newPassword === '') {
        // Nothing is sent until the passwords are given; the errors show.
        const refused = stepFrom(check, { type: 'form.submit' }).snapshot;
        expect([refused.value, refused.context.submitAttempted]).toEqual(['notRequested', true]);
      }
      if (context.mode === 'change' && context.values.currentPassword === '' && context.values.newPassword !== '') {
        // The normal form needs the current password too.
        expect(nextFrom(check, { type: 'form.submit' }).value).toBe('notRequested');
      }
      if (context.mode === 'set') {
        // No current password is asked for: the new one alone is enough.
        expect(context.values.currentPassword).toBe('');
        if (context.values.newPassword !== '')
          expect(nextFrom(check, { type: 'form.submit' }).value).toBe('settingPassword');
      }
      expectFormStep(check);
      expect(context.errorCode).toBeNull();
    },
    requesting: (check) => {
      const { context, event } = check;
      expect(event.type).toBe('form.submit');
      expect(context.mode).toBe('change');
      expect(context.errorCode).toBeNull();
      expect(context.values.currentPassword).toBe('RailDemo!2026');
      expect(['Trains2027', 'Trains2028']).toContain(context.values.newPassword);
      // docs/product/validation.md: the first code of the errors list is the message; a refusal without one,
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
    settingPassword: (check) => {
      const { context, event } = check;
      expect(event.type).toBe('form.submit');
      expect(context.mode).toBe('set');
      expect(context.errorCode).toBeNull();
      expect(context.values.currentPassword).toBe('');
      expect(['Trains2027', 'Trains2028']).toContain(context.values.newPassword);
      const failed = (error: { status: number; code: string | null }) => {
        const next = stepFrom(check, { type: 'xstate.error.actor.setPassword', error } as never).snapshot;
        return [next.value, next.context.mode, next.context.errorCode];
      };
      // 409 and 403 only with their own codes; the spec's password rules as change password's.
      expect(failed({ status: 409, code: 'PASSWORD_ALREADY_SET' })).toEqual(['alreadySet', 'change', null]);
      expect(failed({ status: 409, code: 'SOMETHING_NEW' })).toEqual(['serverError', 'set', null]);
      expect(failed({ status: 403, code: 'RECENT_SIGN_IN_REQUIRED' })).toEqual(['signInRequired', 'set', null]);
      expect(failed({ status: 403, code: 'FORBIDDEN' })).toEqual(['serverError', 'set', null]);
      expect(failed({ status: 400, code: 'PASSWORD_EQUALS_TO_NAME' })).toEqual([
        'validationError',
        'set',
        'PASSWORD_EQUALS_TO_NAME',
      ]);
      expect(failed({ status: 400, code: 'SOMETHING_NEW' })).toEqual([
        'validationError',
        'set',
        'PASSWORD_GENERIC_ERROR',
      ]);
      expect(failed({ status: 500, code: null })).toEqual(['serverError', 'set', null]);
      // A code counts only with its own status: the same words under another status are a refusal of their kind.
      expect(failed({ status: 400, code: 'PASSWORD_ALREADY_SET' })).toEqual([
        'validationError',
        'set',
        'PASSWORD_GENERIC_ERROR',
      ]);
      expect(failed({ status: 409, code: 'RECENT_SIGN_IN_REQUIRED' })).toEqual(['serverError', 'set', null]);
      // The app's copy of the user learns the account has a password, on success and on 409.
      expect(stepFrom(check, { type: 'xstate.done.actor.setPassword', output: undefined } as never).actions).toContain(
        'passwordKnown',
      );
      expect(
        stepFrom(check, {
          type: 'xstate.error.actor.setPassword',
          error: { status: 409, code: 'PASSWORD_ALREADY_SET' },
        } as never).actions,
      ).toContain('passwordKnown');
      expect(
        stepFrom(check, { type: 'xstate.error.actor.setPassword', error: { status: 500, code: null } } as never)
          .actions,
      ).not.toContain('passwordKnown');
    },
    success: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.changePassword');
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(context).toMatchObject({
        mode: 'change',
        values: { currentPassword: '', newPassword: '' },
        touched: {},
        dirty: false,
        submitAttempted: false,
        errorCode: null,
      });
      expect(changePasswordMessages.success).toBeTruthy();
    },
    passwordSet: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.setPassword');
      // From now on the account has a password: the normal form, empty.
      expect(context).toMatchObject({
        mode: 'change',
        values: { currentPassword: '', newPassword: '' },
        touched: {},
        dirty: false,
        submitAttempted: false,
        errorCode: null,
      });
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'currentPassword', value: 'x' });
      expect([typed.value, typed.context.values.currentPassword]).toEqual(['notRequested', 'x']);
      expect(changePasswordMessages.setSuccess).toBe(
        'Your password has been set. You can now sign in with your email address and this password.',
      );
    },
    alreadySet: (check) => {
      const { snapshot, context, event } = check;
      if (event.type !== 'form.blur' && event.type !== 'form.submit')
        expect(errorOf(event)).toMatchObject({ status: 409, code: 'PASSWORD_ALREADY_SET' });
      // The normal form now: the new password is kept, the current one is to be typed first.
      expect(context.mode).toBe('change');
      expect(context.values.currentPassword).toBe('');
      expect(['Trains2027', 'Trains2028']).toContain(context.values.newPassword);
      const refused = stepFrom(check, { type: 'form.submit' }).snapshot;
      expect([refused.value, refused.context.submitAttempted]).toEqual(['alreadySet', true]);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'currentPassword', value: 'RailDemo!2026' });
      expect([typed.value, typed.context.values.currentPassword, typed.context.mode]).toEqual([
        'notRequested',
        'RailDemo!2026',
        'change',
      ]);
      expect(
        nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword,
      ).toBe(true);
      expect(changePasswordMessages.alreadySet).toBe(
        'This account already has a password. Enter your current password to change it.',
      );
    },
    signInRequired: (check) => {
      const { snapshot, context, event } = check;
      if (event.type !== 'form.blur')
        expect(errorOf(event)).toMatchObject({ status: 403, code: 'RECENT_SIGN_IN_REQUIRED' });
      expect(context.mode).toBe('set');
      expectInputKept(context);
      // Trying again as is stays possible (say, after signing in again in another tab).
      expect(nextFrom(check, { type: 'form.submit' }).value).toBe('settingPassword');
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(nextFrom({ snapshot }, { type: 'form.blur', field: 'newPassword' }).context.touched.newPassword).toBe(
        true,
      );
      expect(changePasswordMessages.signInAgain).toBe(
        'For your security, please sign in again before setting a password.',
      );
    },
    validationError: ({ snapshot, context, event }) => {
      if (event.type !== 'form.blur') {
        const code = errorOf(event)?.code;
        expect(context.errorCode).toBe(changePasswordCodes.includes(code as never) ? code : 'PASSWORD_GENERIC_ERROR');
      }
      expectInputKept(context);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword, typed.context.errorCode]).toEqual([
        'notRequested',
        'x',
        null,
      ]);
      expect(
        nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword,
      ).toBe(true);
    },
    throttled: ({ snapshot, context, event }) => {
      if (event.type !== 'form.blur') expect(context.retryAfterSeconds).toBe(900);
      expect(tooManyAttemptsMessage(context.retryAfterSeconds)).toBe(
        'Too many attempts. For your security, please try again in 15 minutes.',
      );
      expectInputKept(context);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(
        nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword,
      ).toBe(true);
    },
    serverError: ({ snapshot, context, event }) => {
      if (event.type !== 'form.blur') expect(errorOf(event)?.status).toBe(500);
      expect(context.errorCode).toBeNull();
      expectInputKept(context);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newPassword', value: 'x' });
      expect([typed.value, typed.context.values.newPassword]).toEqual(['notRequested', 'x']);
      expect(
        nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword,
      ).toBe(true);
    },
  },
});

expect([...changePasswordCodes]).toEqual([
  'PASSWORD_INCORRECT',
  'PASSWORD_EQUALS_TO_NAME',
  'PASSWORD_EQUALS_TO_EMAIL',
  'PASSWORD_GENERIC_ERROR',
]);

describe('which form opens (the paths above follow whatever mode the chart opens in, so it is pinned here)', () => {
  it.each([
    ['no input', undefined, 'change'],
    ['hasPassword absent (the spec’s user)', {}, 'change'],
    ['hasPassword true', { hasPassword: true }, 'change'],
    ['hasPassword false (signed up through a provider)', { hasPassword: false }, 'set'],
  ])('%s: %s', (_, input, mode) => {
    const actor = createActor(changePasswordMachine, { input }).start();
    expect(actor.getSnapshot().context.mode).toBe(mode);
    actor.stop();
  });
});
