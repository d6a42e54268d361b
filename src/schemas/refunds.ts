import * as v from 'valibot';
import { ServerWords } from './server-words';
import { maybe } from './maybe.ts';
import type { SpecRecord } from './spec-records.ts';

/**
 * Refunds and change of journey (docs/product/entities.md, docs/product/states.md, docs/product/validation.md, docs/product/api.md). THE CONTRACT between the
 * local server (server/api/refund-*.ts, partial-refunds.ts, change-of-journey.ts) and the app (src/api/refunds.ts); shapes, statuses, error
 * codes and which seeded booking gives which case: docs/decisions/080-refunds-server.md.
 *
 * Fields docs/product/entities.md names for the refund quote and the partial refund booking are required;
 * every other field is v.optional and marked "local-server extra": the screens work without it.
 * Money is in major units (pounds, 2 decimals) with an ISO 4217 code, as in src/schemas/booking.ts.
 */

import { RefundItem, RefundReason } from './refund-tracking.ts';

export * from './refund-tracking.ts';

const IsoDate = v.pipe(v.string(), v.isoTimestamp());
const Money = v.object({ amount: v.number(), currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });
export type RefundMoney = v.InferOutput<typeof Money>;

// ---------------------------------------------------------------------------------------------
// Vocabularies (docs/product/states.md)
// ---------------------------------------------------------------------------------------------

/** Quote statuses. The spec's "transform error" is TRANSFORM_ERROR on the wire. */
export const quoteStatuses = [
  'REFUNDABLE',
  'PARTIALLY_REFUNDABLE',
  'NON_REFUNDABLE',
  'PROCESSING',
  'TRANSFORM_ERROR',
  'INVALID_CREDIT_CARD',
  'POTENTIAL_FRAUD_DETECTED',
] as const;
export const QuoteStatus = v.picklist(quoteStatuses);
export type QuoteStatus = (typeof quoteStatuses)[number];

/**
 * docs/product/states.md: "Disruption reasons: upcoming disruption, service cancellation, train delayed."
 * The local server refunds them in full with no admin fee; the refund screens offer them when the
 * plans-changed reasons refund nothing.
 */
export const disruptionReasons: readonly RefundReason[] = [
  'DISRUPTION_UPCOMING',
  'DISRUPTION_SERVICE_CANCELLATION',
  'DISRUPTION_TRAIN_DELAYED',
];

/**
 * Ineligibility reasons (unprocessableReasons[].reasonCode): all 15 of the spec, then the local
 * server's: DISRUPTION_NOT_RECORDED (the running data shows no cancellation, delay or announced
 * disruption the chosen reason names) and BOOKING_ERROR_TOO_LATE (a booking mistake is refunded in
 * full only soon after buying), docs/decisions/330-refund-reasons-checked.md; INSURANCE_CLAIMED and
 * DELAY_REPAY_CLAIMED (the trip was already paid for another way: one ticket, one payout),
 * docs/decisions/570-withdrawn-tickets-and-offers.md.
 */
export const ineligibilityReasons = [
  'AMOUNT_TOO_LOW',
  'TERMS_AND_CONDITIONS',
  'ENTANGLEMENT',
  'TRANSFORM_ERROR',
  'IN_PROGRESS',
  'EXPIRED',
  'NOT_ISSUED',
  'FAILED',
  'EXTERNAL',
  'ASYMMETRIC',
  'PAYMENT_REFUND_NOT_SUPPORTED',
  'NEGATIVE',
  'TRACS',
  'SMARTCARD_NOT_COLLECTED',
  'SMARTCARD_INACTIVE',
  'DISRUPTION_NOT_RECORDED',
  'BOOKING_ERROR_TOO_LATE',
  'INSURANCE_CLAIMED',
  'DELAY_REPAY_CLAIMED',
] as const;
export const IneligibilityReason = v.picklist(ineligibilityReasons);
export type IneligibilityReason = (typeof ineligibilityReasons)[number];

/** Refund types: the quote's `reason`. NON_REFUNDABLE + 'terms-and-conditions' opens the ineligibility view. */
export const refundTypes = ['terms-and-conditions', 'same-day-void', 'change-of-journey', 'discretionary'] as const;
export const RefundType = v.picklist(refundTypes);
export type RefundType = (typeof refundTypes)[number];

/** How the tickets go back before the money does. */
export const returnModes = [
  'post',
  'collect-post',
  'automatic',
  'delete-from-device',
  'already-voided',
  'unknown',
] as const;
export const ReturnMode = v.picklist(returnModes);
export type ReturnMode = (typeof returnModes)[number];
/** Return modes that need the customer to do something (spec: "form a special group"). */
export const customerActionReturnModes: readonly ReturnMode[] = ['post', 'collect-post', 'delete-from-device'];

export const directions = ['outward', 'inward'] as const;
export const Direction = v.picklist(directions);
export type Direction = (typeof directions)[number];

// ---------------------------------------------------------------------------------------------
// GET /my-account/api/refund-quote/{orderId}/{bookingId}[?refundables=<json array>][&refundReason=]
// (guests: x-user-flow-id header or ?token=, exactly as GET /booking/{id}; x-conversationid header)
// ---------------------------------------------------------------------------------------------

const unprocessableReasonSpec = { reasonCode: IneligibilityReason };
export const UnprocessableReason = v.object({
  ...unprocessableReasonSpec,
  /** local-server extra: the server's plain-English detail (e.g. "Advance tickets cannot be refunded if your plans change."). */
  message: v.optional(v.string()),
  /** local-server extra: what `message` says, as a code and its data, for the page's own words (decision 641). */
  words: v.optional(v.nullable(ServerWords)),
  /** local-server extra: the refundables this reason applies to (absent: the whole booking). */
  refundableIds: v.optional(v.array(v.string())),
  /** local-server extra: true when it blocks the whole quote (no quoteId); false for one item only. */
  blocking: v.optional(v.boolean()),
});
export type UnprocessableReason = v.InferOutput<typeof UnprocessableReason>;

/**
 * Card form state. `required`: the refund cannot go back to the original card (it was declined):
 * the customer enters a new card, the app tokenises it (POST payment/card-token) and POSTs {token, bookingId}.
 */
export const CreditCardForm = v.object({
  required: v.boolean(),
  /** local-server extra: why the form shows. */
  reason: v.optional(v.nullable(v.picklist(['INVALID_CREDIT_CARD']))),
  /** local-server extra: the card the refund goes to when no new card is given. */
  cardOnFile: v.optional(v.nullable(v.object({ brand: v.string(), last4: v.pipe(v.string(), v.regex(/^\d{4}$/)) }))),
});
export type CreditCardForm = v.InferOutput<typeof CreditCardForm>;

/** One ticket for one passenger in one direction: the unit a refund is asked for (local-server extra). */
export const QuoteRefundable = v.object({
  refundableId: v.string(),
  ticketId: v.string(),
  passengerId: v.string(),
  passengerName: v.string(),
  /** 'return': one return ticket covering both directions. */
  direction: v.picklist(['outward', 'inward', 'return']),
  ticketType: v.string(),
  /** In this quote (selected, or everything refundable when no selection was given). */
  included: v.boolean(),
  /** The fare's terms and the ticket's state allow a refund for the quote's refund reason. */
  isRefundable: v.boolean(),
  paid: Money,
  adminFee: Money,
  refund: Money,
});
export type QuoteRefundable = v.InferOutput<typeof QuoteRefundable>;

/** What the customer must do before the money comes back (paper tickets, mobile tickets). */
export const ReturnInstructions = v.object({
  mode: ReturnMode,
  /** Postal address for 'post' / 'collect-post' (lines), null otherwise. */
  address: maybe(v.array(v.string())),
  /** Tickets must arrive by this instant, null when nothing must be sent. */
  deadline: maybe(IsoDate),
  /** Plain-English instructions. */
  instructions: v.string(),
});
export type ReturnInstructions = v.InferOutput<typeof ReturnInstructions>;

/** What each refund reason would give for this booking, so the picker can say it (local-server extra). */
export const RefundReasonOption = v.object({
  code: RefundReason,
  eligible: v.boolean(),
  adminFee: Money,
  total: Money,
  /** First blocking reason when not eligible. */
  reasonCode: v.optional(v.nullable(IneligibilityReason)),
});
export type RefundReasonOption = v.InferOutput<typeof RefundReasonOption>;

/**
 * How a season ticket's refund is worked out (docs/product/domain.md "Season refunds"; local-server extra): the
 * price paid, less the days used charged at the cheapest mix of monthly and weekly season rates and
 * Anytime Day Returns, less the admin fee.
 */
export const SeasonRefundCalculation = v.object({
  validFrom: IsoDate,
  validUntil: IsoDate,
  /** The day the ticket is handed back (counts as used). */
  handedBackOn: IsoDate,
  daysUsed: v.number(),
  daysLeft: v.number(),
  /** The periods the days used are charged as, cheapest first found (no line for a count of 0). */
  usedPeriods: v.array(
    v.object({ period: v.picklist(['month', 'week', 'day']), count: v.number(), rate: Money, cost: Money }),
  ),
  costOfUsed: Money,
  paid: Money,
  adminFee: Money,
  total: Money,
});
export type SeasonRefundCalculation = v.InferOutput<typeof SeasonRefundCalculation>;

const refundQuoteSpec = {
  /** Null unless the status is REFUNDABLE or PARTIALLY_REFUNDABLE (a quote that can be requested). */
  quoteId: maybe(v.string()),
  status: QuoteStatus,
  /** Refund type; NON_REFUNDABLE + 'terms-and-conditions' is the ineligibility case. */
  reason: maybe(RefundType),
  unprocessableReasons: v.array(UnprocessableReason),
  /** refundableIds that may be refunded on their own (partial refund). */
  partialRefundables: v.array(v.string()),
  /** docs/product/validation.md: more than one refundable passenger in a direction, or one in each direction and not the same fare. */
  isPartiallyRefundable: v.boolean(),
  /** The refund reason this quote was computed for. */
  refundReason: maybe(RefundReason),
  /** Totals of the quote (null when nothing can be refunded). */
  cancellationDetails: maybe(
    v.object({
      paid: Money,
      adminFee: Money,
      total: Money,
      /** local-server extra: the tickets cancelled (refundableIds). */
      refundableIds: v.optional(v.array(v.string())),
      /**
       * Local-server extra: the booking's fees (booking or card fee) and whether this refund gives
       * them back (`total` then includes them): only a whole booking refunded because the railway
       * disrupted the journey does (docs/decisions/630); otherwise they are kept, and the screen says so.
       */
      bookingFees: v.optional(v.object({ amount: Money, refunded: v.boolean() })),
    }),
  ),
  creditCardForm: maybe(CreditCardForm),
};
export const RefundQuote = v.object({
  ...refundQuoteSpec,
  /** local-server extra. */
  bookingId: v.optional(v.string()),
  /** local-server extra. */
  orderId: v.optional(v.string()),
  /** local-server extra: currency of the order (the portal's). */
  currency: v.optional(v.string()),
  /** local-server extra: the quote can be requested until then (QUOTE_EXPIRED after). */
  expiresAt: v.optional(v.nullable(IsoDate)),
  /** local-server extra: every ticket of the booking, per passenger and direction. */
  refundables: v.optional(v.array(QuoteRefundable)),
  /** local-server extra: how the tickets go back (null when nothing is refundable). */
  returnInstructions: v.optional(v.nullable(ReturnInstructions)),
  /** local-server extra: every refund reason and what it would give. */
  refundReasonOptions: v.optional(v.array(RefundReasonOption)),
  /** local-server extra: human detail for NON_REFUNDABLE / PROCESSING / POTENTIAL_FRAUD_DETECTED. */
  message: v.optional(v.nullable(v.string())),
  /** local-server extra: a season ticket's refund calculation (null for other tickets). */
  seasonCalculation: v.optional(v.nullable(SeasonRefundCalculation)),
});
export type RefundQuote = v.InferOutput<typeof RefundQuote>;

/**
 * Errors of the quote call (body `{"errors":[{"code","message"}]}`):
 * 401 UNAUTHORISED, 403 FORBIDDEN (not yours / unknown), 400 VALIDATION (bad refundables or refundReason),
 * 404 NOT_FOUND (feature off), 409 CHANGE_OF_JOURNEY_SOURCE (use the change-of-journey status call),
 * 409 BOOKING_REPLACED (open history instead), 409 ALREADY_REFUNDED (nothing left to refund).
 */
// Error codes (refundQuote): UNAUTHORISED, FORBIDDEN, VALIDATION, CHANGE_OF_JOURNEY_SOURCE, BOOKING_REPLACED, ALREADY_REFUNDED.

// ---------------------------------------------------------------------------------------------
// POST /my-account/api/refund-quote/{quoteId}   body {token, bookingId} | null   (CSRF header)
// ---------------------------------------------------------------------------------------------

export const RefundRequestBody = v.nullable(
  v.object({
    /** From POST payment/card-token; null: refund to the card on file. */
    token: v.nullable(v.pipe(v.string(), v.maxLength(128))),
    bookingId: v.pipe(v.string(), v.maxLength(64)),
  }),
);
export type RefundRequestBody = v.InferOutput<typeof RefundRequestBody>;

const refundRequestSpec = {
  /**
   * PROCESSING, or one of the two special statuses (docs/product/states.md), which a retailer may answer with
   * 200 as well as with the 422 below: either way the quote is spent, re-quote and show the card form
   * or the fraud message.
   */
  status: v.picklist(['PROCESSING', 'INVALID_CREDIT_CARD', 'POTENTIAL_FRAUD_DETECTED']),
  creditCardForm: maybe(CreditCardForm),
};
/** 200: the request was accepted. */
export const RefundRequestResponse = v.object({
  ...refundRequestSpec,
  /** local-server extra. */
  refundId: v.optional(v.string()),
  /** local-server extra: true for a partial refund: wait for the superseding order (history polling). */
  waitForSuperseders: v.optional(v.boolean()),
  /** local-server extra: per-ticket statuses. */
  items: v.optional(v.array(RefundItem)),
  /** local-server extra: what the customer must do now (paper tickets), null otherwise. */
  returnInstructions: v.optional(v.nullable(ReturnInstructions)),
});
export type RefundRequestResponse = v.InferOutput<typeof RefundRequestResponse>;

/**
 * 422 for the two special request errors (docs/product/errors.md), body:
 * `{"errors":[{"code":"INVALID_CREDIT_CARD"|"POTENTIAL_FRAUD_DETECTED","message"}], status, creditCardForm}`.
 * The quote is spent either way: re-quote (GET) before trying again.
 * Other errors: 401, 403 FORBIDDEN (unknown quote / not yours), 403 CSRF, 400 VALIDATION (body,
 * bookingId not the quote's, unknown card token), 409 QUOTE_USED, 410 QUOTE_EXPIRED, 409 IN_PROGRESS.
 */
export const RefundRequestRefusal = v.object({
  errors: v.pipe(
    v.array(
      v.object({
        code: v.picklist(['INVALID_CREDIT_CARD', 'POTENTIAL_FRAUD_DETECTED']),
        message: v.optional(v.string()),
      }),
    ),
    v.minLength(1),
  ),
  status: v.picklist(['INVALID_CREDIT_CARD', 'POTENTIAL_FRAUD_DETECTED']),
  creditCardForm: maybe(CreditCardForm),
});
export type RefundRequestRefusal = v.InferOutput<typeof RefundRequestRefusal>;

// Error codes (refundRequest): INVALID_CREDIT_CARD, POTENTIAL_FRAUD_DETECTED, QUOTE_USED, QUOTE_EXPIRED, IN_PROGRESS, VALIDATION, FORBIDDEN, UNAUTHORISED.

// ---------------------------------------------------------------------------------------------
// GET /my-account/api/partial-refunds/{bookingId}[?quoteId]   (guest access as the quote)
// ---------------------------------------------------------------------------------------------

const farePassengerSpec = {
  isRefundable: v.boolean(),
  /** Null when not refundable. */
  refundableId: maybe(v.string()),
};
export const FarePassenger = v.object({
  ...farePassengerSpec,
  /**
   * Local-server extra: docs/product/entities.md lists a fare passenger's isRefundable and refundableId only.
   * Absent, passengers are told apart by their refundableId and named "Passenger" (decision 341).
   */
  passengerId: v.optional(v.string()),
  /** local-server extra. */
  firstName: v.optional(v.string()),
  /** local-server extra. */
  lastName: v.optional(v.string()),
  /** local-server extra: paid for this passenger on this fare. */
  price: v.optional(Money),
  /** local-server extra: why not refundable. */
  reasonCode: v.optional(v.nullable(IneligibilityReason)),
});
export type FarePassenger = v.InferOutput<typeof FarePassenger>;

const fareSpec = { farePassengers: v.array(FarePassenger) };
export const Fare = v.object({
  ...fareSpec,
  /** local-server extra: the ticket type, e.g. 'Off-Peak Return'. */
  name: v.optional(v.string()),
  /** local-server extra: 'return' when one ticket covers both directions. */
  ticketDirection: v.optional(v.picklist(['outward', 'inward', 'return'])),
});
export type Fare = v.InferOutput<typeof Fare>;

const partialRefundJourneySpec = { fares: v.array(Fare) };
export const PartialRefundJourney = v.object({
  ...partialRefundJourneySpec,
  /** local-server extra: origin → destination and departure. */
  origin: v.optional(v.string()),
  destination: v.optional(v.string()),
  date: v.optional(IsoDate),
});
export type PartialRefundJourney = v.InferOutput<typeof PartialRefundJourney>;

const partialRefundBookingSpec = {
  outward: PartialRefundJourney,
  inward: maybe(PartialRefundJourney),
  /** The outward and inward fares are one return fare (a passenger's two directions share a refundableId). */
  sameFare: v.boolean(),
  /** The fare of the whole journey when sameFare (e.g. 'Off-Peak Return'), else null. */
  journeyFare: maybe(v.string()),
  recipient: v.object({ email: v.string() }),
  creditCardForm: maybe(CreditCardForm),
  orderId: v.string(),
  /** The selection of ?quoteId= (its refundableIds), else []. */
  selectedRefundables: v.array(v.string()),
  /**
   * Always [] from this server: the assistances come from GET customer/passenger-assistance/... (another
   * area); kept so the spec's field exists.
   */
  passengerAssistances: v.array(v.unknown()),
};
export const PartialRefundBooking = v.object({
  ...partialRefundBookingSpec,
  /** local-server extra. */
  bookingId: v.optional(v.string()),
  /** local-server extra: docs/product/validation.md computed by the server. */
  isPartiallyRefundable: v.optional(v.boolean()),
  /** local-server extra: the refund reason the ?quoteId= quote was computed for (null without quoteId). */
  refundReason: v.optional(v.nullable(RefundReason)),
});
export type PartialRefundBooking = v.InferOutput<typeof PartialRefundBooking>;

/** docs/product/api.md: "response booking, orderId, refundables". */
export const PartialRefundsResponse = v.object({
  booking: PartialRefundBooking,
  orderId: v.string(),
  /** Every refundableId of the booking that can be refunded now. */
  refundables: v.array(v.string()),
});
export type PartialRefundsResponse = v.InferOutput<typeof PartialRefundsResponse>;

// ---------------------------------------------------------------------------------------------
// POST /my-account/api/payment/card-token   (local extra; CSRF)   {number, expiryMonth, expiryYear, cvc, name}
// The number is checked (Luhn, length, expiry in the future) and never stored: only brand + last4 + a token.
// 200 {token, last4, brand, expiryMonth, expiryYear}; 400 VALIDATION; 422 CARD_INVALID (Luhn / expired).
// Caller: a signed-in customer or a guest with access to an order (header or ?token=).
// ---------------------------------------------------------------------------------------------

export const CardTokenRequest = v.object({
  number: v.pipe(v.string(), v.regex(/^[0-9 ]{12,23}$/)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  /** Four digits, e.g. 2028. */
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100)),
  cvc: v.pipe(v.string(), v.regex(/^\d{3,4}$/)),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
});
export type CardTokenRequest = v.InferOutput<typeof CardTokenRequest>;

export const CardTokenResponse = v.object({
  token: v.string(),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  brand: v.string(),
  expiryMonth: v.number(),
  expiryYear: v.number(),
  /** When the token stops being accepted. */
  expiresAt: IsoDate,
});
export type CardTokenResponse = v.InferOutput<typeof CardTokenResponse>;

// ---------------------------------------------------------------------------------------------
// GET /my-account/api/change-of-journey/status/{orderId}/{bookingId}   (local extra; guest access as the quote)
// For a booking that is the source of a change of journey (spec: "checks change-of-journey status
// instead of quoting"). 404 NOT_CHANGE_OF_JOURNEY_SOURCE for any other booking.
// ---------------------------------------------------------------------------------------------

export const changeOfJourneyStatuses = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export const ChangeOfJourneyStatusValue = v.picklist(changeOfJourneyStatuses);
export type ChangeOfJourneyStatusValue = (typeof changeOfJourneyStatuses)[number];

export const ChangeOfJourneyStatus = v.object({
  status: ChangeOfJourneyStatusValue,
  sourceBookingId: v.string(),
  /** The new journey's order and booking, once issued. */
  newOrderId: maybe(v.string()),
  newBookingId: maybe(v.string()),
  requestedAt: IsoDate,
  completedAt: maybe(IsoDate),
  /** Positive: paid extra; negative: refunded to the customer; null while unknown. */
  priceDifference: maybe(Money),
  message: v.string(),
});
export type ChangeOfJourneyStatus = v.InferOutput<typeof ChangeOfJourneyStatus>;

/**
 * docs/product/entities.md's and docs/product/api.md's fields of a quote, a request's answer and a part refund's
 * booking (spec mode, src/schemas/spec-records.ts). The quote's totals and card form, and a part refund's
 * card form, are kept whole: the spec names them, not their fields.
 */
export const specRecords: readonly SpecRecord[] = [
  [UnprocessableReason, unprocessableReasonSpec],
  [RefundQuote, refundQuoteSpec, ['cancellationDetails', 'creditCardForm']],
  [RefundRequestResponse, refundRequestSpec, ['creditCardForm']],
  [FarePassenger, farePassengerSpec],
  [Fare, fareSpec],
  [PartialRefundJourney, partialRefundJourneySpec],
  [PartialRefundBooking, partialRefundBookingSpec, ['creditCardForm']],
];
