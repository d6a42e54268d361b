import { randomUUID } from 'node:crypto';
import { one, type Db, type Queryable } from '../db.ts';
import type { QueuedEmail } from '../lib/outbox.ts';

/**
 * A booking's check-in and the resends of its confirmation email in the database
 * (docs/decisions/030-booking-actions.md).
 */

/** Whether the booking is checked in. */
export const isCheckedIn = async (db: Queryable, bookingId: string): Promise<boolean> =>
  (await one(db, 'select 1 from booking_check_ins where booking_id = $1', [bookingId])) !== null;

/** Checks the booking in (once: a second check-in changes nothing). */
export async function checkIn(db: Queryable, bookingId: string, now: Date, via: string): Promise<void> {
  await db.query(
    `insert into booking_check_ins (booking_id, checked_in_at, via) values ($1, $2, $3) on conflict (booking_id) do nothing`,
    [bookingId, now, via],
  );
}

/**
 * Records a resend of the booking's email and writes the email (`queue`) in the same transaction:
 * the email exists exactly when the resend is recorded (decision 720).
 */
export function recordEmailResend(
  db: Db,
  resend: {
    bookingId: string;
    orderId: string;
    to: string[];
    deliveryMethod: string;
    vendor: string;
    via: string;
    at: Date;
  },
  queue: (tx: Queryable) => Promise<QueuedEmail>,
): Promise<QueuedEmail> {
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into booking_email_resends (id, booking_id, order_id, email_addresses, delivery_method, vendor, via, requested_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        randomUUID(),
        resend.bookingId,
        resend.orderId,
        resend.to,
        resend.deliveryMethod,
        resend.vendor,
        resend.via,
        resend.at,
      ],
    );
    return queue(tx);
  });
}
