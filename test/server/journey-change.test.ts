import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingData } from '#server/domain/booking-data.ts';
import {
  departuresOn,
  directionRefusal,
  priceChange,
  seasonStartDay,
  trainFactor,
} from '#server/domain/journey-change.ts';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { SEASON_NOT_STARTED } from '#server/seed/bookings.ts';
import { stableFriendlyOrderId, stableId } from '#server/seed/context.ts';
import {
  DEMO_GUEST_TOKENS,
  FIND_BOOKING_DEMO_KEY,
  GUEST_EMAIL,
  GUEST_PASSENGER,
  GUEST_SEASON_KEY,
} from '#server/seed/guest-orders.ts';
import { parseCalendar } from '../helpers/parse-ics.ts';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/** Changing a journey (docs/decisions/600-change-your-journey.md): the rules and the calls. */
const API = '/my-account/api';
const booking = (key: string) => stableId('booking', `${key}:0`);
const YORK = 'demo-upcoming-kingscross-york';
const MANCHESTER = 'demo-upcoming-euston-manchester';
const DEPARTED = 'demo-past-manchester-euston-advance';
type Err = { errors: { code: string; message?: string }[] };
const code = (body: unknown) => (body as Err).errors[0]?.code;
type Money = { amount: number };
type Departures = {
  departures: { trainId: string; departure: string; status: string; fare: Money | null; difference: Money | null }[];
};
type Quote = {
  quoteId: string;
  total: Money;
  fees: Money;
  fareDifference: Money;
  lowerFareKept: boolean;
  lines: unknown[];
};
type Options = {
  directions: { direction: string; changeable: boolean; reason: string | null; message: string | null }[];
  savedCards: { id: string; expired: boolean }[];
};

let server: TestServer;
let demo: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset();
  demo = await signedInClient(server.origin, DEMO_ACCOUNT);
});

const dayOf = (iso: string) => iso.slice(0, 10);
async function bookingData(client: ApiClient, key: string) {
  const res = await client.get<{ outward: { departure: string } }>(`${API}/change-of-journey/options/${booking(key)}`);
  return { outward: { date: res.body.outward.departure } };
}
async function trains(client: ApiClient, key: string, direction: string, leg: string, date: string) {
  const res = await client.get<Departures>(
    `${API}/change-of-journey/departures/${booking(key)}?direction=${direction}&leg=${leg}&date=${date}&after=00:00`,
  );
  expect(res.status).toBe(200);
  return res.body.departures;
}
const at = (list: Departures['departures'], hhmm: string) => {
  const d = list.find((t) => t.departure.slice(11, 16) === hhmm);
  if (!d) throw new Error(`no ${hhmm} train`);
  return d;
};

describe('rules', () => {
  const now = new Date('2026-03-02T08:00:00Z');
  const leg = (date: string) => ({
    date,
    origin: { code: 'KGX', name: 'K' },
    destination: { code: 'YRK', name: 'Y' },
    departureTime: date,
    arrivalTime: new Date(Date.parse(date) + 112 * 60_000).toISOString(),
    operator: 'LNER',
    changes: 0,
    timetableId: null,
  });
  const data = (type: string, out: string, inward?: string): BookingData => ({
    outward: leg(out),
    inward: inward ? leg(inward) : null,
    passengers: [{ id: 'p', firstName: 'A', lastName: 'B', type: 'adult', railcard: null }],
    tickets: [
      {
        id: 't',
        type,
        fareClass: 'standard',
        direction: inward ? 'return' : 'outward',
        passengerIds: ['p'],
        price: { amount: 40, currencyCode: 'GBP' },
        refundable: true,
      },
    ],
    delivery: { id: 'd', method: 'mobile', collectionReference: null, activated: false },
    price: { amount: 40, currencyCode: 'GBP' },
    season: null,
  });
  it('Advance: only before the booked train leaves; Off-Peak and Anytime: only before the date on the ticket', () => {
    expect(directionRefusal(data('Advance Single', '2026-03-02T07:00:00Z'), 'outward', new Set(), now)).toBe(
      'DEPARTED',
    );
    expect(directionRefusal(data('Advance Single', '2026-03-02T09:00:00Z'), 'outward', new Set(), now)).toBeNull();
    expect(directionRefusal(data('Off-Peak Single', '2026-03-02T09:00:00Z'), 'outward', new Set(), now)).toBe(
      'TICKET_DATE_REACHED',
    );
    expect(directionRefusal(data('Anytime Single', '2026-03-03T09:00:00Z'), 'outward', new Set(), now)).toBeNull();
    expect(directionRefusal(data('Off-Peak Single', '2026-03-03T09:00:00Z'), 'inward', new Set(), now)).toBe(
      'NO_RETURN',
    );
    // A partly refunded booking changes only the tickets left: none left, nothing to change.
    expect(directionRefusal(data('Anytime Single', '2026-03-03T09:00:00Z'), 'outward', new Set(['t']), now)).toBe(
      'NO_TICKETS',
    );
  });
  it('Advance: fee plus a higher fare, nothing back for a lower one; flexible: the difference either way less the fee', () => {
    const trainAt = (iso: string) => ({
      trainId: 'x',
      departure: iso,
      arrival: iso,
      changes: 0,
      status: 'AVAILABLE' as const,
    });
    const advance = data('Advance Single', '2026-03-05T10:30:00Z');
    const cheaper = priceChange(
      advance,
      'outward',
      { outward: trainAt('2026-03-05T19:30:00Z'), inward: null },
      new Set(),
      10,
      now,
    );
    expect([cheaper.fareDifference, cheaper.total, cheaper.lowerFareKept]).toEqual([-8, 10, true]);
    const dearer = priceChange(
      advance,
      'outward',
      { outward: trainAt('2026-03-05T18:00:00Z'), inward: null },
      new Set(),
      10,
      now,
    );
    expect([dearer.fareDifference, dearer.total, dearer.lowerFareKept]).toEqual([10, 20, false]);
    const offPeak = data('Off-Peak Single', '2026-03-05T10:30:00Z');
    const back = priceChange(
      offPeak,
      'outward',
      { outward: trainAt('2026-03-05T19:30:00Z'), inward: null },
      new Set(),
      10,
      now,
    );
    expect(back.total).toBe(2); // £8 cheaper, less the £10 fee: £2 to pay
    const anytime = priceChange(
      data('Anytime Single', '2026-03-05T10:30:00Z'),
      'outward',
      { outward: trainAt('2026-03-06T18:00:00Z'), inward: null },
      new Set(),
      10,
      now,
    );
    expect([anytime.fareDifference, anytime.total]).toEqual([0, 10]);
  });
  it('the timetable: every 90 minutes from 06:00, the 12:00 full and the 15:00 cancelled; Advance dearer in its last 2 days', () => {
    const list = departuresOn(leg('2026-03-05T09:00:00Z'), '2026-03-05', '00:00', now);
    expect(list.map((d) => d.departure.slice(11, 16))).toEqual([
      '06:00',
      '07:30',
      '09:00',
      '10:30',
      '12:00',
      '13:30',
      '15:00',
      '16:30',
      '18:00',
      '19:30',
      '21:00',
    ]);
    expect(list.filter((d) => d.status !== 'AVAILABLE').map((d) => [d.departure.slice(11, 16), d.status])).toEqual([
      ['12:00', 'FULL'],
      ['15:00', 'CANCELLED'],
    ]);
    expect(trainFactor('Advance Single', new Date('2026-03-03T10:30:00Z'), now)).toBeCloseTo(1.2);
    expect(trainFactor('Off-Peak Single', new Date('2026-03-03T10:30:00Z'), now)).toBe(1);
  });
});

describe('the calls', () => {
  it("King's Cross → York: a later, dearer train paid with a saved card issues a new booking; the old one answers 308", async () => {
    const b = await bookingData(demo, YORK);
    const options = await demo.get<Options>(`${API}/change-of-journey/options/${booking(YORK)}`);
    expect(options.body.directions.map((d) => [d.direction, d.changeable])).toEqual([
      ['outward', true],
      ['inward', true],
      ['both', true],
    ]);
    const list = await trains(demo, YORK, 'outward', 'outward', dayOf(b.outward.date));
    expect(at(list, '12:00')).toMatchObject({ status: 'FULL', fare: null });
    const evening = at(list, '18:00');
    // Two Off-Peak Returns at £49.20 (return at 17:30, in the evening peak), the outward moved into
    // the evening peak too: (1.25 + 1.25) / (1 + 1.25) of the fare, £54.70 each.
    expect(evening.difference?.amount).toBe(11);
    const full = await demo.post<Err>(`${API}/change-of-journey/quote/${booking(YORK)}`, {
      direction: 'outward',
      outwardTrain: at(list, '12:00').trainId,
    });
    expect([full.status, code(full.body)]).toEqual([409, 'TRAIN_FULL']);
    const q = await demo.post<Quote>(`${API}/change-of-journey/quote/${booking(YORK)}`, {
      direction: 'outward',
      outwardTrain: evening.trainId,
    });
    expect(q.status).toBe(200);
    expect([q.body.fareDifference.amount, q.body.fees.amount, q.body.total.amount]).toEqual([11, 20, 31]);
    const visa = options.body.savedCards.find((c) => !c.expired);
    const expired = options.body.savedCards.find((c) => c.expired);
    const key = { headers: { 'idempotency-key': 'change-york-0001' } };
    // The expired card is refused; the quote stays for another card.
    const refused = await demo.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, {
      expectedTotal: 31,
      payment: { method: 'saved', cardId: expired?.id },
    });
    expect([refused.status, code(refused.body)]).toEqual([422, 'CARD_EXPIRED']);
    const paid = await demo.post<{ newBookingId: string; paid: Money; refunded: null }>(
      `${API}/change-of-journey/pay/${q.body.quoteId}`,
      { expectedTotal: 31, payment: { method: 'saved', cardId: visa?.id } },
      key,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.paid.amount).toBe(31);
    // A repeat with the same key (a lost answer checked) gets the same answer; nothing is paid twice.
    const again = await demo.post<{ newBookingId: string }>(
      `${API}/change-of-journey/pay/${q.body.quoteId}`,
      { expectedTotal: 31, payment: { method: 'saved', cardId: visa?.id } },
      key,
    );
    expect(again.body.newBookingId).toBe(paid.body.newBookingId);
    const old = await demo.get<{ bookingId: string }>(`${API}/booking/${booking(YORK)}`);
    expect(old.status).toBe(308);
    const fresh = await demo.get<{ outward: { departure: string }; passengers: { railcard: string | null }[] }>(
      `${API}/change-of-journey/options/${paid.body.newBookingId}`,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.outward.departure.slice(11, 16)).toBe('18:00');
    // The passengers keep their railcards.
    expect(fresh.body.passengers.map((p) => p.railcard)).toEqual(['Two Together Railcard', 'Two Together Railcard']);
    // A second tab's change of the same booking is refused: one change per booking.
    const second = await demo.post<Err>(`${API}/change-of-journey/quote/${booking(YORK)}`, {
      direction: 'outward',
      outwardTrain: evening.trainId,
    });
    expect([second.status, code(second.body)]).toEqual([409, 'ALREADY_CHANGED']);
    const changeability = await demo.get<{ changeable: boolean; reason: string }>(
      `${API}/change-of-journey/changeability/${stableId('order', YORK)}/${booking(YORK)}`,
    );
    expect(changeability.body).toMatchObject({ changeable: false, reason: 'BOOKING_REPLACED' });
  });

  it('Advance to a cheaper train: the fee only, nothing back; a new card declined says so', async () => {
    const b = await bookingData(demo, MANCHESTER);
    const list = await trains(demo, MANCHESTER, 'outward', 'outward', dayOf(b.outward.date));
    const q = await demo.post<Quote>(`${API}/change-of-journey/quote/${booking(MANCHESTER)}`, {
      direction: 'outward',
      outwardTrain: at(list, '19:30').trainId,
    });
    expect([q.body.fareDifference.amount, q.body.total.amount, q.body.lowerFareKept]).toEqual([-8.5, 10, true]);
    const token = await demo.post<{ token: string }>(`${API}/payment/card-token`, {
      number: '4000000000000002',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Alex Morgan',
    });
    expect(token.status).toBe(200);
    const declined = await demo.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, {
      expectedTotal: 10,
      payment: { method: 'card', token: token.body.token },
    });
    expect([declined.status, code(declined.body)]).toEqual([422, 'CARD_DECLINED']);
    const none = await demo.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, {
      expectedTotal: 10,
      payment: { method: 'none' },
    });
    expect([none.status, code(none.body)]).toEqual([422, 'PAYMENT_REQUIRED']);
  });

  it('a price that moved between the review and the payment is shown again before any charge', async () => {
    const b = await bookingData(demo, MANCHESTER);
    const train = at(await trains(demo, MANCHESTER, 'outward', 'outward', dayOf(b.outward.date)), '18:00');
    // Ten minutes before the train comes inside its last 2 days, when Advance fares are a fifth dearer.
    const threshold = Date.parse(train.departure) - 2 * 24 * 60 * 60 * 1000;
    await server.setClock(threshold - 10 * 60_000 - Date.now());
    try {
      const client = await signedInClient(server.origin, DEMO_ACCOUNT);
      const q = await client.post<Quote>(`${API}/change-of-journey/quote/${booking(MANCHESTER)}`, {
        direction: 'outward',
        outwardTrain: train.trainId,
      });
      expect(q.status).toBe(200);
      const options = await client.get<Options>(`${API}/change-of-journey/options/${booking(MANCHESTER)}`);
      const visa = options.body.savedCards.find((c) => !c.expired);
      await server.setClock(threshold + 10 * 60_000 - Date.now());
      const moved = await client.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, {
        expectedTotal: q.body.total.amount,
        payment: { method: 'saved', cardId: visa?.id },
      });
      expect([moved.status, code(moved.body)]).toEqual([409, 'PRICE_CHANGED']);
      // Nothing was changed: the booking stands, and a new quote shows the new price.
      expect((await client.get(`${API}/booking/${booking(MANCHESTER)}`)).status).toBe(200);
      const again = await client.post<Quote>(`${API}/change-of-journey/quote/${booking(MANCHESTER)}`, {
        direction: 'outward',
        outwardTrain: train.trainId,
      });
      expect(again.body.total.amount).toBeGreaterThan(q.body.total.amount);
    } finally {
      await server.setClock(0);
    }
  });

  it('an Advance ticket after its train left is refused with the reason', async () => {
    const options = await demo.get<Options>(`${API}/change-of-journey/options/${booking(DEPARTED)}`);
    expect(options.body.directions[0]).toMatchObject({ changeable: false, reason: 'DEPARTED' });
    expect(options.body.directions[0]?.message).toMatch(/before the booked train leaves/);
    const today = new Date().toISOString().slice(0, 10);
    const res = await demo.get<Err>(
      `${API}/change-of-journey/departures/${booking(DEPARTED)}?direction=outward&leg=outward&date=${today}&after=00:00`,
    );
    expect([res.status, code(res.body)]).toEqual([422, 'DEPARTED']);
  });
});

describe('what follows the new booking', () => {
  type Entry = { booking: { id: string }; order: { replacementOrder: { id: string } | null } };
  type List = { results: Entry[] };
  const listed = async (filter: string) => {
    const ids: string[] = [];
    for (let page = 0; page < 10; page++) {
      const res = await demo.get<List & { total: number }>(`${API}/bookings/${filter}?page=${page}`);
      ids.push(...res.body.results.map((e) => e.booking.id));
      if (res.body.results.length === 0 || ids.length >= res.body.total) break;
    }
    return ids;
  };

  it('the calendar feed, the bookings lists, the old order’s history and the outbox follow the change', async () => {
    const feed = await demo.post<{ url: string }>(`${API}/customer/calendar-feed`, {});
    const events = async () =>
      parseCalendar(await (await fetch(`${server.origin}${new URL(feed.body.url).pathname}`)).text()).events;
    const old = booking(YORK);
    expect((await events()).filter((e) => e.uid.startsWith(old)).map((e) => e.status)).toEqual([
      'CONFIRMED',
      'CONFIRMED',
    ]);

    const b = await bookingData(demo, YORK);
    const q = await demo.post<Quote>(`${API}/change-of-journey/quote/${old}`, {
      direction: 'outward',
      outwardTrain: at(await trains(demo, YORK, 'outward', 'outward', dayOf(b.outward.date)), '18:00').trainId,
    });
    const options = await demo.get<Options>(`${API}/change-of-journey/options/${old}`);
    const paid = await demo.post<{ newBookingId: string; reference: string }>(
      `${API}/change-of-journey/pay/${q.body.quoteId}`,
      {
        expectedTotal: q.body.total.amount,
        payment: { method: 'saved', cardId: options.body.savedCards.find((c) => !c.expired)?.id },
      },
    );
    expect(paid.status).toBe(200);
    const fresh = paid.body.newBookingId;

    // The calendar: the old booking's trains are gone (never CONFIRMED), the new booking's are confirmed.
    const after = await events();
    expect(after.some((e) => e.uid.startsWith(old))).toBe(false);
    expect(after.filter((e) => e.uid.startsWith(fresh)).map((e) => [e.status, e.start.slice(11, 16)])).toEqual([
      ['CONFIRMED', expect.any(String)],
      ['CONFIRMED', expect.any(String)],
    ]);
    expect(after.find((e) => e.uid === `${fresh}-outward@my-account.rail.example`)?.url).toMatch(
      new RegExp(`/bookings/${fresh}$`),
    );

    // The lists: the new booking is upcoming; the old one is under past (exchanged, decision 410), once.
    const upcoming = await listed('upcoming');
    expect(upcoming).toContain(fresh);
    expect(upcoming).not.toContain(old);
    expect((await listed('past')).filter((id) => id === old)).toHaveLength(1);

    // The old order's history opens the new booking's, which holds both: the old first, then the new.
    const oldHistory = await demo.get<{ replacedBy: { bookingId: string } }>(`${API}/booking/${old}/history`);
    expect([oldHistory.status, oldHistory.body.replacedBy.bookingId]).toEqual([308, fresh]);
    const trail = await demo.get<{ bookings: { booking: { id: string }; change: { kind: string } | null }[] }>(
      `${API}/booking/${fresh}/history`,
    );
    expect(trail.body.bookings.map((e) => e.booking.id)).toEqual([old, fresh]);
    expect(trail.body.bookings[0]?.change?.kind).toBe('changed-journey');

    // The outbox: the new booking's email, with its reference and a link to it.
    const emails = (
      await demo.get<{ emails: { kind: string; subject: string; body: string; to: string[] }[] }>('/__outbox.json')
    ).body.emails;
    const sent = emails.filter((e) => e.kind === 'booking-confirmation' && e.subject.includes(paid.body.reference));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([DEMO_ACCOUNT.email]);
    expect(sent[0]?.body).toContain(`/bookings/${fresh}`);
    expect(sent[0]?.body).not.toContain(old);
  });
});

describe('a guest', () => {
  const guestLink = async (token: string = DEMO_GUEST_TOKENS[0]) => {
    const client = apiClient(server.origin);
    await client.init();
    const session = await client.post<{ session: string }>(`${API}/user-flow-access`, {
      token,
      flow: 'order',
    });
    expect(session.status).toBe(200);
    client.flowId = `order.${session.body.session}`;
    return client;
  };
  const GUEST_BOOKING = booking(FIND_BOOKING_DEMO_KEY);
  const GUEST_ORDER = stableId('order', FIND_BOOKING_DEMO_KEY);

  it("with the emailed link of the guest's season (the demo's) moves its start date, for the fee", async () => {
    const guest = await guestLink(DEMO_GUEST_TOKENS[3]);
    const season = booking(GUEST_SEASON_KEY);
    const changeability = await guest.get(
      `${API}/seasons-change-of-journey/changeability/${stableId('order', GUEST_SEASON_KEY)}/${season}`,
    );
    expect(changeability.body).toEqual({ changeable: true, reason: null, changeOnline: true });
    const options = await guest.get<Options & { fareKind: string; season: { validFrom: string } }>(
      `${API}/change-of-journey/options/${season}`,
    );
    expect([options.body.fareKind, options.body.savedCards]).toEqual(['season', []]);
    const later = seasonStartDay(new Date(Date.parse(options.body.season.validFrom) + 7 * 86_400_000).toISOString());
    const q = await guest.post<Quote & { season: { validFrom: string } }>(`${API}/change-of-journey/quote/${season}`, {
      direction: 'outward',
      startDate: later,
    });
    expect([q.status, q.body.total.amount, seasonStartDay(q.body.season.validFrom)]).toEqual([200, 10, later]);
  });

  it("pays the guest season's new start date through to its new booking: a new card, CSRF and one charge per key", async () => {
    const guest = await guestLink(DEMO_GUEST_TOKENS[3]);
    const season = booking(GUEST_SEASON_KEY);
    const options = await guest.get<Options & { season: { validFrom: string; validUntil: string } }>(
      `${API}/change-of-journey/options/${season}`,
    );
    const before = options.body.season;
    const later = seasonStartDay(new Date(Date.parse(before.validFrom) + 7 * 86_400_000).toISOString());
    const q = await guest.post<Quote>(`${API}/change-of-journey/quote/${season}`, {
      direction: 'outward',
      startDate: later,
    });
    expect([q.status, q.body.total.amount]).toEqual([200, 10]);
    const pay = `${API}/change-of-journey/pay/${q.body.quoteId}`;
    // A guest has no saved cards (docs/access-policy.md, "Changing a journey"): the fee is paid with a new card.
    const saved = await guest.post<Err>(pay, { expectedTotal: 10, payment: { method: 'saved', cardId: 'any' } });
    expect([saved.status, code(saved.body)]).toEqual([422, 'CARD_UNKNOWN']);
    const card = await guest.post<{ token: string }>(`${API}/payment/card-token`, {
      number: '5555555555554444',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Jordan Lee',
    });
    expect(card.status).toBe(200);
    const body = { expectedTotal: 10, payment: { method: 'card', token: card.body.token } };
    const key = { headers: { 'idempotency-key': 'guest-season-start-0001' } };
    // Without the CSRF value nothing is charged and the card token stays unspent.
    const forged = await guest.post<Err>(pay, body, { ...key, csrf: 'none' });
    expect(forged.status).toBe(403);
    type Paid = {
      status: string;
      newBookingId: string;
      newOrderId: string;
      reference: string;
      paid: Money;
      refunded: null;
      cardLast4: string;
    };
    const paid = await guest.post<Paid>(pay, body, key);
    expect(paid.status).toBe(200);
    expect([paid.body.status, paid.body.paid.amount, paid.body.refunded, paid.body.cardLast4]).toEqual([
      'CHANGED',
      10,
      null,
      '4444',
    ]);
    // The same key again (an answer lost on the way) gets the same booking, and nothing is charged twice.
    const again = await guest.post<Paid>(pay, body, key);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.newBookingId]).toEqual([
      200,
      'true',
      paid.body.newBookingId,
    ]);
    const changes = await server.query<{ n: number }>(
      'select count(*)::int as n from change_of_journeys where source_booking_id = $1',
      [season],
    );
    expect(changes[0]?.n).toBe(1);
    // The confirmation: the link follows to the new booking, a season from the new day, as long as before.
    expect((await guest.get(`${API}/booking/${season}`)).status).toBe(308);
    const fresh = await guest.get<{ bookings: { season: { validFrom: string; validUntil: string } }[] }>(
      `${API}/booking/${paid.body.newBookingId}`,
    );
    expect(fresh.status).toBe(200);
    const moved = fresh.body.bookings[0]?.season;
    expect(seasonStartDay(moved?.validFrom ?? '')).toBe(later);
    expect(Date.parse(moved?.validUntil ?? '') - Date.parse(moved?.validFrom ?? '')).toBe(
      Date.parse(before.validUntil) - Date.parse(before.validFrom),
    );
    const emails = (await guest.get<{ emails: { kind: string; subject: string; to: string[] }[] }>('/__outbox.json'))
      .body.emails;
    const sent = emails.filter((e) => e.kind === 'booking-confirmation' && e.subject.includes(paid.body.reference));
    expect(sent.map((e) => e.to)).toEqual([[GUEST_EMAIL]]);
    // Money goes back where it came from (docs/access-policy.md): a refund of the new season is
    // quoted to the card that paid for it, the one on the new order.
    const refund = await guest.get<{
      creditCardForm: { required: boolean; cardOnFile: { brand: string; last4: string } } | null;
    }>(`${API}/refund-quote/${paid.body.newOrderId}/${paid.body.newBookingId}`);
    expect(refund.status).toBe(200);
    // The card that paid was a Mastercard: the new order names it, not the old order's card.
    expect(refund.body.creditCardForm).toMatchObject({
      required: false,
      cardOnFile: { brand: 'Mastercard', last4: '4444' },
    });
  });

  it('with the emailed link changes the journey, paying with a new card only', async () => {
    const guest = await guestLink();
    const changeability = await guest.get(`${API}/change-of-journey/changeability/${GUEST_ORDER}/${GUEST_BOOKING}`);
    expect(changeability.body).toEqual({ changeable: true, reason: null, changeOnline: true });
    const options = await guest.get<Options>(`${API}/change-of-journey/options/${GUEST_BOOKING}`);
    expect(options.body.savedCards).toEqual([]);
    const b = await bookingData(guest, FIND_BOOKING_DEMO_KEY);
    const train = at(await trains(guest, FIND_BOOKING_DEMO_KEY, 'outward', 'outward', dayOf(b.outward.date)), '13:30');
    const q = await guest.post<Quote>(`${API}/change-of-journey/quote/${GUEST_BOOKING}`, {
      direction: 'outward',
      outwardTrain: train.trainId,
    });
    expect(q.status).toBe(200);
    const total = q.body.total.amount;
    // No saved card is the guest's: even a card id of the demo account's is refused.
    const saved = await guest.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, {
      expectedTotal: total,
      payment: { method: 'saved', cardId: 'anything' },
    });
    expect([saved.status, code(saved.body)]).toEqual([422, 'CARD_UNKNOWN']);
    const card = await guest.post<{ token: string }>(`${API}/payment/card-token`, {
      number: '4242424242424242',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Jordan Lee',
    });
    expect(card.status).toBe(200);
    const paid = await guest.post<{ newBookingId: string; cardLast4: string }>(
      `${API}/change-of-journey/pay/${q.body.quoteId}`,
      { expectedTotal: total, payment: { method: 'card', token: card.body.token } },
    );
    expect([paid.status, paid.body.cardLast4]).toEqual([200, '4242']);
    // The link carries over to the new booking; the old one answers 308.
    expect((await guest.get(`${API}/booking/${paid.body.newBookingId}`)).status).toBe(200);
    expect((await guest.get(`${API}/booking/${GUEST_BOOKING}`)).status).toBe(308);
    // The new booking changes again from the same link, with a card token minted for the link's order.
    const list = await guest.get<Departures>(
      `${API}/change-of-journey/departures/${paid.body.newBookingId}?direction=outward&leg=outward&date=${dayOf(b.outward.date)}&after=16:00`,
    );
    const next = await guest.post<Quote>(`${API}/change-of-journey/quote/${paid.body.newBookingId}`, {
      direction: 'outward',
      outwardTrain: at(list.body.departures, '16:30').trainId,
    });
    expect(next.status).toBe(200);
    const again = await guest.post<{ token: string }>(`${API}/payment/card-token`, {
      number: '4242424242424242',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Jordan Lee',
    });
    const repaid = await guest.post<{ newBookingId: string }>(`${API}/change-of-journey/pay/${next.body.quoteId}`, {
      expectedTotal: next.body.total.amount,
      payment: { method: 'card', token: again.body.token },
    });
    expect(repaid.status).toBe(200);
  });

  it('who found the booking with its four details may not change it: the answer leaves it to the retailer', async () => {
    const b = await bookingData(await guestLink(), FIND_BOOKING_DEMO_KEY);
    const finder = apiClient(server.origin);
    await finder.init();
    const found = await finder.post<{ orderExchangeToken: string }>(`${API}/booking/find-booking`, {
      bookingReference: stableFriendlyOrderId(FIND_BOOKING_DEMO_KEY),
      departureDate: new Date(b.outward.date).toLocaleDateString('en-CA', { timeZone: 'Europe/London' }),
      passengerSurname: GUEST_PASSENGER.lastName,
      emailAddress: GUEST_EMAIL,
    });
    expect(found.status).toBe(200);
    const session = await finder.post<{ session: string }>(`${API}/user-flow-access`, {
      token: found.body.orderExchangeToken,
    });
    finder.flowId = `order.${session.body.session}`;
    const changeability = await finder.get(`${API}/change-of-journey/changeability/${GUEST_ORDER}/${GUEST_BOOKING}`);
    expect(changeability.body).toEqual({ changeable: true, reason: null });
    const options = await finder.get<Err>(`${API}/change-of-journey/options/${GUEST_BOOKING}`);
    expect([options.status, code(options.body)]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('a season ticket', () => {
  const SEASON = 'demo-season-annual-reading';
  const seasonBooking = booking(SEASON);
  type SeasonOptions = Options & { fareKind: string; season: { validFrom: string; validUntil: string } };
  const changeability = (client: ApiClient) =>
    client.get<{ changeable: boolean; reason: string | null }>(
      `${API}/seasons-change-of-journey/changeability/${stableId('order', SEASON)}/${seasonBooking}`,
    );

  it("offers the start date's change online on a season that has not started (the demo's own)", async () => {
    const sam = await signedInClient(server.origin, SECOND_ACCOUNT);
    const answer = await sam.get(
      `${API}/seasons-change-of-journey/changeability/${stableId('order', SEASON_NOT_STARTED)}/${booking(SEASON_NOT_STARTED)}`,
    );
    expect(answer.body).toEqual({ changeable: true, reason: null, changeOnline: true });
    const options = await sam.get<SeasonOptions>(`${API}/change-of-journey/options/${booking(SEASON_NOT_STARTED)}`);
    expect([options.body.fareKind, options.body.directions.map((d) => d.changeable)]).toEqual(['season', [true]]);
  });

  it('changes only its start date, before it starts, for the fee', async () => {
    // Started (101 days ago): refused with the rule.
    expect((await changeability(demo)).body).toEqual({ changeable: false, reason: 'SEASON_STARTED' });
    const started = await demo.get<SeasonOptions>(`${API}/change-of-journey/options/${seasonBooking}`);
    expect(started.body.directions).toEqual([
      {
        direction: 'outward',
        changeable: false,
        reason: 'SEASON_STARTED',
        message: expect.stringMatching(/only its start date, before it starts/),
      },
    ]);
    const validFrom = Date.parse(started.body.season.validFrom);
    // How many UK days it lasts (its first and last day are UK days).
    const ukDays = (s: { validFrom: string; validUntil: string } | undefined) =>
      (Date.parse(seasonStartDay(s?.validUntil ?? '')) - Date.parse(seasonStartDay(s?.validFrom ?? ''))) / 86_400_000;
    const length = ukDays(started.body.season);

    // Ten days before it starts: its start date moves, for the £10 fee; the season stays as long.
    await server.setClock(validFrom - 10 * 24 * 3600_000 - Date.now());
    try {
      const client = await signedInClient(server.origin, DEMO_ACCOUNT);
      // changeOnline: the start date's own screen is offered (decision 790).
      expect((await changeability(client)).body).toEqual({ changeable: true, reason: null, changeOnline: true });
      const options = await client.get<SeasonOptions>(`${API}/change-of-journey/options/${seasonBooking}`);
      expect([options.body.fareKind, options.body.directions.map((d) => [d.direction, d.changeable])]).toEqual([
        'season',
        [['outward', true]],
      ]);
      // No trains to choose, and no date but a later day than today.
      const noTrains = await client.get<Err>(
        `${API}/change-of-journey/departures/${seasonBooking}?direction=outward&leg=outward&date=${seasonStartDay(started.body.season.validFrom)}&after=00:00`,
      );
      expect([noTrains.status, code(noTrains.body)]).toEqual([422, 'SEASON_START_DATE']);
      const same = await client.post<Err>(`${API}/change-of-journey/quote/${seasonBooking}`, {
        direction: 'outward',
        startDate: seasonStartDay(started.body.season.validFrom),
      });
      expect([same.status, code(same.body)]).toEqual([422, 'SAME_START_DATE']);
      const today = new Date(validFrom - 10 * 24 * 3600_000).toISOString().slice(0, 10);
      const past = await client.post<Err>(`${API}/change-of-journey/quote/${seasonBooking}`, {
        direction: 'outward',
        startDate: today,
      });
      expect([past.status, code(past.body)]).toEqual([422, 'DATE_OUT_OF_RANGE']);
      const newStart = seasonStartDay(new Date(validFrom + 7 * 24 * 3600_000).toISOString());
      const q = await client.post<Quote & { fareKind: string; season: { validFrom: string; validUntil: string } }>(
        `${API}/change-of-journey/quote/${seasonBooking}`,
        { direction: 'outward', startDate: newStart },
      );
      expect(q.status).toBe(200);
      expect([q.body.fareKind, q.body.fareDifference.amount, q.body.fees.amount, q.body.total.amount]).toEqual([
        'season',
        0,
        10,
        10,
      ]);
      expect(seasonStartDay(q.body.season.validFrom)).toBe(newStart);
      const visa = options.body.savedCards.find((c) => !c.expired);
      const paid = await client.post<{ newBookingId: string }>(`${API}/change-of-journey/pay/${q.body.quoteId}`, {
        expectedTotal: 10,
        payment: { method: 'saved', cardId: visa?.id },
      });
      expect(paid.status).toBe(200);
      // The new booking is the season, from the new date, as long as before; the old one answers 308.
      const fresh = await client.get<{
        bookings: { isSeasonBooking: boolean; season: { validFrom: string; validUntil: string } }[];
      }>(`${API}/booking/${paid.body.newBookingId}`);
      expect(fresh.body.bookings[0]?.isSeasonBooking).toBe(true);
      const season = fresh.body.bookings[0]?.season;
      expect(seasonStartDay(season?.validFrom ?? '')).toBe(newStart);
      expect(ukDays(season)).toBe(length);
      expect((await client.get(`${API}/booking/${seasonBooking}`)).status).toBe(308);
    } finally {
      await server.setClock(0);
    }
  });

  it('moves the start in UK days when the season starts in British Summer Time (decision 790)', async () => {
    // Sam's season made to start on 15 June 2027, midnight in London: 23:00 UTC on the 14th.
    const sams = booking(SEASON_NOT_STARTED);
    const season = { validFrom: '2027-06-14T23:00:00.000Z', validUntil: '2027-07-14T22:59:00.000Z' };
    await server.query(
      `update bookings set outward_date = $4,
         data = jsonb_set(jsonb_set(jsonb_set(data, '{season,validFrom}', to_jsonb($2::text)),
           '{season,validUntil}', to_jsonb($3::text)), '{outward,date}', to_jsonb($2::text))
       where id = $1`,
      [sams, season.validFrom, season.validUntil, new Date(season.validFrom)],
    );
    await server.setClock(Date.parse('2027-06-01T09:00:00.000Z') - Date.now());
    try {
      const sam = await signedInClient(server.origin, SECOND_ACCOUNT);
      const quote = (startDate: string) =>
        sam.post<Err & { season: { validFrom: string; validUntil: string } }>(
          `${API}/change-of-journey/quote/${sams}`,
          { direction: 'outward', startDate },
        );
      // The day it already starts, as the customer sees it, is refused.
      const same = await quote('2027-06-15');
      expect([same.status, same.body.errors?.[0]?.code]).toEqual([422, 'SAME_START_DATE']);
      // The day before it is another day: it starts there at midnight in London, its last day a day earlier too.
      const earlier = await quote('2027-06-14');
      expect(earlier.status).toBe(200);
      expect(earlier.body.season).toEqual({
        validFrom: '2027-06-13T23:00:00.000Z',
        validUntil: '2027-07-13T22:59:00.000Z',
      });
    } finally {
      await server.setClock(0);
    }
  });
});
