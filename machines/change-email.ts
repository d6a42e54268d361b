import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ChangeEmailOutcome, ChangeEmailResult } from '#src/schemas/customer-profile';
import { collectErrors, hasErrors, validateEmail, validatePasswordPresent } from '#src/schemas/forms';
import { codeOf, isThrottledProblem, problemOfEvent, retryAfterOfEvent, statusOf } from './lib/problems';
import { doneOutput } from './lib/done-output';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';

/**
 * Change email on /account-controls (docs/product/states.md, docs/product/validation.md, docs/product/errors.md). Statuses: not requested, requesting,
 * success, validation error (403 passwordIncorrect, 422 emailAlreadyExists) and server error
 * (genericError, or emailNotVerified for 403 EMAIL_NOT_VERIFIED: decision 560). tokenFailure (the
 * email changed but no new tokens were issued) ends in signInRequired: the message is shown and the
 * customer signs in again with the new address.
 * confirmationSent (local server, decision 150): the change waits for the link sent to the new
 * address; nothing changed yet (machines/confirm-email.ts applies it).
 */
export type ChangeEmailField = 'newEmailAddress' | 'currentPassword';
export const changeEmailValidators = { newEmailAddress: validateEmail, currentPassword: validatePasswordPresent };

export type ChangeEmailError = 'passwordIncorrect' | 'emailAlreadyExists' | 'emailNotVerified' | 'genericError';

export interface ChangeEmailContext {
  values: Record<ChangeEmailField, string>;
  touched: Partial<Record<ChangeEmailField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  error: ChangeEmailError | null;
  updatedEmailAddress: string | null;
  /** Where the confirmation link was sent (confirmationSent). */
  pendingEmailAddress: string | null;
  /** Seconds to wait after too many wrong passwords (429 Retry-After, decision 155), or null. */
  retryAfterSeconds: number | null;
}

export type ChangeEmailEvent =
  | { type: 'form.change'; field: ChangeEmailField; value: string }
  | { type: 'form.blur'; field: ChangeEmailField }
  | { type: 'form.submit' }
  | { type: 'changeEmail.signIn' };

const errorStatus = (event: object): { status: number | null; code: string | null } => {
  const problem = problemOfEvent(event);
  return { status: statusOf(problem), code: codeOf(problem) };
};

const changeResult = (event: { type: string }) => doneOutput<ChangeEmailOutcome>(event, 'changeEmail');

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
    isConfirmationSent: ({ event }) => 'confirmationSent' in changeResult(event),
    hasNewTokens: ({ event }) => {
      const result = changeResult(event);
      return 'newTokens' in result && !!result.newTokens;
    },
    isThrottled: ({ event }) => isThrottledProblem(event),
    /**
     * Spec: 403 means password incorrect. A CSRF rejection is also 403 but is not the password, and
     * neither is 403 EMAIL_NOT_VERIFIED (an account whose own email is not confirmed yet, decision 560).
     */
    isPasswordIncorrect: ({ event }) => {
      const { status, code } = errorStatus(event);
      return status === 403 && code !== 'CSRF_INVALID' && code !== 'EMAIL_NOT_VERIFIED';
    },
    isEmailAlreadyExists: ({ event }) => errorStatus(event).status === 422,
  },
  actions: {
    setValue: assign(({ context, event }) => changePatch(context, event, {})),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    setPasswordIncorrect: assign({ error: 'passwordIncorrect' as const }),
    setEmailAlreadyExists: assign({ error: 'emailAlreadyExists' as const }),
    /** Any other failure: the generic message, or the one that says to confirm the email first (403 EMAIL_NOT_VERIFIED). */
    setGenericError: assign(({ event }) => ({
      error:
        errorStatus(event).code === 'EMAIL_NOT_VERIFIED' ? ('emailNotVerified' as const) : ('genericError' as const),
    })),
    clearError: assign({ error: null }),
    storeRetryAfter: assign(({ event }) => ({ retryAfterSeconds: retryAfterOfEvent(event) })),
    storeUpdatedEmail: assign(({ event }) => ({ updatedEmailAddress: updatedEmail(changeResult(event)) })),
    storePendingEmail: assign(({ event }) => {
      const result = changeResult(event);
      return { pendingEmailAddress: 'pendingEmailAddress' in result ? result.pendingEmailAddress : null };
    }),
    resetForm: assign({ values: resetValues, touched: {}, dirty: false, submitAttempted: false, error: null }),
    /** Provided by the app: the session now has the new email (header, auth user). */
    emailChanged: (_, _params: { email: string }) => {},
    /** Provided by the app: end the session and go to sign in. */
    signOut: () => {},
  },
})
  .extend<{ announceEmailChange: undefined }>({
    actions: {
      /** The address changeEmail confirmed, handed to the app's emailChanged as its params. */
      announceEmailChange: enqueueActions(({ event, enqueue }) => {
        enqueue({ type: 'emailChanged', params: { email: updatedEmail(changeResult(event)) } });
      }),
    },
  })
  .createMachine({
    id: 'changeEmail',
    context: {
      values: { newEmailAddress: '', currentPassword: '' },
      touched: {},
      dirty: false,
      submitAttempted: false,
      error: null,
      updatedEmailAddress: null,
      pendingEmailAddress: null,
      retryAfterSeconds: null,
    },
    initial: 'notRequested',
    states: {
      notRequested: {
        description:
          'The change email form (new address, current password); submit disabled while pristine or invalid.',
        on: {
          'form.change': { actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': [{ guard: 'isValid', target: 'requesting' }, { actions: 'markSubmitAttempted' }],
        },
      },
      requesting: {
        description: 'The change is being sent; submit is disabled.',
        invoke: {
          id: 'changeEmail',
          src: 'changeEmail',
          input: ({ context }) => ({
            newEmailAddress: context.values.newEmailAddress.trim(),
            currentPassword: context.values.currentPassword,
          }),
          onDone: [
            {
              guard: 'isConfirmationSent',
              target: 'confirmationSent',
              actions: ['storePendingEmail', 'resetForm'],
            },
            {
              guard: 'hasNewTokens',
              target: 'success',
              actions: ['storeUpdatedEmail', 'resetForm', 'announceEmailChange'],
            },
            {
              target: 'signInRequired',
              actions: ['storeUpdatedEmail', 'resetForm'],
            },
          ],
          onError: [
            { guard: 'isPasswordIncorrect', target: 'validationError', actions: 'setPasswordIncorrect' },
            { guard: 'isEmailAlreadyExists', target: 'validationError', actions: 'setEmailAlreadyExists' },
            { guard: 'isThrottled', target: 'throttled', actions: 'storeRetryAfter' },
            { target: 'serverError', actions: 'setGenericError' },
          ],
        },
      },
      success: {
        description: 'The email changed and new tokens were issued: the success message and the new address.',
        on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
      },
      confirmationSent: {
        description: 'The link went to the new address; the email changes only when it is followed.',
        on: { 'form.change': { target: 'notRequested', actions: 'setValue' } },
      },
      validationError: {
        description: '403 passwordIncorrect or 422 emailAlreadyExists: the message beside the form, input kept.',
        on: {
          'form.change': { target: 'notRequested', actions: ['setValue', 'clearError'] },
          'form.blur': { actions: 'touch' },
          'form.submit': [{ guard: 'isValid', target: 'requesting', actions: 'clearError' }],
        },
      },
      throttled: {
        description: '429 after too many wrong passwords: "Too many attempts" says when to try again; input kept.',
        on: {
          'form.change': { target: 'notRequested', actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': [{ guard: 'isValid', target: 'requesting' }],
        },
      },
      serverError: {
        description: 'Any other failure: genericError, input kept.',
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
