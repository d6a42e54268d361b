import { assign, fromPromise, setup } from 'xstate';
import { validateEmail } from '#src/schemas/forms';
import { maxResendAddresses } from '#src/schemas/booking-actions';
import { submitAttemptPatch } from './lib/form-kit';
import { m } from '#src/paraglide/messages.js';

/**
 * Resend booking email modal (spec sections 2, 3, 4, 7). Status NOT_SET, PENDING, SUCCESS, ERROR
 * (a tag on each state); closing the modal resets it. One or more addresses, each checked with the
 * shared email validator.
 */
export type ResendEmailStatus = 'NOT_SET' | 'PENDING' | 'SUCCESS' | 'ERROR';

export interface ResendEmailInput {
  /** The order's email, prefilled when the modal opens. */
  email: string | null;
}

export interface ResendEmailContext {
  initialEmail: string;
  emails: string[];
  touched: boolean[];
  submitAttempted: boolean;
  /** Addresses the last successful request went to. */
  sentTo: string[];
  maxAddresses: number;
}

export type ResendEmailEvent =
  | { type: 'modal.open' }
  | { type: 'modal.close' }
  | { type: 'emails.change'; index: number; value: string }
  | { type: 'emails.blur'; index: number }
  | { type: 'emails.add' }
  | { type: 'emails.remove'; index: number }
  | { type: 'form.submit' };

export const resendEmailMessages = {
  success: (emails: string[]) => m.resend_email_success({ emails: emails.join(', ') }),
  error: m.resend_email_error(),
} as const;

/** The first error per address, or null. */
export const emailErrors = (emails: readonly string[]): (string | null)[] => emails.map((e) => validateEmail(e));

const allValid = (emails: readonly string[]) => emails.length > 0 && emailErrors(emails).every((e) => e === null);

export const resendEmailMachine = setup({
  types: {
    context: {} as ResendEmailContext,
    events: {} as ResendEmailEvent,
    input: {} as ResendEmailInput,
    tags: {} as ResendEmailStatus,
  },
  actors: {
    resendEmail: fromPromise<void, { emailAddresses: string[] }>(async () => {
      throw new Error('resendEmail not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => allValid(context.emails),
    canAddAddress: ({ context }) => context.emails.length < context.maxAddresses,
    canRemoveAddress: ({ context, event }) =>
      event.type === 'emails.remove' && context.emails.length > 1 && event.index >= 0 && event.index < context.emails.length,
  },
  actions: {
    resetForm: assign(({ context }) => ({
      emails: [context.initialEmail],
      touched: [false],
      submitAttempted: false,
      sentTo: [],
    })),
    setEmail: assign(({ context, event }) =>
      event.type === 'emails.change' && event.index >= 0 && event.index < context.emails.length
        ? { emails: context.emails.map((e, i) => (i === event.index ? event.value : e)) }
        : {},
    ),
    touchEmail: assign(({ context, event }) =>
      event.type === 'emails.blur' ? { touched: context.touched.map((t, i) => t || i === event.index) } : {},
    ),
    addEmail: assign(({ context }) => ({ emails: [...context.emails, ''], touched: [...context.touched, false] })),
    removeEmail: assign(({ context, event }) =>
      event.type === 'emails.remove'
        ? {
            emails: context.emails.filter((_, i) => i !== event.index),
            touched: context.touched.filter((_, i) => i !== event.index),
          }
        : {},
    ),
    markSubmitAttempted: assign(submitAttemptPatch),
    storeSentTo: assign({ sentTo: ({ context }) => context.emails.map((e) => e.trim()) }),
  },
}).createMachine({
  id: 'resendEmail',
  context: ({ input }) => ({
    initialEmail: input.email ?? '',
    emails: [input.email ?? ''],
    touched: [false],
    submitAttempted: false,
    sentTo: [],
    maxAddresses: maxResendAddresses,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'NOT_SET: the modal is closed (closing resets it).',
      tags: 'NOT_SET',
      on: { 'modal.open': { target: 'open', actions: 'resetForm' } },
    },
    open: {
      description: 'The resend booking email modal is open.',
      initial: 'editing',
      on: { 'modal.close': { target: 'closed', actions: 'resetForm' } },
      states: {
        editing: {
          description: 'NOT_SET: one or more email addresses, each checked with the shared email validator.',
          tags: 'NOT_SET',
          on: {
            'emails.change': { actions: 'setEmail' },
            'emails.blur': { actions: 'touchEmail' },
            'emails.add': { guard: 'canAddAddress', actions: 'addEmail' },
            'emails.remove': { guard: 'canRemoveAddress', actions: 'removeEmail' },
            'form.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'markSubmitAttempted' }],
          },
        },
        sending: {
          description: 'PENDING: the booking email is being sent.',
          tags: 'PENDING',
          invoke: {
            id: 'resendEmail',
            src: 'resendEmail',
            input: ({ context }) => ({ emailAddresses: context.emails.map((e) => e.trim()) }),
            onDone: { target: 'sent', actions: 'storeSentTo' },
            onError: { target: 'failed' },
          },
        },
        sent: {
          description: 'SUCCESS: the confirmation that the email was sent.',
          tags: 'SUCCESS',
        },
        failed: {
          description: 'ERROR: the email could not be sent; the addresses are kept for another try.',
          tags: 'ERROR',
          on: {
            'emails.change': { target: 'editing', actions: 'setEmail' },
            'emails.blur': { actions: 'touchEmail' },
            'form.submit': [{ guard: 'isValid', target: 'sending' }],
          },
        },
      },
    },
  },
});

/** The spec's status for a snapshot of this machine. */
export const resendEmailStatus = (snapshot: { hasTag: (tag: ResendEmailStatus) => boolean }): ResendEmailStatus =>
  snapshot.hasTag('PENDING') ? 'PENDING' : snapshot.hasTag('SUCCESS') ? 'SUCCESS' : snapshot.hasTag('ERROR') ? 'ERROR' : 'NOT_SET';
