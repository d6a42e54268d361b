import { many, type Queryable } from '../db.ts';

/**
 * Passenger assistance follows the tickets it was booked with (docs/decisions/630-what-follows-a-bookings-lifecycle.md):
 * staff must not wait at a station for someone whose tickets are cancelled. Called inside the
 * transaction that cancels the tickets (the refund request, the insurance claim), after the
 * lifecycle check, so the assistance ends exactly when the tickets do:
 * - a refund of the whole booking, or an insurance claim that pays for the trip, cancels every help
 *   still booked on it;
 * - a partial refund cancels the help of each refunded passenger on each refunded leg, and moves
 *   the rest to the replacement booking, which carries the passengers left (decision 320).
 */
export type AssistanceEnding = 'refunded' | 'insurance-claimed';

export type EndedAssistance = { id: string; passenger_id: string; direction: 'outward' | 'inward'; kinds: string[] };

/** A refunded ticket line: whose, and which leg ('return' covers both). */
export type RefundedLine = { passengerId: string; direction: 'outward' | 'inward' | 'return' };

/** Every help still booked on the booking is cancelled: what was cancelled. */
export function cancelAllAssistance(
  tx: Queryable,
  bookingId: string,
  because: AssistanceEnding,
  now: Date,
): Promise<EndedAssistance[]> {
  return many<EndedAssistance>(
    tx,
    `update passenger_assistance set status = 'cancelled', cancelled_at = $2, cancelled_because = $3
     where booking_id = $1 and status = 'booked' returning id, passenger_id, direction, kinds`,
    [bookingId, now, because],
  );
}

/**
 * A partial refund: the refunded passengers' help on the refunded legs is cancelled; every other
 * help still booked moves to the replacement booking (same passenger ids, same legs).
 */
export async function splitAssistance(
  tx: Queryable,
  {
    bookingId,
    refunded,
    replacement,
    now,
  }: {
    bookingId: string;
    refunded: readonly RefundedLine[];
    replacement: { orderId: string; bookingId: string };
    now: Date;
  },
): Promise<EndedAssistance[]> {
  const booked = await many<EndedAssistance>(
    tx,
    `select id, passenger_id, direction, kinds from passenger_assistance where booking_id = $1 and status = 'booked' order by created_at, id`,
    [bookingId],
  );
  const ends = (a: EndedAssistance) =>
    refunded.some((l) => l.passengerId === a.passenger_id && (l.direction === a.direction || l.direction === 'return'));
  const cancelled = booked.filter(ends);
  const moved = booked.filter((a) => !ends(a));
  if (cancelled.length > 0) {
    await tx.query(
      `update passenger_assistance set status = 'cancelled', cancelled_at = $2, cancelled_because = 'refunded' where id = any($1)`,
      [cancelled.map((a) => a.id), now],
    );
  }
  if (moved.length > 0) {
    await tx.query('update passenger_assistance set order_id = $2, booking_id = $3 where id = any($1)', [
      moved.map((a) => a.id),
      replacement.orderId,
      replacement.bookingId,
    ]);
  }
  return cancelled;
}
