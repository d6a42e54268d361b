import { assign, fromPromise, setup } from 'xstate';
import { changePasswordValidators, collectErrors, hasErrors } from '#src/schemas/forms';
import { codeOf, isThrottledProblem, problemOfEvent, retryAfterOfEvent, statusOf } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { m } from '#src/paraglide/messages.js';

/**
 * Change password (spec sections 4, 5): statuses not requested, requesting, success,
 * validation error (the server's errors list, first code used) and server error.
 */
export type ChangePasswordField = 'currentPassword' | 'newPassword';
export const changePasswordCodes = [
  'PASSWORD_INCORRECT',
  'PASSWORD_EQUALS_TO_NAME',
  'PASSWORD_EQUALS_TO_EMAIL',
  'PASSWORD_GENERIC_ERROR',
] as const;
export type ChangePasswordCode = (typeof changePasswordCodes)[number];

export interface ChangePasswordContext {
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

export const changePasswordMessages: Record<ChangePasswordCode | 'serverError' | 'success', string> = {
  PASSWORD_INCORRECT: m.change_password_password_incorrect(),
  PASSWORD_EQUALS_TO_NAME: m.change_password_password_equals_to_name(),
  PASSWORD_EQUALS_TO_EMAIL: m.change_password_password_equals_to_email(),
  PASSWORD_GENERIC_ERROR: m.change_password_password_generic_error(),
  serverError: m.change_password_server_error(),
  success: m.change_password_success(),
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
  },
  actors: {
    changePassword: fromPromise<void, Record<ChangePasswordField, string>>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, changePasswordValidators)),
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
  context: {
    values: { currentPassword: '', newPassword: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    errorCode: null,
    retryAfterSeconds: null,
  },
  initial: 'notRequested',
  states: {
    notRequested: {
      description: 'The change password form; submit disabled while pristine or invalid.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting' }, { actions: 'markSubmitAttempted' }],
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
    success: {
      description: 'The password changed: the success message.',
      on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
    },
    validationError: {
      description: 'The server\'s first error code: PASSWORD_INCORRECT, PASSWORD_EQUALS_TO_NAME, PASSWORD_EQUALS_TO_EMAIL or PASSWORD_GENERIC_ERROR.',
      on: {
        'form.change': { target: 'notRequested', actions: ['setValue', 'clearErrorCode'] },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting', actions: 'clearErrorCode' }],
      },
    },
    throttled: {
      description: '429 after too many wrong current passwords: "Too many attempts" says when to try again; input kept.',
      on: {
        'form.change': { target: 'notRequested', actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting' }],
      },
    },
    serverError: {
      description: 'Any other failure: a generic error, input kept.',
      on: {
        'form.change': { target: 'notRequested', actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting' }],
      },
    },
  },
});
