import * as v from 'valibot';
import { maybe } from './maybe.ts';
import { BookingRefundSummary } from './refund-tracking.ts';
import type { SpecRecord } from './spec-records.ts';

/**
 * A delayed journey's Delay Repay claim on a list entry (local-server extra, docs/decisions/090).
 * The card only asks whether it is still open ('eligible'); the claim page checks the status in
 * full, so the first bookings screen carries no claims schema.
 */
export const ListDelayRepay = v.object({ claimId: v.string(), status: v.pipe(v.string(), v.maxLength(40)) });
export type ListDelayRepay = v.InferOutput<typeof ListDelayRepay>;

/** Booking list shapes (docs/product/entities.md and docs/product/api.md); see docs/decisions/010-bookings-lists-and-guest-access.md. */
export const bookingFilters = ['upcoming', 'past', 'season', 'guest'] as const;
export const BookingFilter = v.picklist(bookingFilters);
export type BookingFilter = (typeof bookingFilters)[number];

const IsoDateTime = v.pipe(v.string(), v.isoTimestamp());
const Station = v.object({ code: v.string(), name: v.string() });
const Money = v.object({ amount: v.number(), currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });

const listLegSpec = { date: IsoDateTime };
/**
 * A list's leg: docs/product/entities.md lists its `date` only. Stations, times and operator are
 * local-server extras, absent read as null: the card names the journey by its date (journeyName).
 */
export const ListLeg = v.object({
  ...listLegSpec,
  origin: maybe(Station),
  destination: maybe(Station),
  departureTime: maybe(IsoDateTime),
  arrivalTime: maybe(IsoDateTime),
  operator: maybe(v.string()),
  /** Local-server extra: changes of train on this leg; absent, the card leaves "Direct"/"n changes" out. */
  changes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type ListLeg = v.InferOutput<typeof ListLeg>;

const listPriceSpec = { currencyCode: Money.entries.currencyCode };
const listBookingSpec = {
  id: v.string(),
  outward: ListLeg,
  inward: maybe(ListLeg),
  isSeasonBooking: v.boolean(),
  /** docs/product/entities.md lists price.currencyCode; the amount is a local-server extra (no price shown without it). */
  price: v.object({ ...listPriceSpec, amount: v.optional(Money.entries.amount) }),
};

/** Booking list entry: {booking, order} (docs/product/entities.md). */
export const BookingListEntry = v.object({
  booking: v.object({
    ...listBookingSpec,
    /** Local-server extras: absent, the card leaves out the passenger count and ticket types. */
    passengerCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    ticketTypes: v.optional(v.array(v.string()), []),
    /** Local-server extra: a season ticket's kind and validity; absent, none is shown. */
    season: maybe(
      v.object({
        kind: v.picklist(['weekly', 'monthly', 'annual', 'flexi']),
        validFrom: IsoDateTime,
        validUntil: IsoDateTime,
      }),
    ),
    /** Local-server extra: the Delay Repay claim of a delayed journey (docs/decisions/090). */
    delayRepay: v.optional(ListDelayRepay),
    /** local-server extra: refund offer and tracking; see src/schemas/refund-tracking.ts. */
    refund: v.optional(BookingRefundSummary),
  }),
  order: v.object({
    id: v.string(),
    friendlyOrderId: v.string(),
    replacementOrder: maybe(v.object({ id: v.string() })),
  }),
});
export type BookingListEntry = v.InferOutput<typeof BookingListEntry>;

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

const bookingsPageSpec = {
  pastBookings: Count,
  upcomingBookings: Count,
  seasonBookings: Count,
  hasGuestBookings: v.boolean(),
  results: v.array(BookingListEntry),
  total: Count,
};
/**
 * GET /bookings/{filter}?page={n}: one page of a filter plus the totals of every filter.
 * docs/product/api.md lists pastBookings, upcomingBookings, seasonBookings, hasGuestBookings, results,
 * total. Local-server extras, optional here (docs/decisions/160): page (the client falls back to
 * the page it asked for), pageSize (unused), guestBookings (the count is null without it).
 */
export const BookingsPage = v.object({
  ...bookingsPageSpec,
  page: v.optional(Count),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  guestBookings: v.optional(Count),
});
export type BookingsPage = v.InferOutput<typeof BookingsPage>;

/** The spec's fields of a list entry's booking and of a page (spec mode, src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [
  [ListLeg, listLegSpec],
  [BookingListEntry.entries.booking, listBookingSpec],
  [BookingListEntry.entries.booking.entries.price, listPriceSpec],
  [BookingsPage, bookingsPageSpec],
];

/** GET /booking/token: the bookings a guest may fetch. */
export const TokenBookings = v.object({ bookings: v.array(BookingListEntry), customerRegistered: v.boolean() });
export type TokenBookings = v.InferOutput<typeof TokenBookings>;

/** POST /order/associate-guest-orders: 200 {count}, 206 {count} partial, 204 none. */
export const AssociateCount = v.object({ count: Count });

/**
 * `?bookingsImported=` on the bookings pages after a guest association: true, partial, none or false
 * (the router writes booleans bare, so true/false are booleans here; the strings are accepted too).
 */
export const bookingsImportedValues = ['true', 'partial', 'none', 'false'] as const;
export type BookingsImportedKey = (typeof bookingsImportedValues)[number];
export type BookingsImported = boolean | 'partial' | 'none';
export const BookingsListSearch = v.object({
  bookingsImported: v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(bookingsImportedValues)]),
      v.transform((x): BookingsImported => (x === 'true' ? true : x === 'false' ? false : x)),
    ),
  ),
});
