import { assign, fromPromise, setup } from 'xstate';
import { collectErrors, hasErrors, resetPasswordValidators } from '#src/schemas/forms';
import { codeOf, problemOfEvent } from './lib/problems';
import { submitAttemptPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';

/**
 * Reset password and migration reset password: the token from the link is validated with
 * validate-reset-password-token, then a new password is chosen.
 */
export interface ResetPasswordContext {
  token: string | null;
  values: { newPassword: string };
  touched: { newPassword?: boolean };
  dirty: boolean;
  submitAttempted: boolean;
  failed: boolean;
}

export type ResetPasswordEvent =
  | { type: 'form.change'; field: 'newPassword'; value: string }
  | { type: 'form.blur'; field: 'newPassword' }
  | { type: 'form.submit' }
  | { type: 'token.retry' };

/** How the flow ended: each final state names its outcome (static, for Stately's editors). */
export interface ResetPasswordOutput {
  outcome: 'done' | 'invalidToken';
}
const isResetDone = (output: unknown): boolean =>
  typeof output === 'object' && output !== null && 'outcome' in output && output.outcome === 'done';

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string | null },
    output: {} as ResetPasswordOutput,
  },
  actors: {
    validateToken: fromPromise<{ isValid: boolean }, { token: string }>(async () => {
      throw new Error('validateToken not provided');
    }),
    resetPassword: fromPromise<void, { token: string; newPassword: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    isTokenValid: ({ event }) => doneOutput<{ isValid: boolean }>(event, 'validateToken').isValid === true,
    isTokenRejected: ({ event }) => codeOf(problemOfEvent(event)) === 'TOKEN_INVALID',
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, resetPasswordValidators)),
  },
  actions: {
    setValue: assign(({ event }) =>
      event.type === 'form.change' ? { values: { newPassword: event.value }, dirty: true, failed: false } : {},
    ),
    touch: assign({ touched: { newPassword: true } }),
    markSubmitAttempted: assign(submitAttemptPatch),
    setFailed: assign({ failed: true }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token,
    values: { newPassword: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    failed: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Is there a reset token in the link?',
      always: [{ guard: 'hasToken', target: 'validatingToken' }, { target: 'invalidToken' }],
    },
    validatingToken: {
      description: "The link's token is being validated (validate-reset-password-token).",
      invoke: {
        id: 'validateToken',
        src: 'validateToken',
        // Entered only behind hasToken, or again from checkFailed; nothing clears the token.
        input: ({ context }) => ({ token: context.token! }),
        onDone: [{ guard: 'isTokenValid', target: 'editing' }, { target: 'invalidToken' }],
        onError: { target: 'checkFailed' },
      },
    },
    checkFailed: {
      description: 'The token could not be checked (network or server): an error with a retry.',
      on: { 'token.retry': { target: 'validatingToken' } },
    },
    editing: {
      description: 'The new password form; a failure shows its message, input kept.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'markSubmitAttempted' }],
      },
    },
    submitting: {
      description: 'The new password is being saved; submit is disabled.',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        // Reached only through editing, after validatingToken (behind hasToken); nothing clears the token.
        input: ({ context }) => ({ token: context.token!, newPassword: context.values.newPassword }),
        onDone: { target: 'done' },
        onError: [
          { guard: 'isTokenRejected', target: 'invalidToken' },
          { target: 'editing', actions: 'setFailed' },
        ],
      },
    },
    invalidToken: {
      description:
        "The link is missing, expired (valid 24 hours) or used: 'This password reset link has expired or has already been used. Please request a new one.'",
      type: 'final',
      output: { outcome: 'invalidToken' },
    },
    done: {
      description: 'The password was reset: the confirmation and a way to sign in.',
      type: 'final',
      output: { outcome: 'done' },
    },
  },
  output: ({ event }) => ({ outcome: isResetDone(event.output) ? 'done' : 'invalidToken' }),
});
