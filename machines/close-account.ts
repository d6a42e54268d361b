import { assign, fromPromise, setup } from 'xstate';
import { collectErrors, hasErrors, validatePasswordPresent } from '#src/schemas/forms';
import * as v from 'valibot';
import { OpenMattersBody, type OpenMatter } from '#src/schemas/your-data';
import { codeOf, hasStatus, isThrottledProblem, problemOfEvent, retryAfterOfEvent } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';

/**
 * "Close your account" on Account controls (decision 611). The screen first says plainly what
 * happens (sign-in ends everywhere; saved passengers, cards, addresses, railcards, smartcards,
 * preferences, the calendar feed and provider links are deleted; orders are kept, anonymised, and
 * Find a booking still finds them); the customer opens the form, gives the password (an account
 * with no password, made with a sign-in provider, needs a sign-in in the last 10 minutes instead)
 * and confirms. A refund, claim or change of journey under way refuses it with the reason
 * (409 OPEN_MATTERS, each with its booking reference). Once closed, the app signs out.
 */
export type CloseAccountField = 'password';
export const closeAccountValidators = { password: validatePasswordPresent };

export type CloseAccountError = 'passwordIncorrect' | 'genericError';

export interface CloseAccountInput {
  /** GET /user's `hasPassword`; only `false` (a provider-only account) asks for no password. */
  hasPassword?: boolean | null;
}

export interface CloseAccountContext {
  hasPassword: boolean;
  values: Record<CloseAccountField, string>;
  touched: Partial<Record<CloseAccountField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  error: CloseAccountError | null;
  /** Why the account cannot close yet (409 OPEN_MATTERS). */
  matters: OpenMatter[];
  retryAfterSeconds: number | null;
}

export type CloseAccountEvent =
  | { type: 'close.start' }
  | { type: 'close.cancel' }
  | { type: 'form.change'; field: CloseAccountField; value: string }
  | { type: 'form.blur'; field: CloseAccountField }
  | { type: 'form.submit' };

/**
 * The 409's reasons, checked against their schema: anything else (no body, another shape) reads as
 * no reason given. Only an HTTP answer has a body; the schema check is what decides.
 */
const mattersOf = (event: object): OpenMatter[] => {
  const { body } = problemOfEvent(event) as { body?: unknown };
  const parsed = v.safeParse(OpenMattersBody, body);
  return parsed.success ? parsed.output.matters : [];
};

const emptyForm = {
  values: { password: '' },
  touched: {},
  dirty: false,
  submitAttempted: false,
  error: null,
  retryAfterSeconds: null,
};

export const closeAccountMachine = setup({
  types: {
    context: {} as CloseAccountContext,
    events: {} as CloseAccountEvent,
    input: {} as CloseAccountInput,
    /** The machine ends only when the account is closed: a parent or test reads that it was. */
    output: {} as { closed: true },
  },
  actors: {
    closeAccount: fromPromise<void, { password: string | null }>(async () => {
      throw new Error('closeAccount not provided');
    }),
  },
  guards: {
    /**
     * With a password: one typed (an untouched form's is empty, which the rule refuses). Without one
     * (a provider-only account) there is nothing to type.
     */
    isValid: ({ context }) => !context.hasPassword || !hasErrors(collectErrors(context.values, closeAccountValidators)),
    isPasswordIncorrect: ({ event }) => hasStatus(event, 400) && codeOf(problemOfEvent(event)) === 'PASSWORD_INCORRECT',
    hasOpenMatters: ({ event }) => hasStatus(event, 409) && codeOf(problemOfEvent(event)) === 'OPEN_MATTERS',
    needsRecentSignIn: ({ event }) =>
      hasStatus(event, 403) && codeOf(problemOfEvent(event)) === 'RECENT_SIGN_IN_REQUIRED',
    isThrottled: ({ event }) => isThrottledProblem(event),
  },
  actions: {
    setValue: assign(({ context, event }) => changePatch(context, event, { error: null })),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    resetForm: assign(emptyForm),
    setPasswordIncorrect: assign({ error: 'passwordIncorrect' as const }),
    setGenericError: assign({ error: 'genericError' as const }),
    storeMatters: assign(({ event }) => ({ matters: mattersOf(event) })),
    storeRetryAfter: assign(({ event }) => ({ retryAfterSeconds: retryAfterOfEvent(event) })),
    /** Provided by the app: the session has ended on the server; the app forgets the customer. */
    signedOut: () => {},
  },
}).createMachine({
  id: 'closeAccount',
  output: () => ({ closed: true as const }),
  context: ({ input }) => ({ hasPassword: input?.hasPassword !== false, matters: [], ...emptyForm }),
  initial: 'idle',
  states: {
    idle: {
      description: 'What closing the account deletes and what it keeps, and "Close my account".',
      // Idle's form is always empty: the chart starts so, and every way back here resets it.
      on: { 'close.start': { target: 'confirming' } },
    },
    confirming: {
      description:
        'The confirmation form: the password (or, with none, a note that a recent sign-in is the proof), "Close my account permanently" and Cancel; input kept after a failure.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'closing' }, { actions: 'markSubmitAttempted' }],
        'close.cancel': { target: 'idle', actions: 'resetForm' },
      },
    },
    closing: {
      description: 'The account is being closed; the button is busy.',
      invoke: {
        id: 'closeAccount',
        src: 'closeAccount',
        input: ({ context }) => ({ password: context.hasPassword ? context.values.password : null }),
        onDone: { target: 'closed', actions: 'signedOut' },
        onError: [
          { guard: 'isPasswordIncorrect', target: 'confirming', actions: 'setPasswordIncorrect' },
          { guard: 'hasOpenMatters', target: 'refused', actions: 'storeMatters' },
          { guard: 'needsRecentSignIn', target: 'signInAgain' },
          { guard: 'isThrottled', target: 'throttled', actions: 'storeRetryAfter' },
          { target: 'confirming', actions: 'setGenericError' },
        ],
      },
    },
    refused: {
      description:
        'Not closed: a refund, claim or change of journey is under way; each is named by its booking reference, and the account can close once they finish.',
      on: { 'close.cancel': { target: 'idle', actions: 'resetForm' } },
    },
    signInAgain: {
      description: 'Not closed: an account with no password needs a recent sign-in; a link to sign in again.',
      on: { 'close.cancel': { target: 'idle', actions: 'resetForm' } },
    },
    throttled: {
      description: 'Too many wrong passwords: when to try again (429 Retry-After).',
      on: { 'close.cancel': { target: 'idle', actions: 'resetForm' } },
    },
    closed: {
      type: 'final',
      description:
        'The account is closed: the confirmation (an email is on its way; orders can still be found with Find a booking).',
    },
  },
});
