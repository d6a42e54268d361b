import { DEMO_ACCOUNT, SECOND_ACCOUNT } from './accounts.ts';
import { RAILCARDS, at, ukAt, insertOrderWithBookings, seasonBooking, tripBooking } from './booking-factory.ts';
import type { SeedModule } from './context.ts';

/** Sam Patel's monthly season, starting two weeks after seeding: its start date can still be changed. */
export const SEASON_NOT_STARTED = 'sam-season-monthly-ipswich';

const alex = { firstName: 'Alex', lastName: 'Morgan' };
const jamie = { firstName: 'Jamie', lastName: 'Morgan' };

/**
 * The demo account's own bookings ('demo' only), dates relative to seeding time:
 * upcoming (a single, a return for two, an anytime single a month out, and a changed journey whose
 * original order was replaced by a new one), past (2, 10, 40 and 90 days ago) and two seasons (current annual, expired weekly).
 * Sam Patel gets one upcoming and one past booking, and a monthly season that has not started yet.
 */
export const bookingsSeed: SeedModule = {
  name: 'bookings',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    const mine = { customerId: DEMO_ACCOUNT.id, email: DEMO_ACCOUNT.email };

    // Upcoming
    await insertOrderWithBookings(
      db,
      { key: 'demo-upcoming-euston-manchester', ...mine },
      [
        tripBooking({
          key: 'demo-upcoming-euston-manchester',
          from: 'EUS',
          to: 'MAN',
          outward: at(now, 3, 7, 30),
          durationMin: 128,
          operator: 'Avanti West Coast',
          passengers: [alex],
          ticketType: 'Advance Single',
          fare: 42.5,
          refundable: false,
          delivery: 'mobile',
          fees: [{ kind: 'booking-fee', amount: { amount: 1.5, currencyCode: 'GBP' } }],
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'demo-upcoming-kingscross-york', ...mine },
      [
        tripBooking({
          key: 'demo-upcoming-kingscross-york',
          from: 'KGX',
          to: 'YRK',
          outward: at(now, 10, 9, 0),
          inward: at(now, 12, 17, 30),
          durationMin: 112,
          operator: 'LNER',
          passengers: [
            { ...alex, railcard: RAILCARDS.twoTogether },
            { ...jamie, railcard: RAILCARDS.twoTogether },
          ],
          ticketType: 'Off-Peak Return',
          fare: 49.2,
          returnTicket: true,
          refundable: true,
          delivery: 'collect-at-station',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'demo-upcoming-birmingham-edinburgh', ...mine },
      [
        tripBooking({
          key: 'demo-upcoming-birmingham-edinburgh',
          from: 'BHM',
          to: 'EDB',
          outward: at(now, 30, 10, 15),
          durationMin: 255,
          operator: 'CrossCountry',
          passengers: [alex],
          ticketType: 'Anytime Single',
          fare: 156,
          refundable: true,
          delivery: 'print-at-home',
        }),
      ],
      now,
    );

    // A changed journey: the original order points at its replacement.
    const replacement = await insertOrderWithBookings(
      db,
      { key: 'demo-changed-replacement', ...mine },
      [
        tripBooking({
          key: 'demo-changed-replacement',
          from: 'PAD',
          to: 'BRI',
          outward: at(now, 21, 14, 30),
          durationMin: 98,
          operator: 'GWR',
          passengers: [alex],
          ticketType: 'Off-Peak Single',
          fare: 45.2,
          refundable: true,
          delivery: 'mobile',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      {
        key: 'demo-changed-original',
        ...mine,
        replacementOrderId: replacement.orderId,
      },
      [
        tripBooking({
          key: 'demo-changed-original',
          from: 'PAD',
          to: 'BRI',
          outward: at(now, 20, 8, 0),
          durationMin: 96,
          operator: 'GWR',
          passengers: [alex],
          ticketType: 'Advance Single',
          fare: 28.9,
          refundable: false,
          delivery: 'mobile',
        }),
      ],
      now,
    );

    // Past
    await insertOrderWithBookings(
      db,
      { key: 'demo-past-leeds-sheffield', ...mine },
      [
        tripBooking({
          key: 'demo-past-leeds-sheffield',
          from: 'LDS',
          to: 'SHF',
          outward: at(now, -2, 18, 5),
          durationMin: 41,
          operator: 'Northern',
          passengers: [alex],
          ticketType: 'Anytime Day Single',
          fare: 12.6,
          refundable: true,
          delivery: 'mobile',
          activated: true,
        }),
      ],
      now,
    );
    // An Advance ticket whose train left an hour ago: it can no longer be changed (decision 600).
    await insertOrderWithBookings(
      db,
      { key: 'demo-past-manchester-euston-advance', ...mine },
      [
        tripBooking({
          key: 'demo-past-manchester-euston-advance',
          from: 'MAN',
          to: 'EUS',
          outward: new Date(Math.floor((now.getTime() - 60 * 60 * 1000) / 300_000) * 300_000),
          durationMin: 128,
          operator: 'Avanti West Coast',
          passengers: [alex],
          ticketType: 'Advance Single',
          fare: 39.5,
          refundable: false,
          delivery: 'print-at-home',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'demo-past-liverpoolst-norwich', ...mine },
      [
        tripBooking({
          key: 'demo-past-liverpoolst-norwich',
          from: 'LST',
          to: 'NRW',
          outward: at(now, -10, 9, 30),
          inward: at(now, -10, 19, 30),
          durationMin: 112,
          operator: 'Greater Anglia',
          passengers: [alex],
          ticketType: 'Super Off-Peak Day Return',
          fare: 38,
          returnTicket: true,
          refundable: true,
          delivery: 'print-at-home',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'demo-past-glasgow-euston', ...mine },
      [
        tripBooking({
          key: 'demo-past-glasgow-euston',
          from: 'GLC',
          to: 'EUS',
          outward: at(now, -40, 11, 0),
          durationMin: 270,
          operator: 'Avanti West Coast',
          passengers: [alex],
          ticketType: 'Advance Single',
          fare: 65,
          refundable: false,
          delivery: 'post',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'demo-past-cardiff-paddington', ...mine },
      [
        tripBooking({
          key: 'demo-past-cardiff-paddington',
          from: 'CDF',
          to: 'PAD',
          outward: at(now, -90, 8, 20),
          inward: at(now, -88, 16, 45),
          durationMin: 118,
          operator: 'GWR',
          passengers: [alex, jamie],
          ticketType: 'Anytime Return',
          fare: 118,
          returnTicket: true,
          refundable: true,
          delivery: 'collect-at-station',
        }),
      ],
      now,
    );

    // Seasons
    await insertOrderWithBookings(
      db,
      { key: 'demo-season-annual-reading', ...mine },
      [
        seasonBooking({
          key: 'demo-season-annual-reading',
          from: 'RDG',
          to: 'PAD',
          kind: 'annual',
          validFrom: ukAt(now, -100, 0, 0),
          validUntil: ukAt(now, 264, 23, 59),
          passenger: alex,
          price: 5280,
          delivery: 'smartcard',
          rates: { weekly: 137.4, monthly: 527.7, dayReturn: 31.6 },
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'demo-season-weekly-cambridge', ...mine },
      [
        seasonBooking({
          key: 'demo-season-weekly-cambridge',
          from: 'CBG',
          to: 'KGX',
          kind: 'weekly',
          validFrom: ukAt(now, -30, 0, 0),
          validUntil: ukAt(now, -24, 23, 59),
          passenger: alex,
          price: 118.4,
          delivery: 'mobile',
        }),
      ],
      now,
    );

    // Sam Patel
    const sam = { customerId: SECOND_ACCOUNT.id, email: SECOND_ACCOUNT.email };
    const samPassenger = { firstName: SECOND_ACCOUNT.firstName, lastName: SECOND_ACCOUNT.lastName };
    await insertOrderWithBookings(
      db,
      { key: 'sam-upcoming-liverpool-euston', ...sam },
      [
        tripBooking({
          key: 'sam-upcoming-liverpool-euston',
          from: 'LIV',
          to: 'EUS',
          outward: at(now, 7, 8, 47),
          durationMin: 134,
          operator: 'Avanti West Coast',
          passengers: [samPassenger],
          ticketType: 'Advance Single',
          fare: 35,
          refundable: false,
          delivery: 'mobile',
        }),
      ],
      now,
    );
    // A season that starts in two weeks: its start date can still move (decision 690, README).
    await insertOrderWithBookings(
      db,
      { key: SEASON_NOT_STARTED, ...sam },
      [
        seasonBooking({
          key: SEASON_NOT_STARTED,
          from: 'IPS',
          to: 'LST',
          kind: 'monthly',
          validFrom: ukAt(now, 14, 0, 0),
          validUntil: ukAt(now, 14 + 30, 23, 59),
          passenger: samPassenger,
          price: 598.6,
          delivery: 'mobile',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'sam-past-nottingham-derby', ...sam },
      [
        tripBooking({
          key: 'sam-past-nottingham-derby',
          from: 'NOT',
          to: 'DBY',
          outward: at(now, -15, 17, 12),
          durationMin: 20,
          operator: 'East Midlands Railway',
          passengers: [samPassenger],
          ticketType: 'Anytime Day Single',
          fare: 7.2,
          refundable: true,
          delivery: 'mobile',
          activated: true,
        }),
      ],
      now,
    );
  },
};
