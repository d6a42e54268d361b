import { randomUUID } from 'node:crypto';
import { isUniqueViolation, many, one, type Queryable } from '../db.ts';
import { ApiError } from '../lib/errors.ts';
import type { BookingData } from './booking-data.ts';

/**
 * Passenger assistance in the database (docs/decisions/100-passenger-assistance.md): the help
 * booked per passenger and leg of a booking, the customer's upcoming journeys it may be booked on,
 * booking it (one per passenger and leg) and cancelling it.
 */

type Direction = 'outward' | 'inward';

export type AssistanceRow = {
  id: string;
  order_id: string;
  booking_id: string;
  passenger_id: string;
  direction: Direction;
  kinds: string[];
  details: string | null;
  status: 'booked' | 'cancelled';
  created_at: Date;
  cancelled_at: Date | null;
  cancelled_because: 'refunded' | 'insurance-claimed' | null;
};

/** A booking as assistance reads it. */
export type AssistanceBooking = { id: string; order_id: string; is_season: boolean; data: BookingData };

/** The help booked on a booking, oldest first. */
export const assistanceOf = (db: Queryable, bookingId: string) =>
  many<AssistanceRow>(db, 'select * from passenger_assistance where booking_id = $1 order by created_at, id', [
    bookingId,
  ]);

/** The booking of this order, or null when the order has no such booking. */
export const bookingOfOrder = (db: Queryable, bookingId: string, orderId: string) =>
  one<AssistanceBooking>(db, 'select id, order_id, is_season, data from bookings where id = $1 and order_id = $2', [
    bookingId,
    orderId,
  ]);

type JourneyRow = AssistanceBooking & { friendly_order_id: string };

/** The customer's journeys with a leg still to come, not season tickets, on orders not replaced, by departure. */
export const upcomingJourneysOf = (db: Queryable, customerId: string, now: Date) =>
  many<JourneyRow>(
    db,
    `select b.id, b.order_id, b.is_season, b.data, o.friendly_order_id
     from bookings b join orders o on o.id = b.order_id
     where o.customer_id = $1 and o.replacement_order_id is null and not b.is_season
       and greatest(b.outward_date, coalesce(b.inward_date, b.outward_date)) > $2
     order by b.outward_date, b.id`,
    [customerId, now],
  );

/** The customer's journeys still to come whose help ended with their tickets (decision 630), by departure. */
export const upcomingJourneysWithEndedAssistance = (db: Queryable, customerId: string, now: Date) =>
  many<JourneyRow>(
    db,
    `select b.id, b.order_id, b.is_season, b.data, o.friendly_order_id
     from bookings b join orders o on o.id = b.order_id
     where o.customer_id = $1 and not b.is_season
       and greatest(b.outward_date, coalesce(b.inward_date, b.outward_date)) > $2
       and exists (select 1 from passenger_assistance pa where pa.booking_id = b.id and pa.cancelled_because is not null)
     order by b.outward_date, b.id`,
    [customerId, now],
  );

/**
 * Books help for a passenger on a leg; 'already-booked' when help is booked for them on that leg
 * (the table's unique index decides, so two at once cannot both be booked).
 */
export async function bookAssistance(
  db: Queryable,
  help: {
    orderId: string;
    bookingId: string;
    passengerId: string;
    direction: Direction;
    kinds: string[];
    details: string | null;
    via: string;
    now: Date;
  },
): Promise<AssistanceRow | 'already-booked'> {
  const id = randomUUID();
  try {
    await db.query(
      `insert into passenger_assistance (id, order_id, booking_id, passenger_id, direction, kinds, details, status, via, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'booked', $8, $9)`,
      [
        id,
        help.orderId,
        help.bookingId,
        help.passengerId,
        help.direction,
        help.kinds,
        help.details,
        help.via,
        help.now,
      ],
    );
  } catch (err) {
    if (isUniqueViolation(err)) return 'already-booked';
    throw err;
  }
  const row = await one<AssistanceRow>(db, 'select * from passenger_assistance where id = $1', [id]);
  if (!row) throw new ApiError(500, 'INTERNAL_ERROR');
  return row;
}

/** One help item of a booking, or null. */
export const findAssistance = (db: Queryable, id: string, bookingId: string) =>
  one<AssistanceRow>(db, 'select * from passenger_assistance where id = $1 and booking_id = $2', [id, bookingId]);

/** Cancels booked help; null when it was no longer booked. */
export const cancelAssistance = (db: Queryable, id: string, now: Date) =>
  one<AssistanceRow>(
    db,
    `update passenger_assistance set status = 'cancelled', cancelled_at = $2
     where id = $1 and status = 'booked' returning *`,
    [id, now],
  );
