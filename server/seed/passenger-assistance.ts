import { HOUR_MS } from '../lib/clock.ts';
import { stableId, type SeedModule } from './context.ts';

/** The demo booking whose passengers have assistance booked (King's Cross → York, return, Alex and Jamie). */
export const ASSISTANCE_BOOKING_KEY = 'demo-upcoming-kingscross-york';

export const ASSISTANCE_IDS = {
  /** Jamie, outward: wheelchair and ramp, booked. */
  jamieOutward: stableId('passenger-assistance', 'kingscross-york:jamie:outward'),
  /** Alex, return: luggage, cancelled. */
  alexInwardCancelled: stableId('passenger-assistance', 'kingscross-york:alex:inward'),
} as const;

/**
 * Passenger assistance ('demo' only; docs/decisions/100-passenger-assistance.md), on a booking
 * bookings.ts already seeds (no new bookings): King's Cross → York has Jamie's wheelchair and ramp
 * booked for the outward journey and Alex's cancelled luggage help on the return. The too-late
 * case is Euston → Coventry (booking-history.ts), which leaves 90 minutes after seeding.
 */
export const passengerAssistanceSeed: SeedModule = {
  name: 'passenger-assistance',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    const orderId = stableId('order', ASSISTANCE_BOOKING_KEY);
    const bookingId = stableId('booking', `${ASSISTANCE_BOOKING_KEY}:0`);
    const alex = stableId('passenger', `${ASSISTANCE_BOOKING_KEY}:0`);
    const jamie = stableId('passenger', `${ASSISTANCE_BOOKING_KEY}:1`);
    const bookedAt = new Date(now.getTime() - 48 * HOUR_MS);
    await db.query(
      `insert into passenger_assistance (id, order_id, booking_id, passenger_id, direction, kinds, details, status, via, created_at, cancelled_at)
       values ($1, $2, $3, $4, 'outward', array['wheelchair', 'ramp'], $5, 'booked', 'seed', $6, null),
              ($7, $2, $3, $8, 'inward', array['luggage'], null, 'cancelled', 'seed', $6, $9)`,
      [
        ASSISTANCE_IDS.jamieOutward,
        orderId,
        bookingId,
        jamie,
        'Travels in a manual wheelchair (not folding); please have a ramp ready at York.',
        bookedAt,
        ASSISTANCE_IDS.alexInwardCancelled,
        alex,
        new Date(now.getTime() - 24 * HOUR_MS),
      ],
    );
  },
};
