import { assign, fromPromise, setup } from 'xstate';
import type { ChangeEmailOutcome, ChangeEmailResult } from '#src/schemas/customer-profile';
import { collectErrors, hasErrors, validateEmail, validatePasswordPresent } from '#src/schemas/forms';
import { codeOf, problemOfEvent, statusOf } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { m } from '#src/paraglide/messages.js';

/**
 * Change email on /account-controls (spec sections 4, 5, 8). Statuses: not requested, requesting,
 * success, validation error (403 passwordIncorrect, 422 emailAlreadyExists) and server error
 * (genericError). tokenFailure (the email changed but no new tokens were issued) ends in
 * signInRequired: the message is shown and the customer signs in again with the new address.
 * confirmationSent (local server, decision 150): the change waits for the link sent to the new
 * address; nothing changed yet (machines/confirm-email.ts applies it).
 */
export type ChangeEmailField = 'newEmailAddress' | 'currentPassword';
export const changeEmailValidators = { newEmailAddress: validateEmail, currentPassword: validatePasswordPresent };

export type ChangeEmailError = 'passwordIncorrect' | 'emailAlreadyExists' | 'genericError';

export interface ChangeEmailContext {
  values: Record<ChangeEmailField, string>;
  touched: Partial<Record<ChangeEmailField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  error: ChangeEmailError | null;
  updatedEmailAddress: string | null;
  /** Where the confirmation link was sent (confirmationSent). */
  pendingEmailAddress: string | null;
}

export type ChangeEmailEvent =
  | { type: 'form.change'; field: ChangeEmailField; value: string }
  | { type: 'form.blur'; field: ChangeEmailField }
  | { type: 'form.submit' }
  | { type: 'changeEmail.signIn' };

export const changeEmailMessages = {
  passwordIncorrect: m.change_email_password_incorrect(),
  emailAlreadyExists: m.change_email_email_already_exists(),
  genericError: m.change_email_generic_error(),
  tokenFailure: (email: string) =>
    m.change_email_your_email_address_has_been({ email }),
  success: (email: string) => m.change_email_success_with_email({ email }),
} as const;

const errorStatus = (event: object): { status: number | null; code: string | null } => {
  const problem = problemOfEvent(event);
  return { status: statusOf(problem), code: codeOf(problem) };
};

const resetValues = { newEmailAddress: '', currentPassword: '' };

const updatedEmail = (result: ChangeEmailOutcome): string =>
  'updatedEmailAddress' in result ? (result as ChangeEmailResult).updatedEmailAddress : '';

export const changeEmailMachine = setup({
  types: {
    context: {} as ChangeEmailContext,
    events: {} as ChangeEmailEvent,
  },
  actors: {
    changeEmail: fromPromise<ChangeEmailOutcome, Record<ChangeEmailField, string>>(async () => {
      throw new Error('changeEmail not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, changeEmailValidators)),
    isConfirmationSent: (_, params: { result: ChangeEmailOutcome }) => 'confirmationSent' in params.result,
    hasNewTokens: (_, params: { result: ChangeEmailOutcome }) => 'newTokens' in params.result && !!params.result.newTokens,
    /** Spec: 403 means password incorrect (a CSRF rejection is also 403 but is not the password). */
    isPasswordIncorrect: ({ event }) => {
      const { status, code } = errorStatus(event);
      return status === 403 && code !== 'CSRF_INVALID';
    },
    isEmailAlreadyExists: ({ event }) => errorStatus(event).status === 422,
  },
  actions: {
    setValue: assign(({ context, event }) => changePatch(context, event, {})),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    setPasswordIncorrect: assign({ error: 'passwordIncorrect' as const }),
    setEmailAlreadyExists: assign({ error: 'emailAlreadyExists' as const }),
    setGenericError: assign({ error: 'genericError' as const }),
    clearError: assign({ error: null }),
    storeUpdatedEmail: assign((_, params: { result: ChangeEmailOutcome }) => ({ updatedEmailAddress: updatedEmail(params.result) })),
    storePendingEmail: assign((_, params: { result: ChangeEmailOutcome }) => ({
      pendingEmailAddress: 'pendingEmailAddress' in params.result ? params.result.pendingEmailAddress : null,
    })),
    resetForm: assign({ values: resetValues, touched: {}, dirty: false, submitAttempted: false, error: null }),
    /** Provided by the app: the session now has the new email (header, auth user). */
    emailChanged: (_, _params: { email: string }) => {},
    /** Provided by the app: end the session and go to sign in. */
    signOut: () => {},
  },
}).createMachine({
  id: 'changeEmail',
  context: {
    values: { newEmailAddress: '', currentPassword: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    error: null,
    updatedEmailAddress: null,
    pendingEmailAddress: null,
  },
  initial: 'notRequested',
  states: {
    notRequested: {
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting' }, { actions: 'markSubmitAttempted' }],
      },
    },
    requesting: {
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: ({ context }) => ({
          newEmailAddress: context.values.newEmailAddress.trim(),
          currentPassword: context.values.currentPassword,
        }),
        onDone: [
          {
            guard: { type: 'isConfirmationSent', params: ({ event }) => ({ result: event.output }) },
            target: 'confirmationSent',
            actions: [{ type: 'storePendingEmail', params: ({ event }) => ({ result: event.output }) }, 'resetForm'],
          },
          {
            guard: { type: 'hasNewTokens', params: ({ event }) => ({ result: event.output }) },
            target: 'success',
            actions: [
              { type: 'storeUpdatedEmail', params: ({ event }) => ({ result: event.output }) },
              'resetForm',
              { type: 'emailChanged', params: ({ event }) => ({ email: updatedEmail(event.output) }) },
            ],
          },
          {
            target: 'signInRequired',
            actions: [{ type: 'storeUpdatedEmail', params: ({ event }) => ({ result: event.output }) }, 'resetForm'],
          },
        ],
        onError: [
          { guard: 'isPasswordIncorrect', target: 'validationError', actions: 'setPasswordIncorrect' },
          { guard: 'isEmailAlreadyExists', target: 'validationError', actions: 'setEmailAlreadyExists' },
          { target: 'serverError', actions: 'setGenericError' },
        ],
      },
    },
    success: {
      on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
    },
    confirmationSent: {
      description: 'The link went to the new address; the email changes only when it is followed.',
      on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
    },
    validationError: {
      on: {
        'form.change': { target: 'notRequested', actions: ['setValue', 'clearError'] },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting', actions: 'clearError' }],
      },
    },
    serverError: {
      on: {
        'form.change': { target: 'notRequested', actions: ['setValue', 'clearError'] },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'requesting', actions: 'clearError' }],
      },
    },
    signInRequired: {
      description: 'tokenFailure: the email changed but the session was not renewed; sign in again.',
      on: { 'changeEmail.signIn': { actions: 'signOut' } },
    },
  },
});
