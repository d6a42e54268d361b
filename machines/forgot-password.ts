import { assign, fromPromise, setup } from 'xstate';
import { collectErrors, forgotPasswordValidators, hasErrors } from '#src/schemas/forms';
import { submitAttemptPatch } from './lib/form-kit';
import { isThrottledProblem, retryAfterOfEvent } from './lib/problems';

/** Forgot password (docs/product/screens.md, docs/product/validation.md, docs/product/errors.md): email entry, then a confirmation. */
export interface ForgotPasswordContext {
  values: { email: string };
  touched: { email?: boolean };
  dirty: boolean;
  submitAttempted: boolean;
  failed: boolean;
  /** The failure was a 429 (too many requests, decision 155): seconds to wait, or null when not said. */
  throttled: boolean;
  retryAfterSeconds: number | null;
}

export type ForgotPasswordEvent =
  | { type: 'form.change'; field: 'email'; value: string }
  | { type: 'form.blur'; field: 'email' }
  | { type: 'form.submit' }
  | { type: 'forgot.restart' };

/** docs/product/constants.md: password reset link valid 24 hours. */
export const resetLinkValidityHours = 24;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestReset not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, forgotPasswordValidators)),
    isThrottled: ({ event }) => isThrottledProblem(event),
  },
  actions: {
    setValue: assign(({ event }) =>
      event.type === 'form.change'
        ? { values: { email: event.value }, dirty: true, failed: false, throttled: false, retryAfterSeconds: null }
        : {},
    ),
    touch: assign({ touched: { email: true } }),
    markSubmitAttempted: assign(submitAttemptPatch),
    setFailed: assign({ failed: true, throttled: false, retryAfterSeconds: null }),
    setThrottled: assign(({ event }) => ({
      failed: true,
      throttled: true,
      retryAfterSeconds: retryAfterOfEvent(event),
    })),
    resetForm: assign({
      values: { email: '' },
      touched: {},
      dirty: false,
      submitAttempted: false,
      failed: false,
      throttled: false,
      retryAfterSeconds: null,
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: {
    values: { email: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    failed: false,
    throttled: false,
    retryAfterSeconds: null,
  },
  initial: 'editing',
  states: {
    editing: {
      description:
        "The email field; a failure shows 'We're unable to reset your password at this time. Please try again later.', or after too many requests 'Too many attempts' with when to try again",
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'markSubmitAttempted' }],
      },
    },
    submitting: {
      description: 'The reset email is being requested; submit is disabled.',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: { target: 'sent' },
        onError: [
          { guard: 'isThrottled', target: 'editing', actions: 'setThrottled' },
          { target: 'editing', actions: 'setFailed' },
        ],
      },
    },
    sent: {
      description: 'Confirmation shown; the BrandedBusinessTravel design offers a Back link to start again.',
      on: { 'forgot.restart': { target: 'editing', actions: 'resetForm' } },
    },
  },
});
