import { one, type Queryable } from '../db.ts';

/**
 * The exchanges of tickets for a new journey in the database (docs/decisions/600-change-your-journey.md):
 * the change a booking is the source of, if any.
 */

/** Whether the booking is the source of a change of journey (its tickets are being or were exchanged). */
export const isChangeSource = async (db: Queryable, bookingId: string): Promise<boolean> =>
  (await one(db, 'select 1 from change_of_journeys where source_booking_id = $1', [bookingId])) !== null;

/** The change of journey the booking is the source of, or null. */
export const changeOfJourneyOf = <S extends string>(db: Queryable, bookingId: string) =>
  one<{
    status: S;
    new_order_id: string | null;
    new_booking_id: string | null;
    requested_at: Date;
    completed_at: Date | null;
    price_difference: string | number | null;
    currency: string;
  }>(db, 'select * from change_of_journeys where source_booking_id = $1', [bookingId]);
