import { DAY_MS } from '../lib/clock.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { at, insertOrderWithBookings, tripBooking } from './booking-factory.ts';
import { LEAVING_ACCOUNT } from './accounts.ts';
import { stableId, type SeedModule } from './context.ts';

/**
 * The account to try "Download your data" and "Close your account" on (decisions 610, 611), 'demo'
 * only: leaving@example.com (Casey Brooks) holds one of everything an export carries and nothing
 * under way, so it can be closed, while the other demo accounts' data stays as their tests expect.
 * Two saved passengers (Casey, and Dana with a 16-25 Railcard), an address, a card, a smartcard,
 * two contact preferences, a Google sign-in link, a calendar feed; bookings: York → Leeds still to
 * come (assistance booked), Leeds → Manchester travelled and refunded, Sheffield → Leeds travelled
 * and paid Delay Repay.
 */
export const LEAVING_IDS = {
  casey: stableId('passenger', 'leaving-casey'),
  dana: stableId('passenger', 'leaving-dana'),
  danaRailcard: stableId('railcard', 'leaving-dana-16-25'),
  address: stableId('address', 'leaving-home'),
  card: stableId('card', 'leaving-visa'),
  smartcard: stableId('smartcard', 'leaving-northern'),
  upcoming: 'leaving-upcoming-york-leeds',
  refunded: 'leaving-refunded-leeds-manchester',
  claimed: 'leaving-claimed-sheffield-leeds',
} as const;

export const yourDataSeed: SeedModule = {
  name: 'your-data',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    const id = LEAVING_ACCOUNT.id;
    const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
    await db.query(
      `insert into saved_passengers (id, customer_id, first_name, last_name, nick_name, email, date_of_birth, is_account_holder, created_at, updated_at)
       values ($1, $2, $3, $4, null, $5, '1990-04-12', true, $6, $6), ($7, $2, 'Dana', 'Brooks', 'Dana', null, $8, false, $9, $9)`,
      [
        LEAVING_IDS.casey,
        id,
        LEAVING_ACCOUNT.firstName,
        LEAVING_ACCOUNT.lastName,
        LEAVING_ACCOUNT.email,
        days(-300),
        LEAVING_IDS.dana,
        `${now.getUTCFullYear() - 19}-02-03`,
        days(-200),
      ],
    );
    await db.query(
      `insert into passenger_railcards (id, passenger_id, railcard_type_id, card_number, valid_from, expiry_date, is_digital, attributes)
       values ($1, $2, '16-25', 'YNG6602471', $3, $4, false, '{}')`,
      [
        LEAVING_IDS.danaRailcard,
        LEAVING_IDS.dana,
        days(-100).toISOString().slice(0, 10),
        days(265).toISOString().slice(0, 10),
      ],
    );
    await db.query(
      `insert into customer_addresses (id, customer_id, nick_name, line1, line2, line3, line4, line5, post_code, iso_country_code, iso_state_code, type,
         is_last_used_delivery, created_at, updated_at)
       values ($1, $2, 'Home', '3 Bootham Terrace', null, null, 'York', null, 'YO30 7BW', 'GB', null, 'delivery', true, $3, $3)`,
      [LEAVING_IDS.address, id, days(-250)],
    );
    await db.query(
      `insert into saved_cards (id, customer_id, brand, last_four_digits, expiry_month, expiry_year, cardholder_name, created_at)
       values ($1, $2, 'VISA', '4444', 11, $3, 'Casey Brooks', $4)`,
      [LEAVING_IDS.card, id, now.getUTCFullYear() + 2, days(-240)],
    );
    await db.query(
      `insert into smartcards (id, customer_id, number_last_four, operator, status, expiry_date, created_at)
       values ($1, $2, '7712', 'Northern', 'ACTIVE', $3, $4)`,
      [LEAVING_IDS.smartcard, id, days(700).toISOString().slice(0, 10), days(-230)],
    );
    await db.query(
      `insert into customer_consents (customer_id, consent_id, selected, has_ever_been_updated, updated_at)
       values ($1, 'email-offers', false, true, $2), ($1, 'text-messages', true, true, $3)`,
      [id, days(-120), days(-20)],
    );
    await db.query(
      `insert into customer_identities (provider, subject, customer_id, created_at) values ('google', 'seed-leaving-casey', $1, $2)`,
      [id, days(-90)],
    );
    // The feed's address is random and never printed: the export says only that it is on, and since when.
    await db.query(
      'insert into calendar_feeds (customer_id, token_hash, locale, created_at) values ($1, $2, null, $3)',
      [id, sha256Hex(randomToken()), days(-60)],
    );

    const casey = { firstName: LEAVING_ACCOUNT.firstName, lastName: LEAVING_ACCOUNT.lastName };
    const mine = { customerId: id, email: LEAVING_ACCOUNT.email };
    const trip = async (key: string, spec: Omit<Parameters<typeof tripBooking>[0], 'key'>) => {
      const data = tripBooking({ key, ...spec });
      const { orderId, bookingIds } = await insertOrderWithBookings(db, { key, ...mine }, [data], now);
      await db.query(`insert into order_payments (order_id, card_brand, card_last4) values ($1, 'Visa', '4444')`, [
        orderId,
      ]);
      return { orderId, bookingId: bookingIds[0] ?? '', data };
    };
    const upcoming = await trip(LEAVING_IDS.upcoming, {
      from: 'YRK',
      to: 'LDS',
      outward: at(now, 9, 9, 10),
      durationMin: 25,
      operator: 'TransPennine Express',
      passengers: [casey],
      ticketType: 'Off-Peak Single',
      fare: 9.8,
      refundable: true,
      delivery: 'mobile',
    });
    await db.query(
      `insert into passenger_assistance (id, order_id, booking_id, passenger_id, direction, kinds, details, status, via, created_at, cancelled_at)
       values ($1, $2, $3, $4, 'outward', array['luggage'], 'Two large cases', 'booked', 'seed', $5, null)`,
      [
        stableId('assistance', 'leaving-upcoming'),
        upcoming.orderId,
        upcoming.bookingId,
        upcoming.data.passengers[0]?.id,
        days(-2),
      ],
    );
    const refunded = await trip(LEAVING_IDS.refunded, {
      from: 'LDS',
      to: 'MAN',
      outward: at(now, -30, 7, 45),
      durationMin: 55,
      operator: 'TransPennine Express',
      passengers: [casey],
      ticketType: 'Anytime Single',
      fare: 32.4,
      refundable: true,
      delivery: 'mobile',
    });
    const refundId = stableId('refund', 'leaving-refunded');
    await db.query(
      `insert into refunds (id, order_id, booking_id, kind, refund_reason, refund_type, amount, admin_fee, currency, return_mode,
         requested_at, settles_at, refunded_at, card_last4)
       values ($1, $2, $3, 'full', 'CHANGED_PLANS', 'terms-and-conditions', 22.40, 10, 'GBP', 'automatic', $4, $5, $5, '4444')`,
      [refundId, refunded.orderId, refunded.bookingId, days(-35), days(-33)],
    );
    for (const ticket of refunded.data.tickets) {
      await db.query(
        `insert into refund_items (refund_id, refundable_id, passenger_id, direction, amount, status) values ($1, $2, $3, $4, 22.40, 'refunded')`,
        [refundId, ticket.id, ticket.passengerIds[0], ticket.direction],
      );
    }
    const claimed = await trip(LEAVING_IDS.claimed, {
      from: 'SHF',
      to: 'LDS',
      outward: at(now, -12, 17, 20),
      durationMin: 40,
      operator: 'Northern',
      passengers: [casey],
      ticketType: 'Anytime Single',
      fare: 14.2,
      refundable: true,
      delivery: 'mobile',
    });
    await db.query(
      `insert into delay_repay_claims (id, order_id, booking_id, claim_type, status, delayed_direction, delay_minutes,
         punchout_url, service_fee, compensation, status_reason, submitted_details, submitted_at, created_at)
       values ($1, $2, $3, 'Integrated', 'paid', 'outward', 32, null, 0, 7.10, null, $4::jsonb, $5, $5)`,
      [
        stableId('delay-repay', 'leaving-claimed'),
        claimed.orderId,
        claimed.bookingId,
        JSON.stringify({
          journey: { direction: 'outward' },
          delay: { minutes: 32 },
          paymentMethod: { type: 'original-payment' },
        }),
        days(-11),
      ],
    );
  },
};
