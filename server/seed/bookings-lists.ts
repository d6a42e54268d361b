import { DEMO_ACCOUNT, SECOND_ACCOUNT } from './accounts.ts';
import { at, insertOrderWithBookings, tripBooking } from './booking-factory.ts';
import type { SeedModule } from './context.ts';
import type { StationCode } from './stations.ts';

/**
 * Booking lists and guest association ('demo' only), see docs/decisions/010 and 011:
 * - Alex Morgan gets 9 more past trips, so the past tab holds 13 bookings: more than one page (10),
 *   and "Load more" shows. (Alex's guest order for association is demo-guest-token-3: 200, then 204.)
 * - Sam Patel gets three guest orders placed with his email: a single (token below), and a changed
 *   journey whose original order was superseded by a replacement. Associating imports the single and
 *   the replacement but not the superseded original: 206 partial.
 */
export const ASSOCIATION_DEMO_TOKENS = ['demo-association-token-sam'] as const;

const alex = { firstName: DEMO_ACCOUNT.firstName, lastName: DEMO_ACCOUNT.lastName };
const sam = { firstName: SECOND_ACCOUNT.firstName, lastName: SECOND_ACCOUNT.lastName };

const MORE_PAST: {
  from: StationCode;
  to: StationCode;
  daysAgo: number;
  hh: number;
  mm: number;
  min: number;
  operator: string;
  type: string;
  fare: number;
}[] = [
  {
    from: 'MAN',
    to: 'LDS',
    daysAgo: 5,
    hh: 8,
    mm: 12,
    min: 55,
    operator: 'TransPennine Express',
    type: 'Anytime Day Single',
    fare: 24.6,
  },
  {
    from: 'BHM',
    to: 'COV',
    daysAgo: 14,
    hh: 17,
    mm: 40,
    min: 22,
    operator: 'West Midlands Railway',
    type: 'Off-Peak Single',
    fare: 6.1,
  },
  {
    from: 'CRE',
    to: 'LIV',
    daysAgo: 21,
    hh: 12,
    mm: 5,
    min: 45,
    operator: 'London Northwestern Railway',
    type: 'Off-Peak Single',
    fare: 10.9,
  },
  {
    from: 'NOT',
    to: 'SHF',
    daysAgo: 33,
    hh: 9,
    mm: 48,
    min: 52,
    operator: 'East Midlands Railway',
    type: 'Advance Single',
    fare: 9.5,
  },
  {
    from: 'KGX',
    to: 'EDB',
    daysAgo: 47,
    hh: 10,
    mm: 0,
    min: 262,
    operator: 'LNER',
    type: 'Advance Single',
    fare: 54.3,
  },
  {
    from: 'CBG',
    to: 'IPS',
    daysAgo: 58,
    hh: 15,
    mm: 25,
    min: 80,
    operator: 'Greater Anglia',
    type: 'Off-Peak Single',
    fare: 14.2,
  },
  {
    from: 'GLC',
    to: 'ABD',
    daysAgo: 73,
    hh: 7,
    mm: 41,
    min: 165,
    operator: 'ScotRail',
    type: 'Anytime Single',
    fare: 61.4,
  },
  {
    from: 'RDG',
    to: 'BRI',
    daysAgo: 120,
    hh: 11,
    mm: 30,
    min: 70,
    operator: 'GWR',
    type: 'Advance Single',
    fare: 19.9,
  },
  {
    from: 'NCL',
    to: 'YRK',
    daysAgo: 150,
    hh: 18,
    mm: 15,
    min: 58,
    operator: 'LNER',
    type: 'Off-Peak Single',
    fare: 22.8,
  },
];

export const bookingsListsSeed: SeedModule = {
  name: 'bookings-lists',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    const mine = { customerId: DEMO_ACCOUNT.id, email: DEMO_ACCOUNT.email };
    for (const trip of MORE_PAST) {
      const key = `demo-past-more-${trip.from.toLowerCase()}-${trip.to.toLowerCase()}`;
      await insertOrderWithBookings(
        db,
        { key, ...mine },
        [
          tripBooking({
            key,
            from: trip.from,
            to: trip.to,
            outward: at(now, -trip.daysAgo, trip.hh, trip.mm),
            durationMin: trip.min,
            operator: trip.operator,
            passengers: [alex],
            ticketType: trip.type,
            fare: trip.fare,
            refundable: trip.type !== 'Advance Single',
            delivery: 'mobile',
            activated: true,
          }),
        ],
        now,
      );
    }

    const samGuest = { customerId: null, email: SECOND_ACCOUNT.email };
    await insertOrderWithBookings(
      db,
      { key: 'sam-guest-derby-birmingham', ...samGuest, guestToken: ASSOCIATION_DEMO_TOKENS[0] },
      [
        tripBooking({
          key: 'sam-guest-derby-birmingham',
          from: 'DBY',
          to: 'BHM',
          outward: at(now, 9, 16, 20),
          durationMin: 38,
          operator: 'CrossCountry',
          passengers: [sam],
          ticketType: 'Off-Peak Single',
          fare: 15.7,
          refundable: true,
          delivery: 'mobile',
        }),
      ],
      now,
    );
    const replacement = await insertOrderWithBookings(
      db,
      { key: 'sam-guest-changed-replacement', ...samGuest },
      [
        tripBooking({
          key: 'sam-guest-changed-replacement',
          from: 'LIV',
          to: 'MAN',
          outward: at(now, 16, 12, 10),
          durationMin: 50,
          operator: 'Northern',
          passengers: [sam],
          ticketType: 'Anytime Single',
          fare: 14.4,
          refundable: true,
          delivery: 'mobile',
        }),
      ],
      now,
    );
    await insertOrderWithBookings(
      db,
      { key: 'sam-guest-changed-original', ...samGuest, replacementOrderId: replacement.orderId },
      [
        tripBooking({
          key: 'sam-guest-changed-original',
          from: 'LIV',
          to: 'MAN',
          outward: at(now, 15, 7, 55),
          durationMin: 50,
          operator: 'Northern',
          passengers: [sam],
          ticketType: 'Advance Single',
          fare: 8.2,
          refundable: false,
          delivery: 'mobile',
        }),
      ],
      now,
    );
  },
};
