import { many, type Queryable } from '../db.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { DEMO_ACCOUNT } from './accounts.ts';
import { at, insertOrderWithBookings, seasonBooking, tripBooking, ukAt } from './booking-factory.ts';
import { stableId, type SeedGuestLink, type SeedModule } from './context.ts';

/**
 * Guest order tokens of the 'demo' scenario. They are fixed (documented here and printed on
 * startup) so the demo and browser tests can open guest links; only their sha256 is stored.
 * Real guest tokens are random. 1, 2 and 4 belong to guest@example.com; 3 to an order placed as a
 * guest with the demo account's email (associable to that account).
 */
export const DEMO_GUEST_TOKENS = [
  'demo-guest-token-1',
  'demo-guest-token-2',
  'demo-guest-token-3',
  'demo-guest-token-4',
] as const;
export const GUEST_EMAIL = 'guest@example.com';
/** The order "Find a booking" finds in the demo: guest@example.com's Newcastle → Edinburgh. */
export const FIND_BOOKING_DEMO_KEY = 'guest-newcastle-edinburgh';

/** The guest's monthly season, starting three weeks after seeding: its start date can be changed from its link (decisions 690, 691, 790). */
export const GUEST_SEASON_KEY = 'guest-season-monthly-norwich';

/** The guest's passenger: the surname "Find a booking" asks for (the test plans type it: scripts/lib/plan-words.ts). */
export const GUEST_PASSENGER = { firstName: 'Jordan', lastName: 'Lee' };
const jordan = GUEST_PASSENGER;

export const guestOrdersSeed: SeedModule = {
  name: 'guest-orders',
  async run({ db, scenario, now, report }) {
    if (scenario !== 'demo') return;
    const [token1, token2, token3, token4] = DEMO_GUEST_TOKENS;

    await insertOrderWithBookings(
      db,
      {
        key: FIND_BOOKING_DEMO_KEY,
        customerId: null,
        email: GUEST_EMAIL,
        guestToken: token1,
      },
      [
        tripBooking({
          key: 'guest-newcastle-edinburgh',
          from: 'NCL',
          to: 'EDB',
          outward: at(now, 5, 11, 25),
          durationMin: 88,
          operator: 'LNER',
          passengers: [jordan],
          ticketType: 'Advance Single',
          fare: 29.5,
          refundable: false,
          delivery: 'mobile',
        }),
      ],
      now,
    );

    await insertOrderWithBookings(
      db,
      {
        key: 'guest-two-trips',
        customerId: null,
        email: GUEST_EMAIL,
        guestToken: token2,
      },
      [
        tripBooking({
          key: 'guest-two-trips-inverness-aberdeen',
          from: 'INV',
          to: 'ABD',
          outward: at(now, 18, 9, 55),
          durationMin: 140,
          operator: 'ScotRail',
          passengers: [jordan],
          ticketType: 'Off-Peak Single',
          fare: 24.1,
          refundable: true,
          delivery: 'collect-at-station',
        }),
        tripBooking({
          key: 'guest-two-trips-ipswich-cambridge',
          from: 'IPS',
          to: 'CBG',
          outward: at(now, -6, 10, 4),
          inward: at(now, -6, 17, 50),
          durationMin: 80,
          operator: 'Greater Anglia',
          passengers: [jordan],
          ticketType: 'Off-Peak Day Return',
          fare: 17.8,
          returnTicket: true,
          refundable: true,
          delivery: 'mobile',
          activated: true,
        }),
      ],
      now,
    );

    await insertOrderWithBookings(
      db,
      {
        key: 'guest-demo-email-york-newcastle',
        customerId: null,
        email: DEMO_ACCOUNT.email,
        guestToken: token3,
      },
      [
        tripBooking({
          key: 'guest-demo-email-york-newcastle',
          from: 'YRK',
          to: 'NCL',
          outward: at(now, 14, 13, 40),
          durationMin: 58,
          operator: 'TransPennine Express',
          passengers: [{ firstName: DEMO_ACCOUNT.firstName, lastName: DEMO_ACCOUNT.lastName }],
          ticketType: 'Advance Single',
          fare: 19.8,
          refundable: false,
          delivery: 'mobile',
        }),
      ],
      now,
    );

    // A guest's season that has not started: "Change start date" from its emailed link.
    await insertOrderWithBookings(
      db,
      { key: GUEST_SEASON_KEY, customerId: null, email: GUEST_EMAIL, guestToken: token4 },
      [
        seasonBooking({
          key: GUEST_SEASON_KEY,
          from: 'NRW',
          to: 'LST',
          kind: 'monthly',
          validFrom: ukAt(now, 21, 0, 0),
          validUntil: ukAt(now, 21 + 30, 23, 59),
          passenger: jordan,
          price: 1098.5,
          delivery: 'mobile',
        }),
      ],
      now,
    );

    report.guestLinks.push(...(await findDemoGuestLinks(db)));
  },
};

/** Guest links for the demo tokens that exist in this database (for printing on every startup). */
export async function findDemoGuestLinks(db: Queryable): Promise<SeedGuestLink[]> {
  const links: SeedGuestLink[] = [];
  for (const token of DEMO_GUEST_TOKENS) {
    const rows = await many<{ order_id: string; email: string; booking_id: string }>(
      db,
      `select o.id as order_id, o.email, b.id as booking_id
       from orders o join bookings b on b.order_id = o.id
       where o.guest_token_hash = $1
       order by b.outward_date desc
       limit 1`,
      [sha256Hex(token)],
    );
    const row = rows[0];
    if (row) links.push({ bookingId: row.booking_id, orderId: row.order_id, email: row.email, token });
  }
  return links;
}

/**
 * What to type into "Find a booking" for the demo order (printed on every startup): its reference,
 * email, the outward train's GB calendar day (the data is seeded relative to today) and surname.
 */
export async function findDemoFindBooking(
  db: Queryable,
): Promise<{ reference: string; email: string; departureDate: string; surname: string } | null> {
  const rows = await many<{ friendly_order_id: string; email: string; outward_date: Date | string }>(
    db,
    `select o.friendly_order_id, o.email, b.outward_date
     from orders o join bookings b on b.order_id = o.id
     where o.id = $1
     order by b.outward_date
     limit 1`,
    [stableId('order', FIND_BOOKING_DEMO_KEY)],
  );
  const row = rows[0];
  if (!row) return null;
  // The GB calendar day, as the server's find-booking matches it (en-CA writes YYYY-MM-DD).
  const departureDate = new Date(row.outward_date).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  return { reference: row.friendly_order_id, email: row.email, departureDate, surname: jordan.lastName };
}
