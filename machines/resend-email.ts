import { assign, fromPromise, setup } from 'xstate';
import { validateEmail } from '#src/schemas/forms';
import { maxResendAddresses, type DeliveryMethod } from '#src/schemas/booking-actions';
import { submitAttemptPatch } from './lib/form-kit';
import { isThrottledProblem, problemOfEvent, retryAfterOfEvent } from './lib/problems';

/**
 * Resend booking email modal (docs/product/screens.md, docs/product/entities.md, docs/product/states.md, docs/product/api.md). Status NOT_SET, PENDING, SUCCESS, ERROR
 * (a tag on each state); closing the modal resets it. One or more addresses, each checked with the
 * shared email validator. The server sends only to the booking's own address and the account's
 * verified email (docs/decisions/301): an address it refuses (422 RECIPIENT_NOT_ALLOWED, per field)
 * goes back to editing with that field's error; too many resends (429) says when to try again.
 */
export type ResendEmailStatus = 'NOT_SET' | 'PENDING' | 'SUCCESS' | 'ERROR';

/** The booking the email is about, as the resend call names it; null where the booking has no delivery. */
export interface ResendBooking {
  bookingId: string;
  orderId: string;
  deliveryMethod: DeliveryMethod;
}

export interface ResendEmailInput {
  /** The order's email, prefilled when the modal opens. */
  email: string | null;
  booking?: ResendBooking | null;
}

export interface ResendEmailContext {
  booking: ResendBooking | null;
  initialEmail: string;
  emails: string[];
  touched: boolean[];
  submitAttempted: boolean;
  /** Addresses the last successful request went to. */
  sentTo: string[];
  maxAddresses: number;
  /** Addresses (trimmed, lower case) the server refused as recipients of this booking. */
  refusedRecipients: string[];
  /** Why the last send failed: too many resends (429) or anything else; null before a failure. */
  failure: 'throttled' | 'failed' | null;
  /** From the 429's Retry-After, when the server said. */
  retryAfterSeconds: number | null;
}

export type ResendEmailEvent =
  | { type: 'modal.open' }
  | { type: 'modal.close' }
  | { type: 'emails.change'; index: number; value: string }
  | { type: 'emails.blur'; index: number }
  | { type: 'emails.add' }
  | { type: 'emails.remove'; index: number }
  | { type: 'form.submit' };

const recipientKey = (email: string) => email.trim().toLowerCase();

/** Whether the server refused this address as a recipient of the booking (the screen words it). */
export const isRefusedRecipient = (email: string, refused: readonly string[]): boolean =>
  refused.includes(recipientKey(email));

const allValid = (emails: readonly string[], refused: readonly string[]) =>
  emails.length > 0 && emails.every((e) => validateEmail(e) === null && !isRefusedRecipient(e, refused));

/**
 * The addresses a 422 RECIPIENT_NOT_ALLOWED names: its errors' `field` (`emailAddresses.{index}`) of
 * what was sent. A refusal that names no field refuses every address but the booking's own.
 */
export const refusedRecipientsOf = (event: object, sent: readonly string[], ownEmail: string): string[] => {
  const problem = problemOfEvent(event);
  const body = problem.kind === 'http' ? problem.body : null;
  const errors =
    body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? (body as { errors: unknown[] }).errors
      : [];
  const indexes = errors.flatMap((e) => {
    const field = e && typeof e === 'object' ? (e as { field?: unknown }).field : undefined;
    const match = typeof field === 'string' ? /^emailAddresses\.(\d+)$/.exec(field) : null;
    return match ? [Number(match[1])] : [];
  });
  const named = indexes.flatMap((i) => (sent[i] === undefined ? [] : [recipientKey(sent[i])]));
  if (named.length > 0) return [...new Set(named)];
  return [...new Set(sent.map(recipientKey).filter((e) => e !== recipientKey(ownEmail)))];
};

export const resendEmailMachine = setup({
  types: {
    context: {} as ResendEmailContext,
    events: {} as ResendEmailEvent,
    input: {} as ResendEmailInput,
    tags: {} as ResendEmailStatus,
  },
  actors: {
    resendEmail: fromPromise<void, { emailAddresses: string[]; booking: ResendBooking | null }>(async () => {
      throw new Error('resendEmail not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => allValid(context.emails, context.refusedRecipients),
    isThrottled: ({ event }) => isThrottledProblem(event),
    isRecipientRefused: ({ event }) => {
      const problem = problemOfEvent(event);
      return problem.kind === 'http' && problem.status === 422 && problem.codes.includes('RECIPIENT_NOT_ALLOWED');
    },
    canAddAddress: ({ context }) => context.emails.length < context.maxAddresses,
    canRemoveAddress: ({ context, event }) =>
      event.type === 'emails.remove' &&
      context.emails.length > 1 &&
      event.index >= 0 &&
      event.index < context.emails.length,
  },
  actions: {
    resetForm: assign(({ context }) => ({
      emails: [context.initialEmail],
      touched: [false],
      submitAttempted: false,
      sentTo: [],
      refusedRecipients: [],
      failure: null,
      retryAfterSeconds: null,
    })),
    storeRefusedRecipients: assign(({ context, event }) => ({
      refusedRecipients: refusedRecipientsOf(event, context.emails, context.initialEmail),
      submitAttempted: true,
      failure: null,
    })),
    storeThrottled: assign(({ event }) => ({
      failure: 'throttled' as const,
      retryAfterSeconds: retryAfterOfEvent(event),
    })),
    storeFailed: assign({ failure: 'failed' as const, retryAfterSeconds: null }),
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
    booking: input.booking ?? null,
    initialEmail: input.email ?? '',
    emails: [input.email ?? ''],
    touched: [false],
    submitAttempted: false,
    sentTo: [],
    maxAddresses: maxResendAddresses,
    refusedRecipients: [],
    failure: null,
    retryAfterSeconds: null,
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
          description:
            'NOT_SET: one or more email addresses, each checked with the shared email validator; an address the server refused as a recipient shows that error until it is changed.',
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
            input: ({ context }) => ({
              emailAddresses: context.emails.map((e) => e.trim()),
              booking: context.booking,
            }),
            onDone: { target: 'sent', actions: 'storeSentTo' },
            onError: [
              { guard: 'isRecipientRefused', target: 'editing', actions: 'storeRefusedRecipients' },
              { guard: 'isThrottled', target: 'failed', actions: 'storeThrottled' },
              { target: 'failed', actions: 'storeFailed' },
            ],
          },
        },
        sent: {
          description: 'SUCCESS: the confirmation that the email was sent.',
          tags: 'SUCCESS',
        },
        failed: {
          description:
            'ERROR: the email could not be sent (or too many were: 429, with when to try again); the addresses are kept for another try.',
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
  snapshot.hasTag('PENDING')
    ? 'PENDING'
    : snapshot.hasTag('SUCCESS')
      ? 'SUCCESS'
      : snapshot.hasTag('ERROR')
        ? 'ERROR'
        : 'NOT_SET';
