import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db.ts';
import type { OrderRow } from '../lib/access.ts';
import type { BookingData } from './booking-data.ts';
import { newFriendlyOrderId } from './refund-store.ts';

/**
 * A superseding order and its one booking: what a change of journey issues (the new journey) and
 * what a partial refund issues (the passengers who stay). The new order keeps the original's
 * customer, email and currency; it carries no guest token of its own, because a guest reaches it
 * through the order it replaces (server/lib/access.ts).
 */
type ReplacementOrder = { orderId: string; bookingId: string; reference: string };

export async function insertReplacementOrder(
  db: Queryable,
  original: Pick<OrderRow, 'customer_id' | 'email' | 'currency'>,
  booking: { isSeason: boolean; data: BookingData },
  now: Date,
): Promise<ReplacementOrder> {
  const orderId = randomUUID();
  const bookingId = randomUUID();
  const reference = await newFriendlyOrderId(db);
  const { data } = booking;
  await db.query(
    `insert into orders (id, friendly_order_id, customer_id, email, guest_token_hash, currency, created_at)
     values ($1, $2, $3, $4, null, $5, $6)`,
    [orderId, reference, original.customer_id, original.email, original.currency, now],
  );
  await db.query(
    `insert into bookings (id, order_id, is_season, outward_date, inward_date, data, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      bookingId,
      orderId,
      booking.isSeason,
      new Date(data.outward.date),
      data.inward ? new Date(data.inward.date) : null,
      JSON.stringify(data),
      now,
    ],
  );
  return { orderId, bookingId, reference };
}
