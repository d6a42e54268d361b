import { assign, fromPromise, setup } from 'xstate';
import type { ChangeOfJourneyStatus, RefundQuote } from '#src/schemas/refunds';
import { doneOutput } from './lib/done-output';
import { codeOf, problemOfEvent } from './lib/problems';
import {
  isBlockingReason,
  isRequestableQuote,
  isTermsIneligible,
  refundProblemOfEvent,
  type RefundProblem,
} from './lib/refund-rules';

/**
 * Refund quote from booking detail or history ("Cancel and refund"; docs/product/states.md "Refund").
 * A quote attempt sets pending (state `quoting`); success stores the quote, an error stores what
 * went wrong as the server's code (with its sentence, for a code the screen does not know; decision
 * 641) and can be dismissed (reset) or retried. REFUNDABLE or PARTIALLY_REFUNDABLE with a
 * quote id and no blocking unprocessable reason goes to the refund page (?quoteId&from); NON_REFUNDABLE
 * with reason terms-and-conditions goes to the ineligibility view when the
 * refund-ineligibility-enhanced-view feature is on, otherwise the message shows where the customer
 * is. A booking that is the source of a change of journey checks change-of-journey status instead
 * of quoting. The request itself is refundRequestMachine on the refund page
 * (docs/decisions/081-refund-flows.md).
 */
export type RefundFrom = 'detail' | 'history';

export interface RefundQuoteInput {
  orderId: string;
  bookingId: string;
  from: RefundFrom;
  /** The booking is the source of a change of journey (booking.refund.changeOfJourneySource). */
  changeOfJourneySource: boolean;
  /** Feature refund-ineligibility-enhanced-view. */
  enhancedIneligibleView: boolean;
}

export interface RefundQuoteContext extends RefundQuoteInput {
  quote: RefundQuote | null;
  /**
   * The quote failed: its code for the screen to word (the spec's "message or true" as a code and the
   * server's sentence; docs/decisions/641-server-words-as-codes.md).
   */
  quoteError: RefundProblem | null;
  changeOfJourney: ChangeOfJourneyStatus | null;
}

export type RefundQuoteEvent = { type: 'refund.requestQuote' } | { type: 'quote.dismiss' } | { type: 'quote.retry' };

export interface RefundQuoteOutput {
  destination: 'refundPage' | 'ineligibleView';
  quoteId: string | null;
}

/** The quote fetchQuote finished with (guards and actions on its done event only). */
const quoteOf = (event: { type: string }) => doneOutput<RefundQuote>(event, 'fetchQuote');

export const refundQuoteMachine = setup({
  types: {
    context: {} as RefundQuoteContext,
    events: {} as RefundQuoteEvent,
    input: {} as RefundQuoteInput,
    output: {} as RefundQuoteOutput,
  },
  actors: {
    fetchQuote: fromPromise<RefundQuote, { orderId: string; bookingId: string }>(async () => {
      throw new Error('fetchQuote not provided');
    }),
    fetchChangeOfJourneyStatus: fromPromise<ChangeOfJourneyStatus, { orderId: string; bookingId: string }>(async () => {
      throw new Error('fetchChangeOfJourneyStatus not provided');
    }),
  },
  guards: {
    isChangeOfJourneySource: ({ context }) => context.changeOfJourneySource,
    isRequestable: ({ event }) => isRequestableQuote(quoteOf(event)),
    shouldShowIneligibleView: ({ context, event }) =>
      context.enhancedIneligibleView && isTermsIneligible(quoteOf(event)),
    /** NON_REFUNDABLE, or a quote a blocking unprocessable reason stops. */
    isNonRefundable: ({ event }) => {
      const q = quoteOf(event);
      return q.status === 'NON_REFUNDABLE' || q.unprocessableReasons.some(isBlockingReason);
    },
    isProcessing: ({ event }) => quoteOf(event).status === 'PROCESSING',
    isFraudSuspected: ({ event }) => quoteOf(event).status === 'POTENTIAL_FRAUD_DETECTED',
    isChangeOfJourneySourceError: ({ event }) => codeOf(problemOfEvent(event)) === 'CHANGE_OF_JOURNEY_SOURCE',
  },
  actions: {
    storeQuote: assign({ quote: ({ event }) => quoteOf(event), quoteError: null }),
    /** A quote that came back but cannot be used (transform error, ...): its status as the code, and its message. */
    storeQuoteStatusError: assign({
      quoteError: ({ event }) => ({ code: quoteOf(event).status, detail: quoteOf(event).message ?? null }),
    }),
    storeQuoteError: assign({ quote: null, quoteError: ({ event }) => refundProblemOfEvent(event) }),
    clearQuoteError: assign({ quoteError: null }),
    resetQuote: assign({ quote: null, quoteError: null, changeOfJourney: null }),
    storeChangeOfJourney: assign({
      changeOfJourney: ({ event }) => doneOutput<ChangeOfJourneyStatus>(event, 'fetchChangeOfJourneyStatus'),
    }),
    /** Provided by the route: /bookings/{id}/refund?quoteId&from (a reload when already there). */
    goToRefundPage: () => {},
    /** Provided by the route: /bookings/{id}/refund/ineligible. */
    goToIneligibleView: () => {},
  },
}).createMachine({
  id: 'refundQuote',
  context: ({ input }) => ({ ...input, quote: null, quoteError: null, changeOfJourney: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The "Cancel and refund" button; no quote asked for yet (or the last one dismissed).',
      on: {
        'refund.requestQuote': [
          { guard: 'isChangeOfJourneySource', target: 'checkingChangeOfJourney' },
          { target: 'quoting' },
        ],
      },
    },
    quoting: {
      description: 'Quote pending: GET refund-quote/{orderId}/{bookingId}; the button is busy.',
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({ orderId: context.orderId, bookingId: context.bookingId }),
        onDone: [
          { guard: 'isRequestable', target: 'toRefundPage', actions: 'storeQuote' },
          { guard: 'shouldShowIneligibleView', target: 'toIneligibleView', actions: 'storeQuote' },
          { guard: 'isProcessing', target: 'inProgress', actions: 'storeQuote' },
          { guard: 'isNonRefundable', target: 'notRefundable', actions: 'storeQuote' },
          { guard: 'isFraudSuspected', target: 'fraudSuspected', actions: 'storeQuote' },
          { target: 'failed', actions: ['storeQuote', 'storeQuoteStatusError'] },
        ],
        onError: [
          { guard: 'isChangeOfJourneySourceError', target: 'checkingChangeOfJourney' },
          { target: 'failed', actions: 'storeQuoteError' },
        ],
      },
    },
    failed: {
      description:
        'Quote error (context.quoteError: the code the screen words, with the server’s sentence); dismiss resets it, retry quotes again.',
      on: {
        'quote.dismiss': { target: 'idle', actions: 'resetQuote' },
        'quote.retry': { target: 'quoting', actions: 'clearQuoteError' },
      },
    },
    notRefundable: {
      description:
        'NON_REFUNDABLE shown where the customer is: the unprocessable reasons explained (or the enhanced view is off).',
      on: { 'quote.dismiss': { target: 'idle', actions: 'resetQuote' } },
    },
    inProgress: {
      description: 'PROCESSING: a refund of this booking is already under way.',
      on: { 'quote.dismiss': { target: 'idle', actions: 'resetQuote' } },
    },
    fraudSuspected: {
      description: 'POTENTIAL_FRAUD_DETECTED: no online refund; the message says to contact customer service.',
      on: { 'quote.dismiss': { target: 'idle', actions: 'resetQuote' } },
    },
    checkingChangeOfJourney: {
      description: 'Source of a change of journey: GET change-of-journey status instead of a quote.',
      invoke: {
        id: 'fetchChangeOfJourneyStatus',
        src: 'fetchChangeOfJourneyStatus',
        input: ({ context }) => ({ orderId: context.orderId, bookingId: context.bookingId }),
        onDone: { target: 'changeOfJourney', actions: 'storeChangeOfJourney' },
        onError: { target: 'changeOfJourneyFailed' },
      },
    },
    changeOfJourney: {
      description: 'The change-of-journey status (context.changeOfJourney) in words, with a link to the new booking.',
      on: { 'quote.dismiss': { target: 'idle', actions: 'resetQuote' } },
    },
    changeOfJourneyFailed: {
      description: 'The change-of-journey status could not be read; retry or dismiss.',
      on: {
        'quote.retry': { target: 'checkingChangeOfJourney' },
        'quote.dismiss': { target: 'idle', actions: 'resetQuote' },
      },
    },
    toRefundPage: {
      description: 'A requestable quote: the route opens the refund page with quoteId and from.',
      type: 'final',
      entry: 'goToRefundPage',
    },
    toIneligibleView: {
      description: 'NON_REFUNDABLE for terms and conditions with the enhanced view on: the route opens it.',
      type: 'final',
      entry: 'goToIneligibleView',
    },
  },
  // Read only in toRefundPage and toIneligibleView, both entered with fetchQuote's answer (storeQuote).
  output: ({ context }) => ({
    destination: isRequestableQuote(context.quote) ? 'refundPage' : 'ineligibleView',
    quoteId: context.quote!.quoteId ?? null,
  }),
});
