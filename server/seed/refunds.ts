import { many, one, type Queryable } from '../db.ts';
import { BOOKING_HISTORY_KEYS } from './booking-history.ts';
import type { RefundItemStatus, ReturnMode } from '#src/schemas/refunds.ts';
import { DAY_MS, HOUR_MS } from '../lib/clock.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { REFUNDS_ACCOUNT } from './accounts.ts';
import { at, insertOrderWithBookings, tripBooking, type TripSpec } from './booking-factory.ts';
import { stableId, type SeedGuestLink, type SeedModule } from './context.ts';
import { formatDay, POST_BACK_DAYS, REFUND_SETTLE_DAYS } from '../domain/refunds.ts';
import type { BookingData } from '../domain/booking-data.ts';

/**
 * Refund cases ('demo' only; docs/decisions/080-refunds-server.md, README "Demo data"): the account
 * refunds@example.com (Robin Hughes) holds one booking per refund status and per ineligibility
 * reason a customer can meet; one guest order is refundable through an order-token link. Booking
 * ids are stableId('booking', `${key}:0`).
 */
export const REFUND_SEED_KEYS = {
  flexible: 'refunds-flexible-leeds-york',
  partialReturn: 'refunds-two-passenger-manchester-sheffield',
  advance: 'refunds-advance-kingscross-edinburgh',
  amountTooLow: 'refunds-amount-too-low-cambridge-ipswich',
  expired: 'refunds-expired-bristol-cardiff',
  inProgress: 'refunds-in-progress-norwich-liverpool-street',
  notIssued: 'refunds-not-issued-derby-nottingham',
  smartcardNotCollected: 'refunds-smartcard-not-collected-leeds-sheffield',
  smartcardInactive: 'refunds-smartcard-inactive-ipswich-norwich',
  declinedCard: 'refunds-declined-card-birmingham-nottingham',
  fraud: 'refunds-fraud-reading-paddington',
  paperPost: 'refunds-paper-york-newcastle',
  actionRequired: 'refunds-action-required-euston-crewe',
  refunded: 'refunds-refunded-birmingham-euston',
  voided: 'refunds-voided-coventry-euston',
  rejected: 'refunds-rejected-glasgow-edinburgh',
  cardFailed: 'refunds-card-failed-derby-sheffield',
  partRefunded: 'refunds-part-refunded-liverpool-manchester',
  partRefundedReplacement: 'refunds-part-refunded-liverpool-manchester-replacement',
  changeOfJourneySource: 'refunds-coj-source-kingscross-leeds',
  changeOfJourneyNew: 'refunds-coj-new-kingscross-leeds',
  activated: 'refunds-activated-euston-birmingham',
  guest: 'refunds-guest-norwich-cambridge',
  delayed: 'refunds-delayed-newcastle-york',
} as const;

export const REFUND_GUEST_TOKEN = 'refund-guest-token-1';
export const REFUND_GUEST_EMAIL = 'morgan.ellis@example.com';
/** Cards the refunds account paid with (last four digits). The declined one is Stripe's decline test card. */
export const REFUND_CARDS = {
  ok: { brand: 'Visa', last4: '1881' },
  declined: { brand: 'Visa', last4: '0002' },
} as const;

export const refundSeedBookingId = (key: string) => stableId('booking', `${key}:0`);

/** A row of the operators' running data (migration 330) for the train of one leg. */
export async function insertDisruption(
  db: Queryable,
  key: string,
  leg: { timetableId: string | null },
  d: { kind: 'announced' | 'cancelled' | 'delayed'; delayMinutes?: number; description: string; announcedAt: Date },
): Promise<void> {
  if (!leg.timetableId) return;
  await db.query(
    `insert into service_disruptions (id, timetable_id, kind, delay_minutes, description, announced_at) values ($1, $2, $3, $4, $5, $6)`,
    [
      stableId('service-disruption', key),
      leg.timetableId,
      d.kind,
      d.delayMinutes ?? null,
      d.description,
      d.announcedAt,
    ],
  );
}

const robin = { firstName: 'Robin', lastName: 'Hughes' };
const sasha = { firstName: 'Sasha', lastName: 'Hughes' };

type Refunded = {
  key: string;
  bookingId: string;
  orderId: string;
  data: BookingData;
  kind?: 'full' | 'partial';
  refundType?: 'terms-and-conditions' | 'same-day-void';
  reason?: string;
  returnMode: ReturnMode;
  requestedAt: Date;
  status: RefundItemStatus;
  /** Only these tickets (default: all). */
  ticketIds?: string[];
  postDeadline?: Date | null;
  ticketsReceivedAt?: Date | null;
  settlesAt?: Date | null;
  refundedAt?: Date | null;
  rejected?: { at: Date; reason: string; code: string } | null;
  replacementOrderId?: string | null;
  /** Per-ticket status overrides. */
  statusOf?: (ticketId: string, i: number) => RefundItemStatus;
};

async function insertRefund(db: Queryable, r: Refunded): Promise<void> {
  const tickets = r.data.tickets.filter((t) => !r.ticketIds || r.ticketIds.includes(t.id));
  const fee = r.refundType === 'same-day-void' ? 0 : 10;
  const lines = tickets.map((t) => ({ t, refund: Math.max(0, Math.round((t.price.amount - fee) * 100) / 100) }));
  const id = stableId('refund', r.key);
  await db.query(
    `insert into refunds (id, order_id, booking_id, kind, refund_reason, refund_type, amount, admin_fee, currency, return_mode,
       post_deadline, requested_at, tickets_received_at, settles_at, refunded_at, rejected_at, rejected_reason, card_last4, replacement_order_id, rejected_reason_code)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'GBP', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      id,
      r.orderId,
      r.bookingId,
      r.kind ?? 'full',
      r.reason ?? 'CHANGED_PLANS',
      r.refundType ?? 'terms-and-conditions',
      lines.reduce((s, l) => s + l.refund, 0),
      fee * lines.length,
      r.returnMode,
      r.postDeadline ?? null,
      r.requestedAt,
      r.ticketsReceivedAt ?? null,
      r.settlesAt ?? null,
      r.refundedAt ?? null,
      r.rejected?.at ?? null,
      r.rejected?.reason ?? null,
      REFUND_CARDS.ok.last4,
      r.replacementOrderId ?? null,
      r.rejected?.code ?? null,
    ],
  );
  for (const [i, { t, refund }] of lines.entries()) {
    await db.query(
      `insert into refund_items (refund_id, refundable_id, passenger_id, direction, amount, status) values ($1, $2, $3, $4, $5, $6)`,
      [id, t.id, t.passengerIds[0], t.direction, refund, r.statusOf ? r.statusOf(t.id, i) : r.status],
    );
  }
}

export const refundsSeed: SeedModule = {
  name: 'refunds',
  async run({ db, scenario, now, report }) {
    if (scenario !== 'demo') return;
    const K = REFUND_SEED_KEYS;
    const mine = { customerId: REFUNDS_ACCOUNT.id, email: REFUNDS_ACCOUNT.email };
    const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

    const trip = async (
      key: string,
      spec: Omit<TripSpec, 'key'>,
      order: { createdAt?: Date; guestToken?: string; customerId?: string | null; email?: string } = {},
    ) => {
      const data = tripBooking({ key, ...spec });
      const { orderId, bookingIds } = await insertOrderWithBookings(db, { key, ...mine, ...order }, [data], now);
      const declined = key === K.declinedCard;
      const card = declined ? REFUND_CARDS.declined : REFUND_CARDS.ok;
      await db.query(
        `insert into order_payments (order_id, card_brand, card_last4, card_declined, fraud_flagged) values ($1, $2, $3, $4, $5)`,
        [orderId, card.brand, card.last4, declined, key === K.fraud],
      );
      return { orderId, bookingId: bookingIds[0] ?? '', data };
    };
    const avanti = 'Avanti West Coast';

    // Refundable in full: a flexible (Anytime) return on a mobile ticket.
    await trip(K.flexible, {
      from: 'LDS',
      to: 'YRK',
      outward: at(now, 12, 8, 15),
      inward: at(now, 12, 18, 40),
      durationMin: 25,
      operator: 'TransPennine Express',
      passengers: [robin],
      ticketType: 'Anytime Day Return',
      fare: 38.6,
      returnTicket: true,
      refundable: true,
      delivery: 'mobile',
    });
    // Two passengers on return tickets: either one can be refunded alone (docs/product/validation.md).
    await trip(K.partialReturn, {
      from: 'MAN',
      to: 'SHF',
      outward: at(now, 18, 9, 20),
      inward: at(now, 19, 17, 5),
      durationMin: 52,
      operator: 'Northern',
      passengers: [robin, sasha],
      ticketType: 'Off-Peak Return',
      fare: 24.5,
      returnTicket: true,
      refundable: true,
      delivery: 'print-at-home',
    });
    // Advance: not refundable for changed plans (TERMS_AND_CONDITIONS); engineering works are announced
    // on its train, so "upcoming disruption" refunds it in full, while "cancelled" and "delayed" are
    // refused (the running data shows neither: DISRUPTION_NOT_RECORDED).
    const advance = await trip(K.advance, {
      from: 'KGX',
      to: 'EDB',
      outward: at(now, 30, 10, 0),
      durationMin: 262,
      operator: 'LNER',
      passengers: [robin],
      ticketType: 'Advance Single',
      fare: 54.2,
      refundable: false,
      delivery: 'mobile',
    });
    await insertDisruption(db, K.advance, advance.data.outward, {
      kind: 'announced',
      announcedAt: days(-2),
      description: 'Engineering works between Newcastle and Edinburgh: buses replace trains north of Newcastle.',
    });
    // Worth less than the £10 admin fee: AMOUNT_TOO_LOW; its train is cancelled (strike timetable), so
    // "my train was cancelled" pays it back in full.
    const amountTooLow = await trip(K.amountTooLow, {
      from: 'CBG',
      to: 'IPS',
      outward: at(now, 9, 11, 12),
      durationMin: 80,
      operator: 'Greater Anglia',
      passengers: [robin],
      ticketType: 'Off-Peak Single',
      fare: 8.4,
      refundable: true,
      delivery: 'mobile',
    });
    await insertDisruption(db, K.amountTooLow, amountTooLow.data.outward, {
      kind: 'cancelled',
      announcedAt: days(-1),
      description: 'Cancelled: strike action (Greater Anglia strike timetable).',
    });
    // Left three hours ago and ran 75 minutes late; Robin did not travel: "my train was delayed"
    // refunds it in full, "changed plans" only without the tickets used and less the fee.
    const delayed = await trip(K.delayed, {
      from: 'NCL',
      to: 'YRK',
      outward: new Date(Math.floor((now.getTime() - 3 * HOUR_MS) / 300_000) * 300_000),
      durationMin: 58,
      operator: 'LNER',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 41.5,
      refundable: true,
      delivery: 'print-at-home',
    });
    await insertDisruption(db, K.delayed, delayed.data.outward, {
      kind: 'delayed',
      delayMinutes: 75,
      announcedAt: new Date(now.getTime() - HOUR_MS),
      description: 'Arrived 75 minutes late: a signalling fault at Darlington.',
    });
    // Travelled 45 days ago: past the 28 days after validity, EXPIRED.
    await trip(K.expired, {
      from: 'BRI',
      to: 'CDF',
      outward: at(now, -45, 7, 50),
      durationMin: 48,
      operator: 'Great Western Railway',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 19.8,
      refundable: true,
      delivery: 'print-at-home',
    });
    // A refund being processed (one ticket voiding, one pending): IN_PROGRESS / PROCESSING.
    const inProgress = await trip(K.inProgress, {
      from: 'NRW',
      to: 'LST',
      outward: at(now, 15, 6, 30),
      durationMin: 115,
      operator: 'Greater Anglia',
      passengers: [robin, sasha],
      ticketType: 'Anytime Single',
      fare: 64.1,
      refundable: true,
      delivery: 'print-at-home',
    });
    await insertRefund(db, {
      key: K.inProgress,
      ...inProgress,
      returnMode: 'automatic',
      requestedAt: days(-1),
      status: 'pending',
      settlesAt: new Date(days(-1).getTime() + REFUND_SETTLE_DAYS * DAY_MS),
      statusOf: (_id, i) => (i === 0 ? 'pending' : 'voiding'),
    });
    // Tickets not issued yet (collect at station): NOT_ISSUED.
    const notIssued = await trip(K.notIssued, {
      from: 'DBY',
      to: 'NOT',
      outward: at(now, 6, 14, 5),
      durationMin: 20,
      operator: 'East Midlands Railway',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 16.9,
      refundable: true,
      delivery: 'collect-at-station',
    });
    await db.query(`insert into booking_fulfilment (booking_id, state) values ($1, 'not-issued')`, [
      notIssued.bookingId,
    ]);

    // Smartcards: an active one with a ticket waiting to be collected, an inactive one holding a ticket.
    const activeCard = stableId('smartcard', 'refunds-active');
    const inactiveCard = stableId('smartcard', 'refunds-inactive');
    await db.query(
      `insert into smartcards (id, customer_id, number_last_four, operator, status, expiry_date, created_at)
       values ($1, $2, '4410', 'Northern', 'ACTIVE', $3, $4), ($5, $2, '7723', 'Greater Anglia', 'INACTIVE', $6, $7)`,
      [
        activeCard,
        REFUNDS_ACCOUNT.id,
        days(900).toISOString().slice(0, 10),
        days(-300),
        inactiveCard,
        days(500).toISOString().slice(0, 10),
        days(-120),
      ],
    );
    const notCollected = await trip(K.smartcardNotCollected, {
      from: 'LDS',
      to: 'SHF',
      outward: at(now, 4, 7, 40),
      durationMin: 40,
      operator: 'Northern',
      passengers: [robin],
      ticketType: 'Anytime Day Return',
      fare: 22.3,
      refundable: true,
      delivery: 'smartcard',
    });
    await db.query(
      `insert into booking_fulfilment (booking_id, state, smartcard_id) values ($1, 'awaiting-collection', $2)`,
      [notCollected.bookingId, activeCard],
    );
    const onInactive = await trip(K.smartcardInactive, {
      from: 'IPS',
      to: 'NRW',
      outward: at(now, 7, 16, 0),
      durationMin: 38,
      operator: 'Greater Anglia',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 23.7,
      refundable: true,
      delivery: 'smartcard',
    });
    await db.query(`insert into booking_fulfilment (booking_id, state, smartcard_id) values ($1, 'collected', $2)`, [
      onInactive.bookingId,
      inactiveCard,
    ]);

    // Paid with a card whose issuer declines refunds: INVALID_CREDIT_CARD, then a new card works.
    await trip(K.declinedCard, {
      from: 'BHM',
      to: 'NOT',
      outward: at(now, 10, 12, 30),
      durationMin: 72,
      operator: 'CrossCountry',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 41.2,
      refundable: true,
      delivery: 'mobile',
    });
    // Flagged for fraud checks: POTENTIAL_FRAUD_DETECTED on request.
    await trip(K.fraud, {
      from: 'RDG',
      to: 'PAD',
      outward: at(now, 8, 7, 5),
      durationMin: 27,
      operator: 'Great Western Railway',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 27.9,
      refundable: true,
      delivery: 'print-at-home',
    });
    // Paper tickets by post: the quote says to post them back (return mode post).
    await trip(K.paperPost, {
      from: 'YRK',
      to: 'NCL',
      outward: at(now, 21, 9, 45),
      inward: at(now, 23, 15, 30),
      durationMin: 58,
      operator: 'LNER',
      passengers: [robin],
      ticketType: 'Anytime Return',
      fare: 62,
      returnTicket: true,
      refundable: true,
      delivery: 'post',
    });
    // Refund requested 2 days ago; the collected tickets must be posted back: action required.
    const actionRequired = await trip(K.actionRequired, {
      from: 'EUS',
      to: 'CRE',
      outward: at(now, 11, 16, 7),
      durationMin: 98,
      operator: avanti,
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 88,
      refundable: true,
      delivery: 'collect-at-station',
    });
    await db.query(`insert into booking_fulfilment (booking_id, state) values ($1, 'collected')`, [
      actionRequired.bookingId,
    ]);
    await insertRefund(db, {
      key: K.actionRequired,
      ...actionRequired,
      returnMode: 'collect-post',
      requestedAt: days(-2),
      status: 'blocked',
      postDeadline: days(POST_BACK_DAYS - 2),
    });
    // Refunded 3 days ago (amount and date).
    const refunded = await trip(K.refunded, {
      from: 'BHM',
      to: 'EUS',
      outward: at(now, 14, 17, 23),
      durationMin: 82,
      operator: avanti,
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 93.5,
      refundable: true,
      delivery: 'mobile',
    });
    await insertRefund(db, {
      key: K.refunded,
      ...refunded,
      returnMode: 'delete-from-device',
      requestedAt: days(-6),
      status: 'refunded',
      settlesAt: days(-3),
      refundedAt: days(-3),
    });
    // Voided the day it was bought (same-day void, no fee).
    const voided = await trip(
      K.voided,
      {
        from: 'COV',
        to: 'EUS',
        outward: at(now, 20, 8, 3),
        durationMin: 60,
        operator: avanti,
        passengers: [robin],
        ticketType: 'Off-Peak Single',
        fare: 31.4,
        refundable: true,
        delivery: 'mobile',
      },
      { createdAt: days(-5) },
    );
    await insertRefund(db, {
      key: K.voided,
      ...voided,
      refundType: 'same-day-void',
      returnMode: 'delete-from-device',
      requestedAt: new Date(days(-5).getTime() + 2 * HOUR_MS),
      status: 'voided',
      settlesAt: days(-2),
      refundedAt: days(-2),
    });
    // Paper tickets never arrived by the deadline: rejected.
    const rejected = await trip(K.rejected, {
      from: 'GLC',
      to: 'EDB',
      outward: at(now, 5, 10, 15),
      durationMin: 50,
      operator: 'ScotRail',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 15.6,
      refundable: true,
      delivery: 'post',
    });
    const deadline = days(-6);
    await insertRefund(db, {
      key: K.rejected,
      ...rejected,
      returnMode: 'post',
      requestedAt: days(-6 - POST_BACK_DAYS),
      status: 'rejected',
      postDeadline: deadline,
      rejected: {
        at: deadline,
        reason: `We did not receive your tickets by ${formatDay(deadline)}, so they could not be refunded.`,
        code: 'TICKETS_NOT_RECEIVED',
      },
    });
    // The card issuer returned the refund (account closed): rejected, item failed; a new quote is possible.
    const cardFailed = await trip(K.cardFailed, {
      from: 'DBY',
      to: 'SHF',
      outward: at(now, 13, 13, 13),
      durationMin: 33,
      operator: 'CrossCountry',
      passengers: [robin],
      ticketType: 'Anytime Single',
      fare: 29.4,
      refundable: true,
      delivery: 'mobile',
    });
    await insertRefund(db, {
      key: K.cardFailed,
      ...cardFailed,
      returnMode: 'delete-from-device',
      requestedAt: days(-4),
      status: 'failed',
      settlesAt: days(-1),
      rejected: {
        at: days(-1),
        reason:
          'Your card issuer returned the refund because the card account is closed. Ask for a refund again and give another card.',
        code: 'CARD_ACCOUNT_CLOSED',
      },
    });

    // Part refunded: Sasha's tickets refunded; Robin's moved to a replacement order (history links both).
    const partSpec = {
      from: 'LIV',
      to: 'MAN',
      outward: at(now, 16, 10, 22),
      inward: at(now, 16, 19, 10),
      durationMin: 50,
      operator: 'Northern',
      ticketType: 'Off-Peak Return',
      fare: 17.8,
      returnTicket: true,
      refundable: true,
      delivery: 'print-at-home',
    } as const;
    const replacement = await trip(
      K.partRefundedReplacement,
      { ...partSpec, passengers: [robin] },
      { createdAt: days(-3) },
    );
    const original = await trip(K.partRefunded, { ...partSpec, passengers: [robin, sasha] }, { createdAt: days(-20) });
    await db.query('update orders set replacement_order_id = $2 where id = $1', [
      original.orderId,
      replacement.orderId,
    ]);
    const sashaTicket =
      original.data.tickets.find((t) => t.passengerIds[0] === original.data.passengers[1]?.id)?.id ?? '';
    await insertRefund(db, {
      key: K.partRefunded,
      ...original,
      kind: 'partial',
      ticketIds: [sashaTicket],
      returnMode: 'automatic',
      requestedAt: days(-3),
      status: 'refunded',
      settlesAt: days(0),
      refundedAt: new Date(now.getTime() - HOUR_MS),
      replacementOrderId: replacement.orderId,
    });

    // Source of a change of journey still being processed: quotes are refused, its status is shown.
    const cojSource = await trip(K.changeOfJourneySource, {
      from: 'KGX',
      to: 'LDS',
      outward: at(now, 16, 8, 33),
      durationMin: 132,
      operator: 'LNER',
      passengers: [robin],
      ticketType: 'Off-Peak Single',
      fare: 47.9,
      refundable: true,
      delivery: 'mobile',
    });
    // The new journey (a later train, £12.50 more) is its own order, dated by the change; the change
    // names it, so the source links to it.
    const cojRequestedAt = new Date(now.getTime() - 2 * HOUR_MS);
    const cojNew = await trip(
      K.changeOfJourneyNew,
      {
        from: 'KGX',
        to: 'LDS',
        outward: at(now, 16, 10, 3),
        durationMin: 134,
        operator: 'LNER',
        passengers: [robin],
        ticketType: 'Off-Peak Single',
        fare: 60.4,
        refundable: true,
        delivery: 'mobile',
      },
      { createdAt: cojRequestedAt },
    );
    await db.query(
      `insert into change_of_journeys (id, source_booking_id, source_order_id, new_order_id, new_booking_id, status, requested_at, price_difference)
       values ($1, $2, $3, $4, $5, 'IN_PROGRESS', $6, 12.5)`,
      [
        stableId('change-of-journey', K.changeOfJourneySource),
        cojSource.bookingId,
        cojSource.orderId,
        cojNew.orderId,
        cojNew.bookingId,
        cojRequestedAt,
      ],
    );
    // Activated mobile ticket, leaving in two hours: not refundable.
    await trip(K.activated, {
      from: 'EUS',
      to: 'BHM',
      outward: new Date(Math.floor((now.getTime() + 2 * HOUR_MS) / 300_000) * 300_000),
      durationMin: 81,
      operator: avanti,
      passengers: [robin],
      ticketType: 'Off-Peak Single',
      fare: 36.2,
      refundable: true,
      delivery: 'mobile',
      activated: true,
    });

    // Guest order bought today (same-day void: no fee), two passengers, reachable by its order-token link.
    await trip(
      K.guest,
      {
        from: 'NRW',
        to: 'CBG',
        outward: at(now, 9, 10, 0),
        inward: at(now, 9, 18, 30),
        durationMin: 79,
        operator: 'Greater Anglia',
        passengers: [
          { firstName: 'Morgan', lastName: 'Ellis' },
          { firstName: 'Kit', lastName: 'Ellis' },
        ],
        ticketType: 'Anytime Day Return',
        fare: 33.1,
        returnTicket: true,
        refundable: true,
        delivery: 'mobile',
      },
      {
        customerId: null,
        email: REFUND_GUEST_EMAIL,
        guestToken: REFUND_GUEST_TOKEN,
        createdAt: new Date(Math.max(at(now, 0, 0).getTime(), now.getTime() - HOUR_MS)),
      },
    );
    report.guestLinks.push(...(await findRefundGuestLinks(db)));

    // The demo account's existing cases get their refund and change-of-journey facts:
    // Liverpool → Euston is Jamie's partial refund whose replacement is still being issued;
    // Paddington → Bristol was exchanged (completed change of journey).
    const pendingOriginal = await one<{ id: string; order_id: string; data: BookingData }>(
      db,
      'select id, order_id, data from bookings where id = $1',
      [stableId('booking', `${BOOKING_HISTORY_KEYS.refundProcessing}:0`)],
    );
    const jamie = pendingOriginal?.data.passengers.find((p) => p.firstName === 'Jamie');
    if (pendingOriginal && jamie) {
      const requestedAt = new Date(now.getTime() - HOUR_MS);
      await insertRefund(db, {
        key: BOOKING_HISTORY_KEYS.refundProcessing,
        bookingId: pendingOriginal.id,
        orderId: pendingOriginal.order_id,
        data: pendingOriginal.data,
        kind: 'partial',
        ticketIds: pendingOriginal.data.tickets.filter((t) => t.passengerIds.includes(jamie.id)).map((t) => t.id),
        returnMode: 'automatic',
        requestedAt,
        status: 'pending',
        settlesAt: new Date(requestedAt.getTime() + REFUND_SETTLE_DAYS * DAY_MS),
        replacementOrderId: stableId('order', BOOKING_HISTORY_KEYS.refundProcessingReplacement),
      });
      // The replacement order is dated by the refund that creates it (its fares keep the original's
      // purchase date through the replacement chain, server/domain/refund-store.ts purchaseDate).
      await db.query('update orders set created_at = $2 where id = $1', [
        stableId('order', BOOKING_HISTORY_KEYS.refundProcessingReplacement),
        requestedAt,
      ]);
    }
    const changed = await one<{ id: string; order_id: string; created_at: Date }>(
      db,
      `select b.id, b.order_id, o.created_at from bookings b join orders o on o.id = b.order_id where b.id = $1`,
      [stableId('booking', 'demo-changed-original:0')],
    );
    const changedTo = await one<{ id: string; order_id: string; created_at: Date }>(
      db,
      `select b.id, b.order_id, o.created_at from bookings b join orders o on o.id = b.order_id where b.id = $1`,
      [stableId('booking', 'demo-changed-replacement:0')],
    );
    if (changed && changedTo) {
      await db.query(
        `insert into change_of_journeys (id, source_booking_id, source_order_id, new_order_id, new_booking_id, status, requested_at, completed_at, price_difference)
         values ($1, $2, $3, $4, $5, 'COMPLETED', $6, $6, 16.3)`,
        [
          stableId('change-of-journey', 'demo-changed-original'),
          changed.id,
          changed.order_id,
          changedTo.order_id,
          changedTo.id,
          changedTo.created_at,
        ],
      );
    }
  },
};

/** The refund guest link, if this database has it (printed by `npm start`). */
export async function findRefundGuestLinks(db: Queryable): Promise<SeedGuestLink[]> {
  const rows = await many<{ order_id: string; email: string; booking_id: string }>(
    db,
    `select o.id as order_id, o.email, b.id as booking_id from orders o join bookings b on b.order_id = o.id
     where o.guest_token_hash = $1 limit 1`,
    [sha256Hex(REFUND_GUEST_TOKEN)],
  );
  return rows.map((r) => ({ bookingId: r.booking_id, orderId: r.order_id, email: r.email, token: REFUND_GUEST_TOKEN }));
}
