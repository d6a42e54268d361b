import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import {
  DEFAULT_REFUND_REASON,
  type PartialRefundsResponse,
  type RefundQuote,
  type RefundReason,
  type RefundRequestBody,
  type RefundRequestResponse,
} from '#src/schemas/refunds';
import { refundCardFormMachine } from './refund-card-form';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { attemptKey, nextAttempt } from './lib/attempt-key';
import { answerOf, failureOf, isAnswered, refusalOf } from './lib/lost-answer';
import { codeOf, problemOfEvent } from './lib/problems';
import { isRequestableQuote, isTermsIneligible, refundProblemOfEvent, type RefundProblem } from './lib/refund-rules';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';

/**
 * The refund page (/bookings/{id}/refund?quoteId&from and the order-token variant; docs/product/states.md
 * "Refund"). It reads the booking and the quote's selection (GET partial-refunds/{id}?quoteId),
 * quotes it for the chosen refund reason, shows what comes back, and after a confirm step requests
 * the refund (POST refund-quote/{quoteId}): requestPending (`requesting`), then PROCESSING.
 * INVALID_CREDIT_CARD re-quotes and shows the card form again; POTENTIAL_FRAUD_DETECTED re-quotes and
 * marks fraud. After success the booking reloads; after a partial refund the route waits for the
 * superseding order with the history polling (bookingHistoryMachine, waitForSuperseders).
 * The same two statuses in a 200 answer (docs/product/api.md: the response carries `status` and
 * `creditCardForm`) are treated as the 422 with that code. Each confirm is one attempt with its own
 * Idempotency-Key, invoked as the lost-answer chart (machines/submit-with-lost-answer.ts, decisions
 * 310 and 575): when its answer is lost the attempt checks before the page speaks, and says it could
 * not confirm only when the check fails too (Check again is `refund.check`, passed to the attempt).
 * A 409 meaning the tickets are already being refunded shows the refund as requested.
 * Why the request is its own machine: docs/decisions/081-refund-flows.md. The chart holds no words:
 * the page words each state and each stored error (the server's own message, or `true` for none).
 * Given what its route loaded (docs/decisions/730), the chart starts from it: the quote for the
 * loaded booking, or the load's error with its retry; without it, it loads the booking itself.
 */
export interface RefundRequestInput {
  bookingId: string;
  quoteId: string | null;
  /** Today as YYYY-MM-DD, the UK day (machines/refund-card-form.ts `cardFormToday`): the card form's expiry rule. */
  today: string;
  /** Made once per screen by the route (a random UUID): the stem of each attempt's Idempotency-Key. */
  keySeed: string;
  /** What the route's loader got (the booking and the quote's selection, or the load's error); absent, the chart loads it. */
  first?: FirstData<PartialRefundsResponse> | null;
}

/**
 * Spec: "Request error stores the message, with INVALID_CREDIT_CARD and POTENTIAL_FRAUD_DETECTED as
 * special values": any other refusal is kept as its code, which the screen words, and the server's
 * sentence for a code the screen does not know (docs/decisions/641-server-words-as-codes.md).
 */
export type RequestError = 'INVALID_CREDIT_CARD' | 'POTENTIAL_FRAUD_DETECTED' | RefundProblem;

export interface RefundRequestContext extends RefundRequestInput {
  first: FirstData<PartialRefundsResponse> | null;
  booking: PartialRefundsResponse | null;
  /** The tickets (refundableIds) the refund is for, as ticked; null: the whole booking (or the URL quote's selection). */
  selection: string[] | null;
  quote: RefundQuote | null;
  refundReason: RefundReason;
  /** The customer picked a reason on this screen (the first quote uses the default reason, which nobody chose). */
  reasonChosen: boolean;
  /** The quote failed: its code for the screen to word, with the server's sentence. */
  quoteError: RefundProblem | null;
  requestError: RequestError | null;
  fraud: boolean;
  /** The new card's token (never the number), once the card form was filled. */
  card: { token: string; last4: string; brand: string } | null;
  /** The new card the last decline was for; null when it was the card paid with (the words name the right one). */
  declinedCard: { last4: string; brand: string } | null;
  result: RefundRequestResponse | null;
  /** The customer's attempts at the request so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
}

export type RefundRequestEvent =
  | { type: 'refund.retry' }
  | { type: 'refund.check' }
  | { type: 'refund.setReason'; reason: RefundReason }
  /** The partial refund panel's ticks (the selection is the refund). */
  | { type: 'refund.select'; refundables: string[] }
  | { type: 'refund.continue' }
  | { type: 'refund.back' }
  | { type: 'refund.confirm' }
  | { type: 'card.cancel' }
  | { type: 'quote.retry' }
  | { type: 'quote.dismiss' };

/** The refund request call's input, the same for the attempt and every check of it. */
export interface RefundSubmitRequest {
  quoteId: string;
  body: RefundRequestBody;
  idempotencyKey: string;
}

export interface RefundRequestOutput {
  outcome: 'refunded' | 'partiallyRefunded';
  refundId: string | null;
}

/** The quote fetchQuote finished with (guards and actions on its done event only). */
const quoteOf = (event: { type: string }) => doneOutput<RefundQuote>(event, 'fetchQuote');
/** The URL quote's selection (GET partial-refunds ?quoteId), null when it was the whole booking. */
const openingSelection = (booking: PartialRefundsResponse | null): string[] | null =>
  booking && booking.booking.selectedRefundables.length > 0 ? booking.booking.selectedRefundables : null;
/** The booking, and the refund reason the URL's quote was computed for (so the re-quote matches it). */
const bookingLoaded = (context: RefundRequestContext, booking: PartialRefundsResponse) => ({
  booking,
  refundReason: booking.booking.refundReason ?? context.refundReason,
  selection: openingSelection(booking),
});
/** The first error code of the attempt's refusal. */
const refusalCodeOf = (event: { type: string }) => codeOf(problemOfEvent(refusalOf(event, 'submitRefund')));
/** The attempt's answer (guards and actions on its done event, when it was answered). */
const refundAnswerOf = (event: { type: string }) => answerOf<RefundRequestResponse>(event, 'submitRefund');
/** The special status of a 200 answer (INVALID_CREDIT_CARD, POTENTIAL_FRAUD_DETECTED), else PROCESSING. */
const answerStatusOf = (event: { type: string }) => refundAnswerOf(event)?.status;

export const refundRequestMachine = setup({
  types: {
    context: {} as RefundRequestContext,
    events: {} as RefundRequestEvent,
    input: {} as RefundRequestInput,
    output: {} as RefundRequestOutput,
  },
  actors: {
    fetchRefundBooking: fromPromise<PartialRefundsResponse, { bookingId: string; quoteId: string | null }>(async () => {
      throw new Error('fetchRefundBooking not provided');
    }),
    fetchQuote: fromPromise<
      RefundQuote,
      { orderId: string; bookingId: string; refundables: string[]; refundReason: RefundReason }
    >(async () => {
      throw new Error('fetchQuote not provided');
    }),
    /** One confirm: the screen provides its call (RefundSubmitRequest → RefundRequestResponse). */
    submitRefund: submitWithLostAnswerMachine,
    cardForm: refundCardFormMachine,
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    isFraudMarked: ({ context }) => context.fraud,
    selectsTickets: ({ event }) => {
      assertEvent(event, 'refund.select');
      return event.refundables.length > 0;
    },
    isCardDeclinedAndRequestable: ({ context, event }) =>
      context.requestError === 'INVALID_CREDIT_CARD' && isRequestableQuote(quoteOf(event)),
    isRequestable: ({ event }) => isRequestableQuote(quoteOf(event)),
    isTermsIneligible: ({ event }) => isTermsIneligible(quoteOf(event)),
    hasRequestableQuote: ({ context }) => isRequestableQuote(context.quote),
    // Asked only in confirming, which a requestable quote opens (storeQuote): the quote is set.
    needsNewCard: ({ context }) => context.quote!.creditCardForm?.required === true && context.card === null,
    isRefundAnswered: ({ event }) => isAnswered(event, 'submitRefund'),
    isPartialRefund: ({ event }) => refundAnswerOf(event)?.waitForSuperseders === true,
    isInvalidCard: ({ event }) => refusalCodeOf(event) === 'INVALID_CREDIT_CARD',
    isFraud: ({ event }) => refusalCodeOf(event) === 'POTENTIAL_FRAUD_DETECTED',
    isCardDeclinedAnswer: ({ event }) => answerStatusOf(event) === 'INVALID_CREDIT_CARD',
    isFraudAnswer: ({ event }) => answerStatusOf(event) === 'POTENTIAL_FRAUD_DETECTED',
    /** 409 IN_PROGRESS or QUOTE_USED: these tickets are already being refunded (an earlier attempt went through). */
    isAlreadyRequested: ({ event }) => {
      const code = refusalCodeOf(event);
      return code === 'IN_PROGRESS' || code === 'QUOTE_USED';
    },
  },
  actions: {
    /** The booking, and the refund reason the URL's quote was computed for (so the re-quote matches it). */
    storeBooking: assign(({ context, event }) =>
      bookingLoaded(context, doneOutput<PartialRefundsResponse>(event, 'fetchRefundBooking')),
    ),
    /** The same from what the route loaded. */
    storeFirstBooking: assign(({ context }) =>
      firstLoaded(context.first) ? bookingLoaded(context, context.first.data) : {},
    ),
    setSelection: assign(({ event }) => {
      assertEvent(event, 'refund.select');
      return { selection: event.refundables };
    }),
    /** A new reason is quoted for the opening selection (the panel starts again from it). */
    resetSelection: assign({ selection: ({ context }) => openingSelection(context.booking) }),
    storeQuote: assign({ quote: ({ event }) => quoteOf(event), quoteError: null }),
    storeQuoteError: assign({ quoteError: ({ event }) => refundProblemOfEvent(event) }),
    clearQuoteError: assign({ quoteError: null }),
    setReason: assign(({ event }) => {
      assertEvent(event, 'refund.setReason');
      return { refundReason: event.reason, reasonChosen: true };
    }),
    storeCard: assign({
      card: ({ event }) => doneOutput<{ token: string; last4: string; brand: string }>(event, 'cardForm'),
    }),
    clearRequestError: assign({ requestError: null }),
    /** A new confirm: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => nextAttempt(context)),
    /** The quote is spent and the declined card's token dropped; the form asks for another card. */
    markCardDeclined: assign({
      requestError: 'INVALID_CREDIT_CARD' as const,
      declinedCard: ({ context }) => (context.card ? { last4: context.card.last4, brand: context.card.brand } : null),
      card: null,
      quote: null,
    }),
    /** The quote is spent; later quotes answer POTENTIAL_FRAUD_DETECTED until the retailer clears it. */
    markFraud: assign({ requestError: 'POTENTIAL_FRAUD_DETECTED' as const, fraud: true, quote: null }),
    /** The refusal's code and sentence (or, should the attempt itself fail, that failure's). */
    storeRequestError: assign({ requestError: ({ event }) => refundProblemOfEvent(failureOf(event, 'submitRefund')) }),
    /** Runs only on an answered attempt (isPartialRefund, isRefundAnswered): the answer is set. */
    storeResult: assign({ result: ({ event }) => refundAnswerOf(event)! }),
    /** Check again, when the attempt could not confirm its outcome: the same request, the same key. */
    checkAgain: sendTo('submitRefund', { type: 'submit.check' }),
    /** Provided by the route: the ineligibility view when refund-ineligibility-enhanced-view is on. */
    goToIneligibleView: () => {},
    /** Provided by the route: booking detail, which loads the booking afresh with its refund. */
    reloadBooking: () => {},
    /** Provided by the route: history?waitForSuperseders=true (polls 2000 ms, 3 retries, then "Refund complete"). */
    waitForSuperseders: () => {},
  },
}).createMachine({
  id: 'refundRequest',
  context: ({ input }) => ({
    ...input,
    first: input.first ?? null,
    booking: null,
    selection: null,
    quote: null,
    refundReason: DEFAULT_REFUND_REASON,
    reasonChosen: false,
    quoteError: null,
    requestError: null,
    fraud: false,
    card: null,
    declinedCard: null,
    result: null,
    attempt: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "Where the page starts: from what the route loaded (the booking, then its quote, or the load's error), else it loads the booking itself.",
      always: [
        { guard: 'firstLoaded', target: 'quoting', actions: 'storeFirstBooking' },
        { guard: 'firstFailed', target: 'loadFailed' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: "GET partial-refunds/{bookingId}?quoteId: the order, the fares and the quote's selection.",
      invoke: {
        id: 'fetchRefundBooking',
        src: 'fetchRefundBooking',
        input: ({ context }) => ({ bookingId: context.bookingId, quoteId: context.quoteId }),
        onDone: { target: 'quoting', actions: 'storeBooking' },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The booking could not be loaded: an error with Try again.',
      on: { 'refund.retry': { target: 'loading' } },
    },
    quoting: {
      description: 'Quote pending for the selection and refund reason (GET refund-quote ...?refundables=[...]).',
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({
          // Quoting follows the booking's load (storeBooking): the booking is set.
          orderId: context.booking!.orderId,
          bookingId: context.bookingId,
          refundables: context.selection ?? [],
          refundReason: context.refundReason,
        }),
        onDone: [
          { guard: 'isFraudMarked', target: 'fraudHeld', actions: 'storeQuote' },
          { guard: 'isCardDeclinedAndRequestable', target: 'cardForm', actions: 'storeQuote' },
          { guard: 'isRequestable', target: 'reviewing', actions: 'storeQuote' },
          { guard: 'isTermsIneligible', target: 'ineligible', actions: 'storeQuote' },
          { target: 'unavailable', actions: 'storeQuote' },
        ],
        onError: { target: 'quoteFailed', actions: 'storeQuoteError' },
      },
      on: {
        // Arrowing through the reason picker: the newest reason wins; the older quote call is dropped.
        'refund.setReason': { target: 'quoting', reenter: true, actions: ['setReason', 'resetSelection'] },
        // Ticking passengers while a quote is pending: the newest selection wins the same way.
        'refund.select': [
          { guard: 'selectsTickets', target: 'quoting', reenter: true, actions: 'setSelection' },
          { target: 'nothingSelected', actions: 'setSelection' },
        ],
      },
    },
    quoteFailed: {
      description:
        'Quote error (context.quoteError: the code the screen words): retry, or dismiss back to the last quote.',
      on: {
        'quote.retry': { target: 'quoting', actions: 'clearQuoteError' },
        'quote.dismiss': [
          { guard: 'hasRequestableQuote', target: 'reviewing', actions: 'clearQuoteError' },
          { target: 'unavailable', actions: 'clearQuoteError' },
        ],
      },
    },
    reviewing: {
      description:
        'The refund of what is ticked: tickets, amounts per passenger and direction, admin fee, total, reason picker, return mode; a tick re-quotes.',
      on: {
        'refund.setReason': { target: 'quoting', actions: ['setReason', 'resetSelection'] },
        'refund.select': [
          { guard: 'selectsTickets', target: 'quoting', actions: 'setSelection' },
          { target: 'nothingSelected', actions: 'setSelection' },
        ],
        'refund.continue': { target: 'confirming' },
      },
    },
    nothingSelected: {
      description:
        'Every passenger unticked: nothing to refund, no total, Continue disabled until a passenger is ticked again.',
      on: {
        'refund.select': { guard: 'selectsTickets', target: 'quoting', actions: 'setSelection' },
        'refund.setReason': { target: 'quoting', actions: ['setReason', 'resetSelection'] },
      },
    },
    confirming: {
      description:
        'Confirm step: each passenger and direction refunded with its amount, the total and what happens next; Confirm refund or Back.',
      on: {
        'refund.back': { target: 'reviewing' },
        'refund.confirm': [{ guard: 'needsNewCard', target: 'cardForm' }, { target: 'requesting' }],
      },
    },
    cardForm: {
      description:
        'The card form (context.requestError INVALID_CREDIT_CARD: the card was declined); tokenised by the server.',
      invoke: {
        id: 'cardForm',
        src: 'cardForm',
        input: ({ context }) => ({ today: context.today }),
        onDone: { target: 'requesting', actions: 'storeCard' },
      },
      on: { 'card.cancel': { target: 'reviewing' } },
    },
    requesting: {
      description:
        "requestPending: POST refund-quote/{quoteId} with {token, bookingId} or null, one attempt with a new Idempotency-Key sent by the lost-answer chart: 'Requesting your refund…', then 'We're checking whether your refund went through…' when the answer was lost, then, if the check gets no answer either, we couldn't confirm whether the refund went through (never that nothing happened), with Check again.",
      entry: ['clearRequestError', 'beginAttempt'],
      invoke: {
        id: 'submitRefund',
        src: 'submitRefund',
        input: ({ context }) => ({
          request: {
            // Requesting follows a requestable quote (isRequestable, storeQuote): the quote and its id are set.
            quoteId: context.quote!.quoteId!,
            // {token: null, bookingId}: refund to the card on file (the contract's nullable token; the
            // app's one client sends {} for a null body, so the explicit form is used).
            body: { token: context.card?.token ?? null, bookingId: context.bookingId },
            idempotencyKey: attemptKey(context),
          } satisfies RefundSubmitRequest,
        }),
        onDone: [
          { guard: 'isCardDeclinedAnswer', target: 'quoting', actions: 'markCardDeclined' },
          { guard: 'isFraudAnswer', target: 'quoting', actions: 'markFraud' },
          { guard: 'isPartialRefund', target: 'partiallyRefunded', actions: 'storeResult' },
          { guard: 'isRefundAnswered', target: 'refunded', actions: 'storeResult' },
          { guard: 'isAlreadyRequested', target: 'refunded' },
          { guard: 'isInvalidCard', target: 'quoting', actions: 'markCardDeclined' },
          { guard: 'isFraud', target: 'quoting', actions: 'markFraud' },
          { target: 'requestFailed', actions: 'storeRequestError' },
        ],
        onError: { target: 'requestFailed', actions: 'storeRequestError' },
      },
      on: { 'refund.check': { actions: 'checkAgain' } },
    },
    requestFailed: {
      description:
        'Request error (context.requestError: the code the screen words): try again re-quotes first (a quote is used once).',
      on: { 'refund.retry': { target: 'quoting' } },
    },
    fraudHeld: {
      description:
        'POTENTIAL_FRAUD_DETECTED (context.fraud): no online refund; the message says whom to call and that the tickets stand.',
    },
    ineligible: {
      description:
        'NON_REFUNDABLE for terms and conditions: the ineligibility view, or its message here when the feature is off.',
      entry: 'goToIneligibleView',
      on: { 'refund.setReason': { target: 'quoting', actions: ['setReason', 'resetSelection'] } },
    },
    unavailable: {
      description:
        'Any other quote (NON_REFUNDABLE, PROCESSING, TRANSFORM_ERROR ...): explained, with a reason picker to try again.',
      on: { 'refund.setReason': { target: 'quoting', actions: ['setReason', 'resetSelection'] } },
    },
    refunded: {
      description: 'PROCESSING: the refund is requested; the route reloads the booking (its refund tracking shows).',
      type: 'final',
      entry: 'reloadBooking',
    },
    partiallyRefunded: {
      description: 'PROCESSING for some passengers: the route waits for the superseding order (history polling).',
      type: 'final',
      entry: 'waitForSuperseders',
    },
  },
  output: ({ context }) => ({
    outcome: context.result?.waitForSuperseders === true ? 'partiallyRefunded' : 'refunded',
    refundId: context.result?.refundId ?? null,
  }),
});
