import { describe, expect, it } from 'vitest';
import { openTestDb } from '#test/helpers/db.ts';
import { purgeExpired } from '#server/lib/housekeeping.ts';
import type { BookingData } from '#server/domain/booking-data.ts';
import {
  ADMIN_FEE_PER_TICKET,
  assess,
  BOOKING_ERROR_WINDOW_HOURS,
  cardBrand,
  costOfDaysUsed,
  isSameFare,
  luhnValid,
  partialRefundAvailable,
  returnModeFor,
  type RefundFacts,
  type ServiceDisruption,
} from '#server/domain/refunds.ts';
import { at, seasonBooking, tripBooking, ukAt, type TripSpec } from '#server/seed/booking-factory.ts';
import { ukDate, ukLongDate } from '#routes/-components/booking-format';

const now = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const two = [
  { firstName: 'Ann', lastName: 'Lee' },
  { firstName: 'Bo', lastName: 'Lee' },
];
const one = [two[0] ?? { firstName: 'Ann', lastName: 'Lee' }];

const trip = (over: Partial<TripSpec> = {}): BookingData =>
  tripBooking({
    key: 'rule',
    from: 'LDS',
    to: 'YRK',
    outward: at(now, 10, 9),
    durationMin: 30,
    operator: 'Northern',
    passengers: one,
    ticketType: 'Anytime Single',
    fare: 40,
    refundable: true,
    delivery: 'print-at-home',
    ...over,
  });

const facts = (data: BookingData, over: Partial<RefundFacts> = {}): RefundFacts => ({
  bookingId: 'b',
  orderId: 'o',
  isSeason: data.season !== null,
  data,
  orderCreatedAt: new Date(now.getTime() - 20 * DAY),
  currency: 'GBP',
  fulfilment: null,
  refundingTicketIds: new Set(),
  ...over,
});
const all = (data: BookingData) => new Set(data.tickets.map((t) => t.id));
const disruption = (kind: ServiceDisruption['kind'], over: Partial<ServiceDisruption> = {}): ServiceDisruption => ({
  direction: 'outward',
  kind,
  delayMinutes: kind === 'delayed' ? 30 : null,
  description: kind,
  announcedAt: new Date(now.getTime() - DAY),
  ...over,
});

describe('partial refund availability (docs/product/validation.md)', () => {
  it('needs more than one refundable passenger in a direction, or one in each direction on different fares', () => {
    expect(partialRefundAvailable(trip({ passengers: two }), all(trip({ passengers: two })))).toBe(true);
    const single = trip();
    expect(partialRefundAvailable(single, all(single))).toBe(false);
    const returnTicket = trip({ inward: at(now, 11, 17), returnTicket: true });
    expect(isSameFare(returnTicket)).toBe(true);
    expect(partialRefundAvailable(returnTicket, all(returnTicket))).toBe(false);
    const twoSingles = trip({ inward: at(now, 11, 17), returnTicket: false });
    expect(isSameFare(twoSingles)).toBe(false);
    expect(partialRefundAvailable(twoSingles, all(twoSingles))).toBe(true);
    const pair = trip({ passengers: two });
    expect(partialRefundAvailable(pair, new Set([pair.tickets[0]?.id ?? '']))).toBe(false); // only one refundable
  });
});

describe('refund rules', () => {
  it('takes the admin fee for changed plans, none for a disruption on record or a booking error in its window', () => {
    const data = trip();
    const changed = assess(facts(data), 'CHANGED_PLANS', now).items[0];
    expect(changed).toMatchObject({ isRefundable: true, adminFee: ADMIN_FEE_PER_TICKET, refund: 30 });
    const disrupted = facts(data, {
      disruptions: [disruption('cancelled'), disruption('delayed', { delayMinutes: 40 })],
      orderCreatedAt: new Date(now.getTime() - 3600_000),
    });
    for (const reason of [
      'DISRUPTION_UPCOMING',
      'DISRUPTION_SERVICE_CANCELLATION',
      'DISRUPTION_TRAIN_DELAYED',
      'BOOKING_ERROR',
    ] as const) {
      const a = assess(disrupted, reason, now);
      expect(a.refundType).toBe('discretionary');
      expect(a.items[0]).toMatchObject({ isRefundable: true, adminFee: 0, refund: 40 });
    }
  });

  it('refuses non-refundable fares for changed plans only', () => {
    const advance = trip({ ticketType: 'Advance Single', refundable: false });
    expect(assess(facts(advance), 'CHANGED_PLANS', now).items[0]?.reasonCode).toBe('TERMS_AND_CONDITIONS');
    expect(assess(facts(advance), 'CHANGED_PLANS_TICKETS_NOT_USED', now).items[0]?.reasonCode).toBe(
      'TERMS_AND_CONDITIONS',
    );
    expect(
      assess(facts(advance, { disruptions: [disruption('announced')] }), 'DISRUPTION_UPCOMING', now).items[0]
        ?.isRefundable,
    ).toBe(true);
  });

  it('answers AMOUNT_TOO_LOW at and below the fee', () => {
    expect(assess(facts(trip({ fare: 10 })), 'CHANGED_PLANS', now).items[0]?.reasonCode).toBe('AMOUNT_TOO_LOW');
    expect(assess(facts(trip({ fare: 10.01 })), 'CHANGED_PLANS', now).items[0]).toMatchObject({
      isRefundable: true,
      refund: 0.01,
    });
  });

  it('counts 28 days from the end of validity', () => {
    const past = (days: number) => trip({ outward: at(now, -days, 9) });
    expect(assess(facts(past(28)), 'CHANGED_PLANS_TICKETS_NOT_USED', now).items[0]?.isRefundable).toBe(true);
    expect(assess(facts(past(29)), 'CHANGED_PLANS_TICKETS_NOT_USED', now).items[0]).toMatchObject({
      reasonCode: 'EXPIRED',
      words: { code: 'REFUND_WINDOW_ENDED', params: { days: 28 } },
    });
    // A departed journey under plain "changed plans" counts as used.
    expect(assess(facts(past(3)), 'CHANGED_PLANS', now).items[0]?.reasonCode).toBe('TERMS_AND_CONDITIONS');
  });

  it('refunds only the unused half of a partly used return', () => {
    const data = trip({ outward: at(now, -1, 9), inward: at(now, 2, 17), returnTicket: true, fare: 50 });
    expect(assess(facts(data), 'CHANGED_PLANS', now).items[0]).toMatchObject({
      isRefundable: true,
      refund: 15,
      adminFee: 10,
    });
  });

  it('never refunds an activated mobile ticket', () => {
    const data = trip({ delivery: 'mobile', activated: true, outward: new Date(now.getTime() + 3600_000) });
    for (const reason of ['CHANGED_PLANS', 'DISRUPTION_TRAIN_DELAYED'] as const) {
      // The screen words it by its code (decision 641); the English sentence stays for other apps.
      expect(assess(facts(data), reason, now).items[0]).toMatchObject({
        reasonCode: 'TERMS_AND_CONDITIONS',
        words: { code: 'REFUND_MOBILE_ACTIVATED' },
      });
    }
  });

  it('blocks the whole booking for tickets not issued or smartcards not collected or inactive', () => {
    const card = trip({ delivery: 'smartcard' });
    expect(
      assess(facts(trip(), { fulfilment: { state: 'not-issued' } }), 'BOOKING_ERROR', now).bookingReason,
    ).toMatchObject({
      reasonCode: 'NOT_ISSUED',
      words: { code: 'REFUND_NOT_ISSUED' },
    });
    expect(
      assess(
        facts(card, { fulfilment: { state: 'awaiting-collection', smartcardStatus: 'ACTIVE' } }),
        'CHANGED_PLANS',
        now,
      ).bookingReason?.reasonCode,
    ).toBe('SMARTCARD_NOT_COLLECTED');
    expect(
      assess(facts(card, { fulfilment: { state: 'collected', smartcardStatus: 'INACTIVE' } }), 'CHANGED_PLANS', now)
        .bookingReason?.reasonCode,
    ).toBe('SMARTCARD_INACTIVE');
    expect(
      assess(facts(card, { fulfilment: { state: 'collected', smartcardStatus: 'ACTIVE' } }), 'CHANGED_PLANS', now)
        .bookingReason,
    ).toBeNull();
  });

  it('marks tickets already in a refund IN_PROGRESS and leaves the others refundable', () => {
    const data = trip({ passengers: two });
    const a = assess(facts(data, { refundingTicketIds: new Set([data.tickets[0]?.id ?? '']) }), 'CHANGED_PLANS', now);
    expect(a.items.map((i) => i.reasonCode)).toEqual(['IN_PROGRESS', null]);
  });

  it('counts the day of purchase and the end of validity in UK days, on either side of British Summer Time', () => {
    const voided = (bought: string, asked: string) =>
      assess(
        facts(trip({ outward: at(now, 40, 9) }), { orderCreatedAt: new Date(bought) }),
        'CHANGED_PLANS',
        new Date(asked),
      ).refundType;
    // Bought at 00:30 on 30 March in London (23:30 UTC on the 29th, the first summer night), asked at 09:00: the same day.
    expect(voided('2026-03-29T23:30:00Z', '2026-03-30T08:00:00Z')).toBe('same-day-void');
    // Bought at 23:30 on 24 October in London (22:30 UTC), asked at 00:30 on the 25th (23:30 UTC on the 24th): not.
    expect(voided('2026-10-24T22:30:00Z', '2026-10-24T23:30:00Z')).toBe('terms-and-conditions');
    // A 00:30 train in summer is valid to midnight on its London day; the 28 days count from there.
    const window = (departure: string, asked: string) =>
      assess(facts(trip({ outward: new Date(departure) })), 'CHANGED_PLANS_TICKETS_NOT_USED', new Date(asked)).items[0]
        ?.isRefundable;
    expect(window('2026-06-01T23:30:00Z', '2026-06-30T12:00:00Z')).toBe(true); // 2 June + 28 days
    expect(window('2026-06-01T23:30:00Z', '2026-06-30T23:30:00Z')).toBe(false); // 1 July in London
    // 00:30 on 25 October (still summer time): its day ends at midnight GMT on the 25th.
    expect(window('2026-10-24T23:30:00Z', '2026-11-22T12:00:00Z')).toBe(true);
    expect(window('2026-10-24T23:30:00Z', '2026-11-23T00:30:00Z')).toBe(false);
  });

  it('voids without a fee on the day of purchase', () => {
    const a = assess(facts(trip(), { orderCreatedAt: new Date(now.getTime() - 3600_000) }), 'CHANGED_PLANS', now);
    expect(a.refundType).toBe('same-day-void');
    expect(a.items[0]).toMatchObject({ adminFee: 0, refund: 40 });
  });

  it('refunds a season less the days used at the cheapest season rates or day returns, less the fee', () => {
    const season = (validFrom: Date, validUntil: Date) =>
      seasonBooking({
        key: 's',
        from: 'RDG',
        to: 'PAD',
        kind: 'annual',
        validFrom,
        validUntil,
        passenger: one[0] ?? { firstName: 'A', lastName: 'B' },
        price: 5280,
        delivery: 'smartcard',
        rates: { weekly: 137.4, monthly: 527.7, dayReturn: 31.6 },
      });
    // 100 days before today, today included: 101 days = 3 months (90 days), 1 week and 4 day returns.
    const data = season(at(now, -100, 0, 0), at(now, 264, 23, 59));
    const item = assess(facts(data), 'CHANGED_PLANS', now).items[0];
    const used = 3 * 527.7 + 137.4 + 4 * 31.6;
    expect(item).toMatchObject({
      isRefundable: true,
      adminFee: 10,
      refund: Math.round((5280 - used - 10) * 100) / 100,
    });
    expect(item?.season).toMatchObject({
      daysUsed: 101,
      daysLeft: 264,
      costOfUsed: Math.round(used * 100) / 100,
      usedPeriods: [
        { period: 'month', count: 3, rate: 527.7, cost: 1583.1 },
        { period: 'week', count: 1, rate: 137.4, cost: 137.4 },
        { period: 'day', count: 4, rate: 31.6, cost: 126.4 },
      ],
    });
    // Not started yet: nothing used, the whole price less the fee.
    expect(assess(facts(season(at(now, 3, 0, 0), at(now, 367, 23, 59))), 'CHANGED_PLANS', now).items[0]).toMatchObject({
      refund: 5270,
      season: { daysUsed: 0, costOfUsed: 0, usedPeriods: [] },
    });
    // Fewer than 7 days left: not refundable.
    const ending = assess(facts(season(at(now, -10, 0, 0), at(now, 6, 23, 59))), 'CHANGED_PLANS', now).items[0];
    expect(ending).toMatchObject({ isRefundable: false, reasonCode: 'TERMS_AND_CONDITIONS' });
    expect(ending?.message).toContain('at least 7 days');
    expect(assess(facts(season(at(now, -10, 0, 0), at(now, 7, 23, 59))), 'CHANGED_PLANS', now).items[0]).toMatchObject({
      isRefundable: true,
      season: { daysLeft: 7 },
    });
    // Used for longer than the season is worth at the used-period rates: nothing comes back.
    expect(
      assess(facts(season(at(now, -357, 0, 0), at(now, 7, 23, 59))), 'CHANGED_PLANS', now).items[0]?.reasonCode,
    ).toBe('AMOUNT_TOO_LOW');
  });

  it('counts a season in UK days: one ending 23:59 UK time in summer ends that UK day, the day every screen shows', () => {
    const summer = new Date('2027-06-01T12:00:00Z');
    const validUntil = ukAt(summer, 87, 23, 59); // 27 August 2027, 23:59 BST
    expect(validUntil.toISOString()).toBe('2027-08-27T22:59:00.000Z');
    const data = seasonBooking({
      key: 's',
      from: 'RDG',
      to: 'PAD',
      kind: 'annual',
      validFrom: ukAt(summer, -1, 0, 0),
      validUntil,
      passenger: one[0] ?? { firstName: 'A', lastName: 'B' },
      price: 5280,
      delivery: 'smartcard',
    });
    const season = assess(
      facts(data, { orderCreatedAt: new Date(summer.getTime() - 20 * DAY) }),
      'CHANGED_PLANS',
      summer,
    ).items[0]?.season;
    // 31 May (00:00 BST is 23:00 UTC on 30 May) and 1 June used; 2 June to 27 August left.
    expect(season).toMatchObject({ daysUsed: 2, daysLeft: 87 });
    expect(ukLongDate(validUntil.toISOString(), 'en-GB')).toBe('27 August 2027');
    expect(ukDate(validUntil.toISOString(), 'en-GB')).toContain('27 Aug 2027');
    expect(ukLongDate(season?.handedBackOn.toISOString() ?? '', 'en-GB')).toBe('1 June 2027');
  });

  it('charges the days used as the cheapest mix of months, weeks and day returns', () => {
    const rates = { month: 100, week: 30, day: 8 };
    expect(costOfDaysUsed(3, rates)).toMatchObject({ cost: 24 });
    expect(costOfDaysUsed(4, rates)).toMatchObject({ cost: 30, periods: [{ period: 'week', count: 1 }] }); // 4 days cost more than a week
    expect(costOfDaysUsed(26, rates)).toMatchObject({ cost: 100, periods: [{ period: 'month', count: 1 }] });
    expect(costOfDaysUsed(0, rates)).toEqual({ cost: 0, periods: [] });
  });

  it('accepts a disruption reason only when the running data shows the disruption it names', () => {
    const data = trip({ operator: 'ScotRail', inward: at(now, 11, 17), returnTicket: true });
    const reasonsFor = (disruptions: ServiceDisruption[]) =>
      (['DISRUPTION_UPCOMING', 'DISRUPTION_SERVICE_CANCELLATION', 'DISRUPTION_TRAIN_DELAYED'] as const).filter(
        (reason) => assess(facts(data, { disruptions }), reason, now).items[0]?.isRefundable,
      );
    expect(reasonsFor([])).toEqual([]);
    expect(assess(facts(data), 'DISRUPTION_SERVICE_CANCELLATION', now).items[0]).toMatchObject({
      reasonCode: 'DISRUPTION_NOT_RECORDED',
      refund: 0,
    });
    expect(reasonsFor([disruption('announced')])).toEqual(['DISRUPTION_UPCOMING']);
    expect(reasonsFor([disruption('cancelled')])).toEqual(['DISRUPTION_UPCOMING', 'DISRUPTION_SERVICE_CANCELLATION']);
    // ScotRail's threshold is 30 minutes: 20 is not enough, 30 is.
    expect(reasonsFor([disruption('delayed', { delayMinutes: 20 })])).toEqual([]);
    expect(reasonsFor([disruption('delayed', { delayMinutes: 30 })])).toEqual(['DISRUPTION_TRAIN_DELAYED']);
    // A return ticket covers the way back too; a record announced after now does not count yet.
    expect(reasonsFor([disruption('cancelled', { direction: 'inward' })])).toContain('DISRUPTION_SERVICE_CANCELLATION');
    expect(reasonsFor([disruption('cancelled', { announcedAt: new Date(now.getTime() + 60_000) })])).toEqual([]);
    // An upcoming disruption is for a train that has not left.
    const departed = trip({ outward: at(now, -1, 9) });
    expect(
      assess(facts(departed, { disruptions: [disruption('announced')] }), 'DISRUPTION_UPCOMING', now).items[0]
        ?.reasonCode,
    ).toBe('DISRUPTION_NOT_RECORDED');
    // A season ticket has no train to check: no disruption refund.
    const season = seasonBooking({
      key: 's',
      from: 'RDG',
      to: 'PAD',
      kind: 'monthly',
      validFrom: at(now, -1, 0, 0),
      validUntil: at(now, 28, 23, 59),
      passenger: one[0] ?? { firstName: 'A', lastName: 'B' },
      price: 300,
      delivery: 'smartcard',
    });
    expect(
      assess(facts(season, { disruptions: [disruption('cancelled')] }), 'DISRUPTION_SERVICE_CANCELLATION', now).items[0]
        ?.isRefundable,
    ).toBe(false);
  });

  it(`refunds a booking error in full only within ${BOOKING_ERROR_WINDOW_HOURS} hours of buying and before the train leaves`, () => {
    const bought = (hoursAgo: number) => ({ orderCreatedAt: new Date(now.getTime() - hoursAgo * 3600_000) });
    const advance = trip({ ticketType: 'Advance Single', refundable: false });
    expect(assess(facts(advance, bought(23)), 'BOOKING_ERROR', now).items[0]).toMatchObject({
      isRefundable: true,
      refund: 40,
      adminFee: 0,
    });
    expect(assess(facts(advance, bought(24)), 'BOOKING_ERROR', now).items[0]?.isRefundable).toBe(true);
    expect(assess(facts(advance, bought(25)), 'BOOKING_ERROR', now).items[0]).toMatchObject({
      isRefundable: false,
      reasonCode: 'BOOKING_ERROR_TOO_LATE',
    });
    const departed = trip({ outward: new Date(now.getTime() - 60_000) });
    expect(assess(facts(departed, bought(2)), 'BOOKING_ERROR', now).items[0]?.reasonCode).toBe(
      'BOOKING_ERROR_TOO_LATE',
    );
  });

  it('names the return mode from the delivery', () => {
    expect(returnModeFor(trip({ delivery: 'mobile' }), false)).toBe('delete-from-device');
    expect(returnModeFor(trip({ delivery: 'post' }), false)).toBe('post');
    expect(returnModeFor(trip({ delivery: 'collect-at-station' }), true)).toBe('collect-post');
    expect(returnModeFor(trip({ delivery: 'collect-at-station' }), false)).toBe('automatic');
    expect(returnModeFor(trip({ delivery: 'print-at-home' }), false)).toBe('automatic');
  });
});

describe('card checks', () => {
  it('checks the Luhn digit and names the brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
  });
});

describe('housekeeping', () => {
  it('purges expired card tokens and unrequested quotes a day past expiry, keeping requested ones', async () => {
    const db = await openTestDb(null);
    try {
      await db.query(`insert into orders (id, friendly_order_id, email) values ('o1', 'TL-HK0001', 'hk@example.com')`);
      const data = JSON.stringify(trip());
      await db.query(`insert into bookings (id, order_id, outward_date, data) values ('b1', 'o1', $1, $2::jsonb)`, [
        now,
        data,
      ]);
      const old = new Date(now.getTime() - 2 * DAY);
      const recent = new Date(now.getTime() - 3600_000);
      await db.query(
        `insert into card_tokens (token_hash, order_id, brand, last4, expiry_month, expiry_year, created_at, expires_at)
         values ('t-old', 'o1', 'Visa', '4242', 1, 2030, $1, $1), ('t-live', 'o1', 'Visa', '4242', 1, 2030, $1, $2)`,
        [old, new Date(now.getTime() + 3600_000)],
      );
      const quote = (id: string, expires: Date, used: Date | null) =>
        db.query(
          `insert into refund_quotes (id, order_id, booking_id, refund_reason, refund_type, lines, partial, total, admin_fee, currency,
             created_at, expires_at, used_at) values ($1, 'o1', 'b1', 'CHANGED_PLANS', 'terms-and-conditions', '[]', false, 1, 0, 'GBP', $2, $2, $3)`,
          [id, expires, used],
        );
      await quote('q-old', old, null);
      await quote('q-recent', recent, null);
      await quote('q-used', old, old);
      await purgeExpired(db, now);
      const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => r.id).sort();
      expect(await ids('select token_hash as id from card_tokens')).toEqual(['t-live']);
      expect(await ids('select id from refund_quotes')).toEqual(['q-recent', 'q-used']);
    } finally {
      await db.close();
    }
  });
});
