import * as v from 'valibot';
import { maybe } from './maybe.ts';
import { DelayRepaySummary } from './delay-repay';
import { InsuranceProduct } from './insurance';
import { BookingRefundSummary, HistoryChange } from './refund-tracking.ts';
import type { SpecRecord } from './spec-records.ts';

/** Responses of the booking detail, history, calling points, changeability and edit-passengers calls. */

const IsoDate = v.pipe(v.string(), v.isoTimestamp());
export const Money = v.object({ amount: v.number(), currencyCode: v.pipe(v.string(), v.length(3)) });
export type Money = v.InferOutput<typeof Money>;

export const Station = v.object({ code: v.string(), name: v.string() });
export type Station = v.InferOutput<typeof Station>;

const legSpec = { date: IsoDate };
/**
 * A leg: docs/product/entities.md lists its `date` only. The stations, times, operator, changes and
 * timetable id are local-server extras, absent read as null (or no `changes`): screens name the
 * journey by its date (journeyName), and the leg card shows what it has (no stations, no operator
 * line, no calling points).
 */
export const Leg = v.object({
  ...legSpec,
  origin: maybe(Station),
  destination: maybe(Station),
  departureTime: maybe(IsoDate),
  arrivalTime: maybe(IsoDate),
  operator: maybe(v.string()),
  changes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  timetableId: maybe(v.string()),
  /**
   * Local-server extra (booking detail): what the operators' running data records on this leg's
   * train, a cancellation, a delay (minutes late at the destination) or a disruption announced
   * ahead; absent reads as null (the card says nothing of it).
   */
  disruption: maybe(
    v.variant('kind', [
      v.object({ kind: v.literal('cancelled') }),
      v.object({ kind: v.literal('delayed'), delayMinutes: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
      v.object({ kind: v.literal('announced') }),
    ]),
  ),
});
export type Leg = v.InferOutput<typeof Leg>;

export const Passenger = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  type: v.picklist(['adult', 'child']),
  /** Local-server extra: absent reads as none. */
  railcard: maybe(v.object({ code: v.string(), name: v.string() })),
  /** Whether this passenger's name may be changed (upcoming bookings). */
  alterable: v.boolean(),
});
export type Passenger = v.InferOutput<typeof Passenger>;

export const Ticket = v.object({
  id: v.string(),
  type: v.string(),
  fareClass: v.picklist(['standard', 'first']),
  direction: v.picklist(['outward', 'inward', 'return']),
  passengerIds: v.array(v.string()),
  price: Money,
  refundable: v.boolean(),
});
export type Ticket = v.InferOutput<typeof Ticket>;

export const DeliveryMethod = v.picklist(['mobile', 'print-at-home', 'collect-at-station', 'post', 'smartcard']);
export type DeliveryMethod = v.InferOutput<typeof DeliveryMethod>;

const bookingPriceSpec = { currencyCode: v.pipe(v.string(), v.length(3)) };
const bookingSpec = {
  id: v.string(),
  outward: Leg,
  inward: maybe(Leg),
  isSeasonBooking: v.boolean(),
  price: v.object({ ...bookingPriceSpec, amount: maybe(v.number()) }),
};
/**
 * docs/product/entities.md lists a booking's id, legs (with date), isSeasonBooking and price.currencyCode.
 * The rest is optional here (decision 230): orderId (no screen reads it; the order's id is beside
 * it), passengers and tickets (absent: empty, their sections say so), delivery (absent: null, no
 * delivery row and no ticket actions) and price.amount (absent: null, no total).
 */
export const Booking = v.object({
  ...bookingSpec,
  orderId: v.optional(v.string()),
  /** Checked in for this journey (POST /booking/checkIn recorded it). */
  checkedIn: v.optional(v.boolean(), false),
  passengers: v.optional(v.array(Passenger), []),
  tickets: v.optional(v.array(Ticket), []),
  delivery: maybe(
    v.object({
      id: v.string(),
      method: DeliveryMethod,
      /** Local-server extra: absent reads as none. */
      collectionReference: maybe(v.string()),
      activated: v.boolean(),
      /**
       * Local-server extra (not in docs/product/api.md): the on-demand ticket issued for this delivery.
       * `withdrawn`: the booking was refunded, exchanged or paid by insurance, so the ticket carries no
       * code and can no longer be used (decision 570).
       */
      issuedTicket: maybe(
        v.object({
          reference: v.string(),
          issuedAt: IsoDate,
          barcode: maybe(v.string()),
          withdrawn: v.optional(v.nullable(v.object({ reason: v.string() }))),
        }),
      ),
    }),
  ),
  /**
   * Local-server extra: fees charged with the booking besides its fares (not in `price`); absent or
   * null: none. The VAT receipt shows them apart, at the standard rate (docs/decisions/351).
   */
  fees: v.optional(
    v.nullable(v.array(v.object({ kind: v.picklist(['booking-fee', 'card-fee']), amount: Money })), []),
    [],
  ),
  /** Local-server extra: the season ticket's kind and validity; absent reads as null (not shown). */
  season: maybe(
    v.object({ kind: v.picklist(['weekly', 'monthly', 'annual', 'flexi']), validFrom: IsoDate, validUntil: IsoDate }),
  ),
  /** Local-server extra: the Delay Repay claim of a delayed journey (docs/decisions/090). */
  delayRepay: v.optional(DelayRepaySummary),
  /** Local-server extra: flexible insurance bought with this booking (docs/decisions/091). */
  insurance: v.optional(v.array(InsuranceProduct)),
  /** local-server extra: refund offer and tracking; see src/schemas/refund-tracking.ts. */
  refund: v.optional(BookingRefundSummary),
});
export type Booking = v.InferOutput<typeof Booking>;

const orderSpec = {
  id: v.string(),
  friendlyOrderId: v.string(),
  replacementOrder: maybe(v.object({ id: v.string() })),
};
/** docs/product/entities.md: an order's id, friendlyOrderId, replacementOrder.id (docs/decisions/230). */
export const Order = v.object({
  ...orderSpec,
  /** Local-server extra: the confirmation address (absent: null; the detail leaves its row out, resend starts empty). */
  email: maybe(v.string()),
  /** Local-server extra (no screen reads it; money carries its own currencyCode). */
  currency: v.optional(v.string()),
  /** Local-server extra: without it the detail leaves out "Ordered on" and history its "Ordered" line. */
  createdAt: v.optional(IsoDate),
  /**
   * Local-server extra: the order this one replaced (a part refund's or a change of journey's) and
   * when the tickets were first paid for, so its VAT receipt says what it is (docs/decisions/630).
   * Absent: the receipt reads as an order of its own.
   */
  replaces: v.optional(
    v.nullable(v.object({ friendlyOrderId: v.string(), kind: v.picklist(['part-refund', 'change']), paidAt: IsoDate })),
  ),
});
export type Order = v.InferOutput<typeof Order>;

const bookingDetailSpec = { bookings: v.pipe(v.array(Booking), v.minLength(1)), order: Order };
/** GET /booking/{id} 200 (spec: "Booking detail state: bookings, order"): the order's bookings. */
export const BookingDetailResponse = v.object({
  ...bookingDetailSpec,
  /**
   * Local-server extra: `sign-in` when the caller found an account's booking with Find a booking
   * (knowledge is not ownership, docs/access-policy.md): it is shown, and managed signed in. Absent:
   * whatever the server refuses is refused with its own answer.
   */
  manage: v.optional(v.picklist(['sign-in'])),
});
export type BookingDetailResponse = v.InferOutput<typeof BookingDetailResponse>;

/** GET /booking/{id} 308: the booking moved (its order was replaced); open this booking's history. */
export const BookingMovedResponse = v.object({ bookingId: v.string() });

const historyEntrySpec = { booking: Booking, order: Order };
/** GET /booking/{id}/history 200: the timeline (oldest first, the current booking last). */
export const BookingHistoryResponse = v.object({
  /** Set when the booking was replaced by an order this caller cannot open (e.g. a guest link to the old order). */
  replacedBy: maybe(v.object({ orderId: v.string(), friendlyOrderId: v.string() })),
  bookings: v.pipe(
    v.array(
      v.object({
        ...historyEntrySpec,
        /** local-server extra: what superseded this entry (part refunded: which passengers, linked orders). */
        change: v.optional(v.nullable(HistoryChange)),
      }),
    ),
    v.minLength(1),
  ),
  order: Order,
});
export type BookingHistoryResponse = v.InferOutput<typeof BookingHistoryResponse>;

/** GET /booking/{id}/history 308: the replacement booking, whose history to open. */
export const BookingReplacedResponse = v.object({
  replacedBy: v.object({ bookingId: v.string(), orderId: v.string() }),
});
export type BookingReplacement = v.InferOutput<typeof BookingReplacedResponse>['replacedBy'];

export const CallingPointsResponse = v.object({
  timetableId: v.string(),
  callingPoints: v.array(v.object({ station: Station, arrival: maybe(IsoDate), departure: maybe(IsoDate) })),
  unavailable: v.optional(v.boolean()),
});
export type CallingPointsResponse = v.InferOutput<typeof CallingPointsResponse>;
export type CallingPoint = CallingPointsResponse['callingPoints'][number];

const changeabilitySpec = { changeable: v.boolean(), reason: v.optional(v.nullable(v.string())) };
export const ChangeabilityResponse = v.object({
  ...changeabilitySpec,
  /** Local-server extra (decision 600): the change can be made here; absent, the retailer is contacted. */
  changeOnline: v.optional(v.boolean()),
});
export type ChangeabilityResponse = v.InferOutput<typeof ChangeabilityResponse>;

export const EditPassengersResponse = v.object({
  bookingId: v.string(),
  passengers: v.array(v.object({ id: v.string(), firstName: v.string(), lastName: v.string() })),
});

/**
 * The spec's fields of these records (spec mode, src/schemas/spec-records.ts): a leg's date; a booking's id, legs,
 * isSeasonBooking and price.currencyCode; an order's id, friendlyOrderId and replacementOrder (docs/product/entities.md).
 * A history's `replacedBy` is kept whole: docs/product/api.md names it, not its fields.
 */
export const specRecords: readonly SpecRecord[] = [
  [Leg, legSpec],
  [Booking, bookingSpec],
  [Booking.entries.price, bookingPriceSpec],
  [Order, orderSpec],
  [BookingDetailResponse, bookingDetailSpec],
  [BookingHistoryResponse, BookingHistoryResponse.entries, ['replacedBy']],
  [BookingHistoryResponse.entries.bookings.item, historyEntrySpec],
  [ChangeabilityResponse, changeabilitySpec],
];
