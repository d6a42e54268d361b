import { HOUR_MS } from '../lib/clock.ts';
import { DEMO_ACCOUNT } from './accounts.ts';
import { at, insertOrderWithBookings, tripBooking } from './booking-factory.ts';
import type { SeedModule } from './context.ts';

/** Seeded after 'bookings'; ids are stableId('booking', `${key}:0`). */
export const BOOKING_HISTORY_KEYS = {
  /** Partial refund in progress: its replacement appears ~1.5 s after history is first requested. */
  refundProcessing: 'demo-refund-processing',
  refundProcessingReplacement: 'demo-refund-processing-replacement',
  /**
   * Departs 90 minutes after seeding with an activated mobile ticket: not changeable; no timetable for
   * its route; too late to book passenger assistance (2 hours' notice).
   */
  activatedToday: 'demo-activated-euston-coventry',
} as const;

/** How long after the first history request the pending replacement is issued. */
export const PENDING_REPLACEMENT_READY_MS = 1500;

const alex = { firstName: 'Alex', lastName: 'Morgan' };
const jamie = { firstName: 'Jamie', lastName: 'Morgan' };

/**
 * Booking detail and history cases ('demo' only), on top of bookings.ts (whose changed journey,
 * Paddington → Bristol, already answers 308 from detail and shows a replacement chain in history):
 * a refund still being processed (wait for replacements succeeds) and a journey that cannot be changed.
 */
export const bookingHistorySeed: SeedModule = {
  name: 'booking-history',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    const mine = { customerId: DEMO_ACCOUNT.id, email: DEMO_ACCOUNT.email };

    // Partial refund (Jamie no longer travelling): the replacement order for Alex alone is being issued.
    const replacement = await insertOrderWithBookings(
      db,
      { key: BOOKING_HISTORY_KEYS.refundProcessingReplacement, ...mine },
      [
        tripBooking({
          key: BOOKING_HISTORY_KEYS.refundProcessingReplacement,
          from: 'LIV',
          to: 'EUS',
          outward: at(now, 25, 16, 47),
          durationMin: 134,
          operator: 'Avanti West Coast',
          passengers: [alex],
          ticketType: 'Anytime Single',
          fare: 99.5,
          refundable: true,
          delivery: 'print-at-home',
        }),
      ],
      now,
    );
    const original = await insertOrderWithBookings(
      db,
      { key: BOOKING_HISTORY_KEYS.refundProcessing, ...mine },
      [
        tripBooking({
          key: BOOKING_HISTORY_KEYS.refundProcessing,
          from: 'LIV',
          to: 'EUS',
          outward: at(now, 25, 16, 47),
          durationMin: 134,
          operator: 'Avanti West Coast',
          passengers: [alex, jamie],
          ticketType: 'Anytime Single',
          fare: 99.5,
          refundable: true,
          delivery: 'print-at-home',
        }),
      ],
      now,
    );
    await db.query(
      'insert into pending_replacements (order_id, replacement_order_id, ready_after_ms) values ($1, $2, $3)',
      [original.orderId, replacement.orderId, PENDING_REPLACEMENT_READY_MS],
    );

    // Leaves in about 90 minutes (inside the 2-hour assistance notice); the mobile ticket is already activated.
    const soon = new Date(Math.floor((now.getTime() + 1.5 * HOUR_MS) / 300_000) * 300_000);
    await insertOrderWithBookings(
      db,
      { key: BOOKING_HISTORY_KEYS.activatedToday, ...mine },
      [
        tripBooking({
          key: BOOKING_HISTORY_KEYS.activatedToday,
          from: 'EUS',
          to: 'COV',
          outward: soon,
          durationMin: 62,
          operator: 'Avanti West Coast',
          passengers: [alex],
          ticketType: 'Off-Peak Single',
          fare: 31.4,
          refundable: true,
          delivery: 'mobile',
          activated: true,
        }),
      ],
      now,
    );
  },
};
