import { many, one, type Queryable } from '../db.ts';
import { sha256Hex } from '../lib/tokens.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { HOUR_MS } from '../lib/clock.ts';
import { insertOrderWithBookings, tripBooking } from './booking-factory.ts';
import { stableId, type SeedGuestLink, type SeedModule } from './context.ts';
import { GUEST_EMAIL } from './guest-orders.ts';

/**
 * Actions on a booking ('demo' only; docs/decisions/030-booking-actions.md):
 * - a guest order (token `demo-guest-token-checkin`) leaving in about 4 hours: check-in is open, and its
 *   print-at-home ticket can be issued on demand;
 * - the demo account's Birmingham New Street → Edinburgh booking (print-at-home): on-demand issuing of its
 *   delivery always fails (row in on_demand_delivery_faults).
 * Check-in not open yet: every other upcoming booking (more than 24 h away); closed: past bookings;
 * not supported: season tickets.
 */
export const CHECK_IN_GUEST_TOKEN = 'demo-guest-token-checkin';
export const CHECK_IN_GUEST_KEY = 'guest-checkin-manchester-leeds';
export const FAILING_ON_DEMAND_BOOKING_KEY = 'demo-upcoming-birmingham-edinburgh';

export const bookingActionsSeed: SeedModule = {
  name: 'booking-actions',
  async run({ db, scenario, now, report }) {
    if (scenario !== 'demo') return;

    const soon = new Date(Math.floor((now.getTime() + 4 * HOUR_MS) / 300_000) * 300_000);
    const { orderId, bookingIds } = await insertOrderWithBookings(
      db,
      {
        key: CHECK_IN_GUEST_KEY,
        customerId: null,
        email: GUEST_EMAIL,
        guestToken: CHECK_IN_GUEST_TOKEN,
      },
      [
        tripBooking({
          key: CHECK_IN_GUEST_KEY,
          from: 'MAN',
          to: 'LDS',
          outward: soon,
          durationMin: 55,
          operator: 'TransPennine Express',
          passengers: [{ firstName: 'Jordan', lastName: 'Lee' }],
          ticketType: 'Off-Peak Single',
          fare: 23.4,
          refundable: true,
          delivery: 'print-at-home',
        }),
      ],
      now,
    );
    const bookingId = bookingIds[0];
    if (bookingId) report.guestLinks.push({ bookingId, orderId, email: GUEST_EMAIL, token: CHECK_IN_GUEST_TOKEN });

    const failing = await one<{ data: BookingData }>(db, 'select data from bookings where id = $1', [
      stableId('booking', `${FAILING_ON_DEMAND_BOOKING_KEY}:0`),
    ]);
    if (failing) {
      await db.query('insert into on_demand_delivery_faults (delivery_id, reason) values ($1, $2)', [
        failing.data.delivery.id,
        'Ticket issuing system rejects this delivery (demo failure case)',
      ]);
    }
  },
};

/** The printable guest link of the check-in demo order (open for check-in soon after seeding). */
export async function findCheckInGuestLink(db: Queryable): Promise<SeedGuestLink | null> {
  const rows = await many<{ order_id: string; email: string; booking_id: string }>(
    db,
    `select o.id as order_id, o.email, b.id as booking_id
     from orders o join bookings b on b.order_id = o.id
     where o.guest_token_hash = $1
     limit 1`,
    [sha256Hex(CHECK_IN_GUEST_TOKEN)],
  );
  const row = rows[0];
  return row
    ? { bookingId: row.booking_id, orderId: row.order_id, email: row.email, token: CHECK_IN_GUEST_TOKEN }
    : null;
}
