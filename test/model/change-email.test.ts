import { expect } from 'vitest';
import { changeEmailMachine } from '#machines/change-email';
import { changeEmailMessages } from '#src/copy/change-email';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { describeMachineModel, errorOf, inputOf, nextFrom, outputOf, stepFrom, type StateCheck } from './harness';
import { expectFormStep, refusedWith, throttledFor } from './form-steps';

describeMachineModel(changeEmailMachine, {
  name: 'changeEmailMachine',
  events: {
    'form.change': (snap) => {
      const { newEmailAddress, currentPassword } = snap.context.values;
      if (newEmailAddress === '')
        return [{ type: 'form.change', field: 'newEmailAddress', value: 'alex.new@example.com' } as const];
      if (currentPassword === '')
        return [{ type: 'form.change', field: 'currentPassword', value: 'RailDemo!2026' } as const];
      // After an answer the user edits again: one more value keeps the model finite.
      if (currentPassword === 'RailDemo!2026')
        return [{ type: 'form.change', field: 'currentPassword', value: 'RailDemo!2027' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'newEmailAddress' }],
    'xstate.done.actor.changeEmail': [
      {
        type: 'xstate.done.actor.changeEmail',
        output: { newTokens: { sessionRotated: true }, updatedEmailAddress: 'alex.new@example.com' },
      },
      {
        type: 'xstate.done.actor.changeEmail',
        output: { newTokens: null, updatedEmailAddress: 'alex.new@example.com' },
      },
      // Local server (decision 150): the change waits for the link sent to the new address.
      {
        type: 'xstate.done.actor.changeEmail',
        output: { confirmationSent: true, pendingEmailAddress: 'alex.new@example.com' },
      },
    ],
    'xstate.error.actor.changeEmail': [
      ...refusedWith('changeEmail', [403, 'PASSWORD_INCORRECT'], [422, 'EMAIL_ALREADY_EXISTS'], [403, 'CSRF_INVALID']),
      ...refusedWith('changeEmail', [500, null]),
      // Decision 155: too many wrong passwords, 5 minutes left.
      throttledFor('changeEmail', 300),
    ],
  },
  serializeContext: (c) => ({
    values: c.values,
    error: c.error,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
  }),
  maxPaths: 300,
  // docs/product/api.md: POST change-email with the new address and the current password.
  calls: {
    requesting: {
      changeEmail: (c: { values: { currentPassword: string } }) => ({
        newEmailAddress: 'alex.new@example.com',
        currentPassword: c.values.currentPassword,
      }),
    },
  },
  // docs/product/states.md, docs/product/validation.md and docs/product/errors.md: 403 means password incorrect, 422 email already exists, others a
  // generic error; success without new tokens is tokenFailure (sign in again).
  states: (() => {
    const keepsInput = ({ snapshot, context, event }: StateCheck<typeof changeEmailMachine>) => {
      expect(context.values.newEmailAddress, 'input kept').toBe('alex.new@example.com');
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'currentPassword', value: 'x' });
      expect([typed.value, typed.context.values.currentPassword, typed.context.error]).toEqual([
        'notRequested',
        'x',
        null,
      ]);
      expect(
        nextFrom({ snapshot }, { type: 'form.blur', field: 'currentPassword' }).context.touched.currentPassword,
      ).toBe(true);
      // Trying again sends the kept values again, and the failure's message goes.
      const resent = nextFrom({ snapshot }, { type: 'form.submit' });
      expect([resent.value, resent.context.error]).toEqual(['requesting', null]);
      expect(inputOf(resent, 'changeEmail')).toEqual({
        newEmailAddress: 'alex.new@example.com',
        currentPassword: context.values.currentPassword,
      });
      return errorOf(event);
    };
    /** After an answer the form is cleared (the confirmation replaces it). */
    const cleared = ({ context, event }: Pick<StateCheck<typeof changeEmailMachine>, 'context' | 'event'>) => {
      expect(context.values).toEqual({ newEmailAddress: '', currentPassword: '' });
      if (event.type === 'xstate.done.actor.changeEmail')
        expect(context).toMatchObject({ touched: {}, dirty: false, submitAttempted: false, error: null });
    };
    return {
      notRequested: (check) => {
        const { context, event } = check;
        if (context.values.currentPassword === '') {
          // docs/product/validation.md: no password, no request (whatever else was typed); the errors show.
          const refused = stepFrom(check, { type: 'form.submit' }).snapshot;
          expect([refused.value, refused.context.submitAttempted]).toEqual(['notRequested', true]);
        } else {
          // A valid address with stray spaces is sent as the address itself.
          const spaced = nextFrom(check, {
            type: 'form.change',
            field: 'newEmailAddress',
            value: '  alex.new@example.com ',
          });
          const sent = stepFrom({ snapshot: spaced }, { type: 'form.submit' }).snapshot;
          expect(sent.value).toBe('requesting');
          expect(inputOf(sent, 'changeEmail')).toEqual({
            newEmailAddress: 'alex.new@example.com',
            currentPassword: context.values.currentPassword,
          });
        }
        expectFormStep(check);
        if (event.type === 'xstate.init')
          expect(context).toMatchObject({ updatedEmailAddress: null, pendingEmailAddress: null });
        expect(context.error).toBeNull();
      },
      requesting: (check) => {
        const { context, event } = check;
        expect(event.type).toBe('form.submit');
        expect(context.error).toBeNull();
        // docs/product/validation.md and docs/product/errors.md: 403 is the password (a 403 CSRF rejection is not), 422 the address taken.
        const failed = (error: { status: number; code: string | null }) => {
          const next = stepFrom(check, { type: 'xstate.error.actor.changeEmail', error } as never).snapshot;
          return [next.value, next.context.error];
        };
        expect(failed({ status: 403, code: 'PASSWORD_INCORRECT' })).toEqual(['validationError', 'passwordIncorrect']);
        expect(failed({ status: 403, code: null })).toEqual(['validationError', 'passwordIncorrect']);
        expect(failed({ status: 403, code: 'CSRF_INVALID' })).toEqual(['serverError', 'genericError']);
        expect(failed({ status: 422, code: 'EMAIL_ALREADY_EXISTS' })).toEqual([
          'validationError',
          'emailAlreadyExists',
        ]);
        expect(failed({ status: 500, code: null })).toEqual(['serverError', 'genericError']);
        // Decision 560: an account whose own email is not confirmed yet is told so, not that its password is wrong.
        expect(failed({ status: 403, code: 'EMAIL_NOT_VERIFIED' })).toEqual(['serverError', 'emailNotVerified']);
      },
      success: ({ snapshot, context, event, actions, performed }) => {
        cleared({ context, event });
        if (event.type !== 'form.blur') expect((outputOf(event) as { newTokens: unknown }).newTokens).toBeTruthy();
        if (event.type === 'xstate.done.actor.changeEmail') expect(actions).toContain('emailChanged');
        expect(context.updatedEmailAddress).toBe('alex.new@example.com');
        expect(context.values).toEqual({ newEmailAddress: '', currentPassword: '' });
        if (event.type === 'xstate.done.actor.changeEmail') {
          expect(performed.find((a) => a.type === 'emailChanged')?.params).toEqual({ email: 'alex.new@example.com' });
        }
        const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newEmailAddress', value: 'x' });
        expect([typed.value, typed.context.values.newEmailAddress]).toEqual(['notRequested', 'x']);
      },
      confirmationSent: ({ snapshot, context, event, actions }) => {
        cleared({ context, event });
        if (event.type === 'xstate.done.actor.changeEmail') {
          expect(outputOf(event)).toEqual({ confirmationSent: true, pendingEmailAddress: 'alex.new@example.com' });
          expect(actions, 'nothing changed yet: the session keeps its email').not.toContain('emailChanged');
        }
        expect(context.pendingEmailAddress).toBe('alex.new@example.com');
        expect(context.updatedEmailAddress).toBeNull();
        expect(context.values).toEqual({ newEmailAddress: '', currentPassword: '' });
        const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'newEmailAddress', value: 'x' });
        expect([typed.value, typed.context.values.newEmailAddress]).toEqual(['notRequested', 'x']);
      },
      signInRequired: ({ snapshot, context, event, actions }) => {
        cleared({ context, event });
        if (event.type === 'changeEmail.signIn') expect(actions).toEqual(['signOut']);
        if (event.type !== 'changeEmail.signIn')
          expect((outputOf(event) as { newTokens: unknown }).newTokens).toBeNull();
        expect(context.updatedEmailAddress).toBe('alex.new@example.com');
        expect(context.values).toEqual({ newEmailAddress: '', currentPassword: '' });
        expect(snapshot.can({ type: 'changeEmail.signIn' })).toBe(true);
      },
      validationError: (check) => {
        const error = keepsInput(check);
        if (!error) return;
        if (error.status === 422) expect(check.context.error).toBe('emailAlreadyExists');
        else {
          expect([error.status, error.code]).toEqual([403, 'PASSWORD_INCORRECT']);
          expect(check.context.error).toBe('passwordIncorrect');
        }
      },
      throttled: (check) => {
        keepsInput(check);
        expect(check.context.error).toBeNull();
        if (check.event.type !== 'form.blur') expect(check.context.retryAfterSeconds).toBe(300);
        expect(tooManyAttemptsMessage(check.context.retryAfterSeconds)).toBe(
          'Too many attempts. For your security, please try again in 5 minutes.',
        );
      },
      serverError: (check) => {
        const error = keepsInput(check);
        if (!error) return;
        // Not the password (a 403 CSRF rejection is not) and not an existing email.
        expect(error.status === 403 ? error.code : 'other').not.toBe('PASSWORD_INCORRECT');
        expect(error.status).not.toBe(422);
        expect(error.status).not.toBe(429);
        expect(check.context.error).toBe('genericError');
      },
    };
  })(),
});

expect(Object.keys(changeEmailMessages)).toEqual([
  'passwordIncorrect',
  'emailAlreadyExists',
  'emailNotVerified',
  'genericError',
  'tokenFailure',
  'success',
]);
