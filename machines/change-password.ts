import { assign, fromPromise, setup } from 'xstate';
import { changePasswordValidators, collectErrors, hasErrors, setPasswordValidators } from '#src/schemas/forms';
import { codeOf, isThrottledProblem, problemOfEvent, retryAfterOfEvent, statusOf } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';

/**
 * Change password (docs/product/states.md, docs/product/validation.md): statuses not requested, requesting, success,
 * validation error (the server's errors list, first code used) and server error.
 *
 * Set a password (local extra, docs/integrators.md): an account created through a sign-in provider
 * has no password (`hasPassword: false` on GET /user), so there is no current password to ask for.
 * The input chooses that mode: only the new password, sent to POST /customer/set-password. A 403
 * RECENT_SIGN_IN_REQUIRED asks to sign in again first; a 409 PASSWORD_ALREADY_SET switches to the
 * normal form (decision 455).
 */
export type ChangePasswordMode = 'change' | 'set';
export interface ChangePasswordInput {
  /** GET /user's `hasPassword`; only `false` chooses "set a password" (absent: the normal form). */
  hasPassword?: boolean | null;
}
export type ChangePasswordField = 'currentPassword' | 'newPassword';
export const changePasswordCodes = [
  'PASSWORD_INCORRECT',
  'PASSWORD_EQUALS_TO_NAME',
  'PASSWORD_EQUALS_TO_EMAIL',
  'PASSWORD_GENERIC_ERROR',
] as const;
export type ChangePasswordCode = (typeof changePasswordCodes)[number];

export interface ChangePasswordContext {
  mode: ChangePasswordMode;
  values: Record<ChangePasswordField, string>;
  touched: Partial<Record<ChangePasswordField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  errorCode: ChangePasswordCode | null;
  /** Seconds to wait after too many wrong current passwords (429 Retry-After, decision 155), or null. */
  retryAfterSeconds: number | null;
}

export type ChangePasswordEvent =
  | { type: 'form.change'; field: ChangePasswordField; value: string }
  | { type: 'form.blur'; field: ChangePasswordField }
  | { type: 'form.submit' };

const answerCode = (event: object, status: number): string | null => {
  const problem = problemOfEvent(event);
  return statusOf(problem) === status ? codeOf(problem) : null;
};

const firstCode = (event: object): ChangePasswordCode | null => {
  const problem = problemOfEvent(event);
  const status = statusOf(problem);
  if (status !== 400 && status !== 422) return null;
  const code = codeOf(problem);
  if (code === null) return null;
  return changePasswordCodes.find((c) => c === code) ?? 'PASSWORD_GENERIC_ERROR';
};

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
  },
  actors: {
    changePassword: fromPromise<void, Record<ChangePasswordField, string>>(async () => {
      throw new Error('changePassword not provided');
    }),
    setPassword: fromPromise<void, { newPassword: string }>(async () => {
      throw new Error('setPassword not provided');
    }),
  },
  guards: {
    isValid: ({ context }) =>
      context.mode === 'change' && context.dirty && !hasErrors(collectErrors(context.values, changePasswordValidators)),
    isValidToSet: ({ context }) =>
      context.mode === 'set' && context.dirty && !hasErrors(collectErrors(context.values, setPasswordValidators)),
    isAlreadySet: ({ event }) => answerCode(event, 409) === 'PASSWORD_ALREADY_SET',
    isSignInRequired: ({ event }) => answerCode(event, 403) === 'RECENT_SIGN_IN_REQUIRED',
    isValidationError: ({ event }) => firstCode(event) !== null,
    isThrottled: ({ event }) => isThrottledProblem(event),
  },
  actions: {
    setValue: assign(({ context, event }) => changePatch(context, event, {})),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    storeErrorCode: assign({ errorCode: ({ event }) => firstCode(event) }),
    clearErrorCode: assign({ errorCode: null }),
    storeRetryAfter: assign(({ event }) => ({ retryAfterSeconds: retryAfterOfEvent(event) })),
    switchToChange: assign({ mode: 'change' as const }),
    /** The app's own copy of the user learns the account has a password now (provided by the screen). */
    passwordKnown: () => {},
    resetForm: assign({
      values: { currentPassword: '', newPassword: '' },
      touched: {},
      dirty: false,
      submitAttempted: false,
      errorCode: null,
    }),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    mode: input?.hasPassword === false ? 'set' : 'change',
    values: { currentPassword: '', newPassword: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    errorCode: null,
    retryAfterSeconds: null,
  }),
  initial: 'notRequested',
  states: {
    notRequested: {
      description: 'The change password form; submit disabled while pristine or invalid.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValidToSet', target: 'settingPassword' },
          { guard: 'isValid', target: 'requesting' },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    requesting: {
      description: 'The change is being sent; submit is disabled.',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: { target: 'success', actions: 'resetForm' },
        onError: [
          { guard: 'isValidationError', target: 'validationError', actions: 'storeErrorCode' },
          { guard: 'isThrottled', target: 'throttled', actions: 'storeRetryAfter' },
          { target: 'serverError' },
        ],
      },
    },
    settingPassword: {
      description: 'A first password is being sent (no current password); submit is disabled.',
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ newPassword: context.values.newPassword }),
        onDone: { target: 'passwordSet', actions: ['resetForm', 'switchToChange', 'passwordKnown'] },
        onError: [
          { guard: 'isAlreadySet', target: 'alreadySet', actions: ['switchToChange', 'passwordKnown'] },
          { guard: 'isSignInRequired', target: 'signInRequired' },
          { guard: 'isValidationError', target: 'validationError', actions: 'storeErrorCode' },
          { guard: 'isThrottled', target: 'throttled', actions: 'storeRetryAfter' },
          { target: 'serverError' },
        ],
      },
    },
    passwordSet: {
      description: 'The first password is set: the account can sign in with email too; the form is now the normal one.',
      on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
    },
    alreadySet: {
      description:
        '409 PASSWORD_ALREADY_SET: the account has a password after all; the normal form asks for the current one.',
      on: {
        'form.change': { target: 'notRequested', actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        // The current password is still to be typed (it is the one field this form did not have).
        'form.submit': { actions: 'markSubmitAttempted' },
      },
    },
    signInRequired: {
      description:
        '403 RECENT_SIGN_IN_REQUIRED: the sign-in is too old to set a password; sign in again first. Input kept.',
      on: {
        'form.change': { target: 'notRequested', actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValidToSet', target: 'settingPassword' }],
      },
    },
    success: {
      description: 'The password changed: the success message.',
      on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
    },
    validationError: {
      description:
        "The server's first error code: PASSWORD_INCORRECT, PASSWORD_EQUALS_TO_NAME, PASSWORD_EQUALS_TO_EMAIL or PASSWORD_GENERIC_ERROR.",
      on: {
        'form.change': { target: 'notRequested', actions: ['setValue', 'clearErrorCode'] },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValidToSet', target: 'settingPassword', actions: 'clearErrorCode' },
          { guard: 'isValid', target: 'requesting', actions: 'clearErrorCode' },
        ],
      },
    },
    throttled: {
      description:
        '429 after too many wrong current passwords: "Too many attempts" says when to try again; input kept.',
      on: {
        'form.change': { target: 'notRequested', actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValidToSet', target: 'settingPassword' },
          { guard: 'isValid', target: 'requesting' },
        ],
      },
    },
    serverError: {
      description: 'Any other failure: a generic error, input kept.',
      on: {
        'form.change': { target: 'notRequested', actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValidToSet', target: 'settingPassword' },
          { guard: 'isValid', target: 'requesting' },
        ],
      },
    },
  },
});
