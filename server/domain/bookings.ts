import { many, one, type Queryable } from '../db.ts';
import type { OrderRow } from '../lib/access.ts';
import type { BookingData } from './booking-data.ts';
import { purchaseDate } from './refund-store.ts';

/**
 * A booking and its order in the database (docs/decisions/020-booking-detail-and-history.md): the
 * booking with its check-in and issued ticket, its order, the chain of orders that replaced one
 * another (a change of journey or a part refund) and a pending replacement's countdown.
 */

export type BookingRow = {
  id: string;
  order_id: string;
  is_season: boolean;
  outward_date: Date;
  data: BookingData;
  checked_in?: boolean;
  /** The latest on-demand ticket issued for this booking's delivery, if any (bookingsOfOrder with a clock). */
  issued_reference?: string | null;
  issued_at?: Date | null;
  issued_barcode?: string | null;
};

export async function findBooking(db: Queryable, bookingId: string): Promise<BookingRow | null> {
  return one<BookingRow>(db, 'select id, order_id, is_season, outward_date, data from bookings where id = $1', [
    bookingId,
  ]);
}

/** An order, or null. */
export const findOrder = (db: Queryable, orderId: string) =>
  one<OrderRow>(db, 'select * from orders where id = $1', [orderId]);

/** Applies a pending replacement once it is ready; `start` begins its countdown (history requests). */
export async function settlePendingReplacement(
  db: Queryable,
  orderId: string,
  now: Date,
  start: boolean,
): Promise<void> {
  const pending = await one<{ replacement_order_id: string; ready_after_ms: number; first_requested_at: Date | null }>(
    db,
    'select replacement_order_id, ready_after_ms, first_requested_at from pending_replacements where order_id = $1',
    [orderId],
  );
  if (!pending) return;
  if (pending.first_requested_at === null) {
    if (!start) return;
    await db.query('update pending_replacements set first_requested_at = $2 where order_id = $1', [orderId, now]);
    if (pending.ready_after_ms > 0) return;
  } else if (now.getTime() - pending.first_requested_at.getTime() < pending.ready_after_ms) {
    return;
  }
  await db.query('update orders set replacement_order_id = $2 where id = $1', [orderId, pending.replacement_order_id]);
  await db.query('delete from pending_replacements where order_id = $1', [orderId]);
}

/**
 * The order `orderId` replaced, if any (its predecessor, issued or still pending), with the date its
 * tickets were first paid for: the replacement's VAT receipt names them instead of "Ordered on" today.
 */
export async function replacedOrder(db: Queryable, orderId: string) {
  const previous = await one<{ id: string; friendly_order_id: string; coj: boolean }>(
    db,
    `select o.id, o.friendly_order_id,
       exists (select 1 from change_of_journeys c where c.source_order_id = o.id) as coj
     from orders o
     where o.replacement_order_id = $1 or o.id in (select p.order_id from pending_replacements p where p.replacement_order_id = $1)
     order by o.created_at desc limit 1`,
    [orderId],
  );
  if (!previous) return null;
  const paidAt = (await purchaseDate(db, previous.id)) ?? new Date(0);
  return {
    friendlyOrderId: previous.friendly_order_id,
    kind: previous.coj ? ('change' as const) : ('part-refund' as const),
    paidAt: paidAt.toISOString(),
  };
}

/** The order's bookings; with `now`, each carries the on-demand ticket issued for it by then (issued_tickets, decision 350). */
export const bookingsOfOrder = (db: Queryable, orderId: string, now: Date | null = null) =>
  many<BookingRow>(
    db,
    `select b.id, b.order_id, b.is_season, b.outward_date, b.data, (ci.booking_id is not null) as checked_in,
       issued.reference as issued_reference, issued.issued_at as issued_at, issued.barcode_data as issued_barcode
     from bookings b left join booking_check_ins ci on ci.booking_id = b.id
     left join lateral (
       select t.reference, t.issued_at, t.barcode_data from issued_tickets t
       where t.booking_id = b.id and $2::timestamptz is not null and t.issued_at <= $2::timestamptz
       order by t.issued_at desc limit 1
     ) issued on true
     where b.order_id = $1 order by b.outward_date, b.id`,
    [orderId, now],
  );

/** The booking of `order` that stands for `index`-th booking of its predecessor (same position, else the first). */
export async function counterpart(db: Queryable, orderId: string, index: number): Promise<BookingRow | null> {
  const rows = await bookingsOfOrder(db, orderId);
  return rows[index] ?? rows[0] ?? null;
}

/** The order this one replaced (the newest, when more than one), or null. */
export const previousOrder = (db: Queryable, orderId: string) =>
  one<OrderRow>(db, 'select * from orders where replacement_order_id = $1 order by created_at desc limit 1', [orderId]);

/** Stores a booking's passengers (their new names). */
export async function savePassengers(
  db: Queryable,
  booking: { id: string; data: BookingData },
  passengers: BookingData['passengers'],
): Promise<void> {
  await db.query('update bookings set data = $2::jsonb where id = $1', [
    booking.id,
    JSON.stringify({ ...booking.data, passengers }),
  ]);
}
