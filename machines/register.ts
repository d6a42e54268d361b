import { assign, fromPromise, setup } from 'xstate';
import type { RegisterOutcome, UserResponse } from '#src/schemas/auth';
import { collectErrors, hasErrors, registerValidators } from '#src/schemas/forms';
import { codeOf, problemOfEvent } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';

/** Registration form on the login page (/register and /login both render it). */
export type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';

export type RegisterServerError = 'emailAlreadyExists' | 'passwordTooWeak' | 'generic';

export interface RegisterContext {
  values: Record<RegisterField, string>;
  touched: Partial<Record<RegisterField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  serverError: RegisterServerError | null;
  response: UserResponse | null;
  /** Where the confirmation link went (decision 303), once the server said it sent one. */
  pendingEmail: string | null;
}

export type RegisterEvent =
  | { type: 'form.change'; field: RegisterField; value: string }
  | { type: 'form.blur'; field: RegisterField }
  | { type: 'form.submit' };

const isPending = (
  output: RegisterOutcome | undefined,
): output is Extract<RegisterOutcome, { confirmationSent: true }> =>
  output !== undefined && 'confirmationSent' in output && output.confirmationSent === true;

const errorCode = (event: object): string | null => codeOf(problemOfEvent(event));

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    output: {} as { response: UserResponse | null },
  },
  actors: {
    register: fromPromise<RegisterOutcome, Record<RegisterField, string>>(async () => {
      throw new Error('register not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, registerValidators)),
    isEmailTaken: ({ event }) => errorCode(event) === 'EMAIL_ALREADY_EXISTS',
    isPasswordTooWeak: ({ event }) => errorCode(event) === 'PASSWORD_TOO_WEAK',
    isConfirmationSent: ({ event }) => isPending(doneOutput<RegisterOutcome | undefined>(event, 'register')),
  },
  actions: {
    setValue: assign(({ context, event }) => changePatch(context, event, { serverError: null })),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    setEmailTaken: assign({ serverError: 'emailAlreadyExists' as const }),
    setPasswordTooWeak: assign({ serverError: 'passwordTooWeak' as const }),
    setGenericError: assign({ serverError: 'generic' as const }),
    storeResponse: assign(({ event }) => ({ response: doneOutput<UserResponse>(event, 'register') })),
    storePendingEmail: assign(({ context, event }) => {
      const output = doneOutput<RegisterOutcome | undefined>(event, 'register');
      return {
        pendingEmail: (isPending(output) ? output.pendingEmailAddress : undefined) ?? context.values.email.trim(),
      };
    }),
  },
}).createMachine({
  id: 'register',
  context: {
    values: { firstName: '', lastName: '', email: '', password: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    serverError: null,
    response: null,
    pendingEmail: null,
  },
  initial: 'editing',
  states: {
    editing: {
      description:
        'The registration form (first name, last name, email, password); a failure shows its message, input kept.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'markSubmitAttempted' }],
      },
    },
    submitting: {
      description: 'The account is being created; submit is disabled.',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          firstName: context.values.firstName.trim(),
          lastName: context.values.lastName.trim(),
          email: context.values.email.trim(),
          password: context.values.password,
        }),
        onDone: [
          { guard: 'isConfirmationSent', target: 'confirmationSent', actions: 'storePendingEmail' },
          { target: 'registered', actions: 'storeResponse' },
        ],
        onError: [
          { guard: 'isEmailTaken', target: 'editing', actions: 'setEmailTaken' },
          { guard: 'isPasswordTooWeak', target: 'editing', actions: 'setPasswordTooWeak' },
          { target: 'editing', actions: 'setGenericError' },
        ],
      },
    },
    confirmationSent: {
      description:
        'Check your inbox: a link to confirm the email was sent (or, for an email that already has an account, a notice to its owner: the same answer). No session; sign in after confirming.',
      type: 'final',
    },
    registered: { description: 'Registered: the customer is signed in (output: the user response).', type: 'final' },
  },
  output: ({ context }) => ({ response: context.response }),
});
