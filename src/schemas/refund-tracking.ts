import * as v from 'valibot';
import { ServerWords } from './server-words';
import { maybe } from './maybe.ts';

/**
 * Refund tracking (beyond the spec): the optional local-server extras that booking
 * detail, history and the bookings lists carry. Kept apart from ./refunds.ts so the bookings list
 * route does not load the whole refund contract. Shapes: docs/decisions/080-refunds-server.md.
 */

const IsoDate = v.pipe(v.string(), v.isoTimestamp());
const Money = v.object({ amount: v.number(), currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });

/**
 * Refund reasons the customer picks (spec: "Refund reason codes: not shown", so these codes are
 * the local server's). Sent as `?refundReason=` on the quote; the quote answers for that reason.
 * Disruption and booking error: full refund, no admin fee, Advance included (docs/product/domain.md).
 */
export const refundReasons = [
  'CHANGED_PLANS',
  'CHANGED_PLANS_TICKETS_NOT_USED',
  'DISRUPTION_UPCOMING',
  'DISRUPTION_SERVICE_CANCELLATION',
  'DISRUPTION_TRAIN_DELAYED',
  'BOOKING_ERROR',
] as const;
export const RefundReason = v.picklist(refundReasons);
export type RefundReason = (typeof refundReasons)[number];
export const DEFAULT_REFUND_REASON: RefundReason = 'CHANGED_PLANS';

/** Item statuses after a request, and the three groups the screens show them in. */
export const refundItemStatuses = [
  'failed',
  'rejected',
  'blocked',
  'voiding',
  'pending',
  'voided',
  'refunded',
] as const;
export const RefundItemStatus = v.picklist(refundItemStatuses);
export type RefundItemStatus = (typeof refundItemStatuses)[number];
export const refundItemGroups = {
  error: ['failed', 'rejected'],
  inProgress: ['blocked', 'voiding', 'pending'],
  done: ['voided', 'refunded'],
} as const satisfies Record<string, readonly RefundItemStatus[]>;

export const RefundItem = v.object({
  refundableId: v.string(),
  passengerId: v.string(),
  direction: v.picklist(['outward', 'inward', 'return']),
  status: RefundItemStatus,
  amount: Money,
});
export type RefundItem = v.InferOutput<typeof RefundItem>;

// ---------------------------------------------------------------------------------------------
// Refund tracking (local-server extra, on booking detail / history / list entries; see booking.ts)
// ---------------------------------------------------------------------------------------------

export const refundTrackingStates = ['processing', 'action-required', 'refunded', 'rejected'] as const;
export const RefundTrackingState = v.picklist(refundTrackingStates);
export type RefundTrackingState = (typeof refundTrackingStates)[number];

export const RefundTracking = v.object({
  refundId: v.string(),
  state: RefundTrackingState,
  /** 'partial': some passengers only (a replacement order holds the others). */
  kind: v.picklist(['full', 'partial']),
  requestedAt: IsoDate,
  refundReason: maybe(RefundReason),
  /** What comes back (after the admin fee). */
  amount: Money,
  adminFee: Money,
  /** action-required: where to post the tickets and by when. */
  postBack: maybe(v.object({ address: v.array(v.string()), deadline: IsoDate })),
  /** refunded: when the money was sent. */
  refundedAt: maybe(IsoDate),
  /** rejected: why, in plain English. */
  rejectedReason: maybe(v.string()),
  /** local-server extra: what rejectedReason says, as a code and its data (decision 641). */
  rejectedReasonWords: v.optional(v.nullable(ServerWords)),
  /** Passengers refunded (names), for "part refunded: Jamie Morgan". */
  passengers: v.array(v.object({ id: v.string(), name: v.string() })),
  items: v.array(RefundItem),
  /** partial: the superseding order (the remaining passengers), once issued. */
  replacementOrderId: maybe(v.string()),
  /** The order this refund was made on (differs from the booking's own when shown on a replacement). */
  orderId: v.string(),
  /** Local-server extra: the part of `amount` that gives back the booking's fees (refunded with a disrupted journey; docs/decisions/630). */
  feesRefunded: v.optional(Money),
});
export type RefundTracking = v.InferOutput<typeof RefundTracking>;

/** Per booking: what the account screens need to offer refunds (local-server extra on booking detail and lists). */
export const BookingRefundSummary = v.object({
  /** "Cancel and refund" may be offered: the quote call answers (REFUNDABLE, PARTIALLY_REFUNDABLE or an explained NON_REFUNDABLE). */
  quotable: v.boolean(),
  /** The booking is the source of a change of journey: use the change-of-journey status call. */
  changeOfJourneySource: v.boolean(),
  /** Local-server extra: the booking a change of journey gave, once issued (the detail links to it; absent: no link). */
  changeOfJourneyNewBookingId: v.optional(v.nullable(v.string())),
  /**
   * Local-server extra: the booking this one was changed from (it is a change of journey's new
   * booking), with its order reference, for "Changed from booking TL-…" (absent: no such line).
   */
  changeOfJourneyFrom: maybe(v.object({ bookingId: v.string(), friendlyOrderId: v.string() })),
  /** Every refund of this booking (newest first). */
  refunds: v.array(RefundTracking),
  /** The whole booking has been refunded (or is being). */
  fullyRefunded: v.boolean(),
});
export type BookingRefundSummary = v.InferOutput<typeof BookingRefundSummary>;

/**
 * On a history entry whose order was superseded by a refund: what happened.
 * 'part-refunded': some passengers refunded, the others moved to `replacementOrderId`.
 */
export const HistoryChange = v.object({
  kind: v.picklist(['part-refunded', 'refunded', 'changed-journey']),
  refundId: maybe(v.string()),
  passengers: v.array(v.object({ id: v.string(), name: v.string() })),
  amount: maybe(Money),
  at: IsoDate,
  /** The order this entry was replaced by, and the one it replaced (links between entries). */
  replacementOrderId: maybe(v.string()),
  replacesOrderId: maybe(v.string()),
});
export type HistoryChange = v.InferOutput<typeof HistoryChange>;
