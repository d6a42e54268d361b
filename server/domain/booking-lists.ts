import { many, one, type Queryable } from '../db.ts';
import type { BookingData, Leg } from './booking-data.ts';

/**
 * The customer's bookings lists in the database (docs/decisions/010-bookings-lists-and-guest-access.md,
 * docs/decisions/171-bookings-list-by-customer.md): a page of a tab, the tabs' counts, and a list
 * entry's shape, shared with the bookings a guest opens.
 * filter: upcoming | past | season, plus guest (orders placed with the customer's verified email
 * without signing in; none while the email is unverified, decision 150). Page index from 0, BOOKINGS_PAGE_SIZE entries a page.
 */
export const BOOKINGS_PAGE_SIZE = 10;
export const BOOKING_FILTERS = ['upcoming', 'past', 'season', 'guest'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

export type BookingRow = {
  id: string;
  order_id: string;
  is_season: boolean;
  data: BookingData;
  friendly_order_id: string;
  replacement_order_id: string | null;
};

const listLeg = (leg: Leg) => ({
  date: leg.date,
  origin: leg.origin,
  destination: leg.destination,
  departureTime: leg.departureTime,
  arrivalTime: leg.arrivalTime,
  operator: leg.operator,
  // Local-server extra: the card says "Direct" or "1 change" beside the journey's length.
  changes: leg.changes,
});

/** A booking list entry `{booking, order}` (docs/product/entities.md), with what a card shows. */
export function toListEntry(row: BookingRow) {
  const d = row.data;
  return {
    booking: {
      id: row.id,
      outward: listLeg(d.outward),
      inward: d.inward ? listLeg(d.inward) : null,
      isSeasonBooking: row.is_season,
      price: d.price,
      passengerCount: d.passengers.length,
      ticketTypes: [...new Set(d.tickets.map((t) => t.type))],
      season: d.season,
    },
    order: {
      id: row.order_id,
      friendlyOrderId: row.friendly_order_id,
      replacementOrder: row.replacement_order_id ? { id: row.replacement_order_id } : null,
    },
  };
}

export const BOOKING_ROW_COLUMNS = `b.id, b.order_id, b.is_season, b.data, o.friendly_order_id, o.replacement_order_id`;

/** Last leg's date: a booking is upcoming while any leg is not past (a leg is past if its date is before now). */
const LAST_LEG = 'coalesce(b.inward_date, b.outward_date)';

/**
 * Its tickets no longer stand: refunded or being refunded (a refund not rejected, nor a paper
 * refund whose tickets missed the post-back deadline, which the next read rejects), part refunded,
 * exchanged for a new journey (change-of-journey source, or its order replaced) or paid by an
 * insurance claim. The rows `cancelsTickets` (machines/lib/booking-lifecycle-facts.ts) reads through
 * the booking call; test/server/bookings-list.test.ts checks that the two agree on the demo data.
 * Such a booking leaves Upcoming for Past (docs/decisions/410-ended-bookings-in-past.md). Every
 * lookup is by primary key or an index led by the booking (refunds_booking_id,
 * change_of_journeys.source_booking_id, insurance_products_booking_id), one probe per row of the
 * customer's range: `offset 0` keeps the planner from hashing each whole table instead. $2 is now.
 */
export const TICKETS_CANCELLED = `(
  exists (select 1 from orders eo where eo.id = b.order_id and eo.replacement_order_id is not null offset 0)
  or exists (select 1 from change_of_journeys cj where cj.source_booking_id = b.id offset 0)
  or exists (select 1 from refunds r where r.booking_id = b.id and r.rejected_at is null
    and not (r.return_mode in ('post', 'collect-post') and r.tickets_received_at is null and r.post_deadline <= $2) offset 0)
  or exists (select 1 from insurance_products ip join insurance_claims ic on ic.product_id = ip.id
    where ip.booking_id = b.id and ic.claimed_at is not null offset 0))`;

/** The customer's journeys still to come, from the index led by the customer ($1 customer, $2 now). */
const STILL_TO_COME = `b.customer_id = $1 and b.is_season = false and ${LAST_LEG} >= $2`;

/**
 * Where clause and its parameters per filter (customer id, now, verified customer email or null: no guest orders). The customer's
 * filters use bookings.customer_id so they run on the indexes led by the customer (migration 120):
 * a page costs the same whatever the size of the history. Upcoming leaves out the journeys whose
 * tickets were cancelled; past adds them (see `pastSource`).
 */
const WHERE: Record<
  BookingFilter,
  (customerId: string, now: Date, email: string | null) => { sql: string; params: unknown[] }
> = {
  upcoming: (id, now) => ({ sql: `${STILL_TO_COME} and not ${TICKETS_CANCELLED}`, params: [id, now] }),
  past: (id, now) => ({ sql: `b.customer_id = $1 and b.is_season = false and ${LAST_LEG} < $2`, params: [id, now] }),
  season: (id) => ({ sql: 'b.customer_id = $1 and b.is_season', params: [id] }),
  guest: (_id, _now, email) => ({ sql: 'o.customer_id is null and o.email = $1', params: [email] }),
};

/**
 * Past's rows for the first `upTo` places: its journeys already made (a range of the customer's
 * last-leg index, in page order) and the journeys still to come whose tickets were cancelled (the
 * customer's upcoming range, checked row by row). Every one of the latter ends after every one of
 * the former, so it heads the list: the two sources are joined, not merged through the history.
 */
const pastSource = (pastSql: string, upTo: number) => `(
  (select * from bookings b where ${STILL_TO_COME} and ${TICKETS_CANCELLED} offset 0)
  union all
  (select * from bookings b where ${pastSql} order by ${LAST_LEG} desc, b.id limit ${upTo})) b`;
const ORDER: Record<BookingFilter, string> = {
  upcoming: 'b.outward_date asc, b.id',
  past: `${LAST_LEG} desc, b.id`,
  season: 'b.outward_date desc, b.id',
  guest: 'b.outward_date desc, b.id',
};

/**
 * The Upcoming tab's count: journeys still to come whose tickets stand. The account overview says
 * the same number (one count rule, test/server/bookings-list.test.ts).
 */
export async function countUpcoming(db: Queryable, customerId: string, now: Date): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `select count(*)::int as n from bookings b where ${STILL_TO_COME} and not ${TICKETS_CANCELLED}`,
    [customerId, now],
  );
  return row?.n ?? 0;
}

/**
 * The four tab counts without walking the history (docs/decisions/171-bookings-list-by-customer.md):
 * ordinary and season totals come from booking_counts (kept by triggers), upcoming is a range of
 * the customer's last-leg index (journeys still to come whose tickets stand), past is the difference.
 */
export async function countBookingTabs(db: Queryable, customerId: string, email: string | null, now: Date) {
  const row = await one<{ ordinary: number; season: number; upcoming: number; guest: number }>(
    db,
    `select
       coalesce((select ordinary from booking_counts where customer_id = $1), 0)::int as ordinary,
       coalesce((select season from booking_counts where customer_id = $1), 0)::int as season,
       (select count(*) from bookings b where ${STILL_TO_COME} and not ${TICKETS_CANCELLED})::int as upcoming,
       (select count(*) from bookings b join orders o on o.id = b.order_id
         where o.customer_id is null and o.email = $3)::int as guest`,
    [customerId, now, email],
  );
  if (!row) return { upcoming: 0, past: 0, season: 0, guest: 0 };
  return { upcoming: row.upcoming, past: row.ordinary - row.upcoming, season: row.season, guest: row.guest };
}

/**
 * One page of a filter: its ten bookings are chosen first, from the indexes led by the customer,
 * and only they are joined to their orders; upcoming sorts by departure, which no customer index
 * holds, so its rows (journeys still to come) are fetched before sorting (`offset 0` keeps the
 * planner from walking the departure-date index through everyone's history instead).
 */
export function pageQuery(f: BookingFilter, customerId: string, now: Date, guestEmail: string | null, page: number) {
  const where = WHERE[f](customerId, now, guestEmail);
  const source = f === 'guest' ? 'bookings b join orders o on o.id = b.order_id' : 'bookings b';
  const mine =
    f === 'upcoming'
      ? `(select * from bookings b where ${where.sql} offset 0) b`
      : f === 'past'
        ? pastSource(where.sql, (page + 1) * BOOKINGS_PAGE_SIZE)
        : `${source} where ${where.sql}`;
  return {
    sql: `with page as materialized (
         select b.* from ${mine} order by ${ORDER[f]} limit ${BOOKINGS_PAGE_SIZE} offset ${page * BOOKINGS_PAGE_SIZE})
       select ${BOOKING_ROW_COLUMNS} from page b join orders o on o.id = b.order_id order by ${ORDER[f]}`,
    params: where.params,
  };
}

/** One page of a filter's bookings (see `pageQuery`). */
export function listBookingsPage(
  db: Queryable,
  f: BookingFilter,
  customerId: string,
  now: Date,
  guestEmail: string | null,
  page: number,
): Promise<BookingRow[]> {
  const query = pageQuery(f, customerId, now, guestEmail, page);
  return many<BookingRow>(db, query.sql, query.params);
}
