import { assign, fromPromise, setup } from 'xstate';
import type { IssuedTicket, TicketStatusResponse } from '#src/schemas/booking-actions';
import { doneOutput } from './lib/done-output';
import { codeOf, hasStatus, problemOfEvent } from './lib/problems';

/**
 * On-demand ticket (docs/product/entities.md, docs/product/states.md, docs/product/errors.md, docs/product/constants.md): generate a deliverable, then poll its status starting
 * at 800 ms with a doubling backoff, at most 15 retries, retrying only while it is processing.
 * Ready: the page reloads the booking. Failed status, a non-200 poll or a failed generate: error.
 * A ticket whose booking was refunded, exchanged or paid by insurance is withdrawn
 * (docs/decisions/570-withdrawn-tickets-and-offers.md): the status answers 410, or generate is
 * refused (409) because the tickets were cancelled. That is no error to try again: the screen says
 * the ticket can no longer be used.
 */

/** Generate's 409 codes that say the booking's tickets were cancelled (the booking lifecycle's, and a replaced order's). */
export const withdrawnTicketCodes: readonly string[] = [
  'REFUNDED',
  'REFUND_IN_PROGRESS',
  'PART_REFUNDED',
  'CHANGED',
  'INSURANCE_CLAIMED',
  'BOOKING_REPLACED',
];
export interface OnDemandTicketInput {
  bookingId: string;
  deliveryId: string;
}

export type OnDemandTicketError = 'generateFailed' | 'ticketFailed' | 'pollFailed' | 'timedOut';

export interface OnDemandTicketContext {
  bookingId: string;
  deliveryId: string;
  deliverableId: string | null;
  /** Polls made after the first one. */
  retries: number;
  ticketPollInitialMs: number;
  ticketPollMaxRetries: number;
  ticket: IssuedTicket | null;
  error: OnDemandTicketError | null;
}

export type OnDemandTicketEvent = { type: 'ticket.generate' };

/** The deliverable's status, as the last poll (getTicketStatus) answered. */
const ticketStatus = (event: { type: string }) => doneOutput<TicketStatusResponse>(event, 'getTicketStatus');

export const onDemandTicketMachine = setup({
  types: {
    context: {} as OnDemandTicketContext,
    events: {} as OnDemandTicketEvent,
    input: {} as OnDemandTicketInput,
    output: {} as { ticket: IssuedTicket | null },
  },
  actors: {
    generateTicket: fromPromise<{ deliverableId: string }, { bookingId: string; deliveryId: string }>(async () => {
      throw new Error('generateTicket not provided');
    }),
    getTicketStatus: fromPromise<TicketStatusResponse, { bookingId: string; deliverableId: string }>(async () => {
      throw new Error('getTicketStatus not provided');
    }),
  },
  delays: {
    /** 800 ms, then doubling: 800 * 2^retries. */
    ticketPollMs: ({ context }) => context.ticketPollInitialMs * 2 ** context.retries,
  },
  guards: {
    isReady: ({ event }) => ticketStatus(event).status === 'ready',
    isProcessing: ({ event }) => ticketStatus(event).status === 'processing',
    canRetry: ({ context }) => context.retries < context.ticketPollMaxRetries,
    /** 410 (the ticket is gone), or 409 because the booking's tickets were cancelled. */
    isWithdrawn: ({ event }) =>
      hasStatus(event, 410) ||
      (hasStatus(event, 409) &&
        (withdrawnTicketCodes as readonly (string | null)[]).includes(codeOf(problemOfEvent(event)))),
  },
  actions: {
    startDeliverable: assign(({ event }) => ({
      deliverableId: doneOutput<{ deliverableId: string }>(event, 'generateTicket').deliverableId,
      retries: 0,
    })),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    storeTicket: assign(({ event }) => {
      const answer = ticketStatus(event);
      return { ticket: answer.status === 'ready' ? (answer.ticket ?? null) : null };
    }),
    clearError: assign({ error: null, deliverableId: null, retries: 0 }),
    setGenerateFailed: assign({ error: 'generateFailed' as const }),
    setTicketFailed: assign({ error: 'ticketFailed' as const }),
    setPollFailed: assign({ error: 'pollFailed' as const }),
    setTimedOut: assign({ error: 'timedOut' as const }),
  },
}).createMachine({
  id: 'onDemandTicket',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    deliveryId: input.deliveryId,
    deliverableId: null,
    retries: 0,
    ticketPollInitialMs: 800,
    ticketPollMaxRetries: 15,
    ticket: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The booking offers to generate its ticket.',
      on: { 'ticket.generate': 'generating' },
    },
    generating: {
      description: 'The ticket is being generated; a failure sets the error flag.',
      invoke: {
        id: 'generateTicket',
        src: 'generateTicket',
        input: ({ context }) => ({ bookingId: context.bookingId, deliveryId: context.deliveryId }),
        onDone: { target: 'waiting', actions: 'startDeliverable' },
        onError: [
          { guard: 'isWithdrawn', target: 'withdrawn' },
          { target: 'failed', actions: 'setGenerateFailed' },
        ],
      },
    },
    waiting: {
      description: 'The pause before the next status poll (ticketPollMs, from 800 ms, doubling).',
      after: { ticketPollMs: 'polling' },
    },
    polling: {
      description: "The ticket's status is being read; still processing waits and polls again.",
      invoke: {
        id: 'getTicketStatus',
        src: 'getTicketStatus',
        // Entered only through waiting, after startDeliverable set the deliverable id.
        input: ({ context }) => ({ bookingId: context.bookingId, deliverableId: context.deliverableId! }),
        onDone: [
          {
            guard: 'isReady',
            target: 'ready',
            actions: 'storeTicket',
          },
          { guard: 'isProcessing', target: 'checkingRetries' },
          { target: 'failed', actions: 'setTicketFailed' },
        ],
        onError: [
          { guard: 'isWithdrawn', target: 'withdrawn' },
          { target: 'failed', actions: 'setPollFailed' },
        ],
      },
    },
    checkingRetries: {
      description: 'Still processing: poll again unless the 15 retries are used up.',
      always: [
        { guard: 'canRetry', target: 'waiting', actions: 'countRetry' },
        { target: 'failed', actions: 'setTimedOut' },
      ],
    },
    failed: {
      description:
        'Failed status, a non-200 poll, a failed generate or out of retries: an error; generate may be tried again.',
      on: { 'ticket.generate': { target: 'generating', actions: 'clearError' } },
    },
    ready: {
      description: 'The ticket is ready: the page reloads the booking (output: the ticket).',
      type: 'final',
    },
    withdrawn: {
      description:
        'The booking was refunded, exchanged or paid by insurance, so its ticket was withdrawn (410, or generate refused): it can no longer be used; nothing to try again (output: no ticket).',
      type: 'final',
    },
  },
  output: ({ context }) => ({ ticket: context.ticket }),
});
