import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingData } from '#server/domain/booking-data.ts';
import { departuresOn, directionRefusal, priceChange, trainFactor } from '#server/domain/journey-change.ts';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/** Changing a journey (docs/decisions/600-change-your-journey.md): the rules and the calls. */
const API = '/my-account/api';
const booking = (key: string) => stableId('booking', `${key}:0`);
const YORK = 'demo-upcoming-kingscross-york';
const MANCHESTER = 'demo-upcoming-euston-manchester';
const DEPARTED = 'demo-past-manchester-euston-advance';
type Err = { errors: { code: string; message?: string }[] };
const code = (body: unknown) => (body as Err).errors[0]?.code;
type Money = { amount: number };
type Departures = { departures: { trainId: string; departure: string; status: string; fare: Money | null; difference: Money | null }[] };
type Quote = { quoteId: string; total: Money; fees: Money; fareDifference: Money; lowerFareKept: boolean; lines: unknown[] };
type Options = { directions: { direction: string; changeable: boolean; reason: string | null; message: string | null }[]; savedCards: { id: string; expired: boolean }[] };

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
  const res = await client.get<Departures>(`${API}/change-of-journey/departures/${booking(key)}?direction=${direction}&leg=${leg}&date=${date}&after=00:00`);
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
    date, origin: { code: 'KGX', name: 'K' }, destination: { code: 'YRK', name: 'Y' }, departureTime: date,
    arrivalTime: new Date(Date.parse(date) + 112 * 60_000).toISOString(), operator: 'LNER', changes: 0, timetableId: null,
  });
  const data = (type: string, out: string, inward?: string): BookingData => ({
    outward: leg(out), inward: inward ? leg(inward) : null,
    passengers: [{ id: 'p', firstName: 'A', lastName: 'B', type: 'adult', railcard: null }],
    tickets: [{ id: 't', type, fareClass: 'standard', direction: inward ? 'return' : 'outward', passengerIds: ['p'], price: { amount: 40, currencyCode: 'GBP' }, refundable: true }],
    delivery: { id: 'd', method: 'mobile', collectionReference: null, activated: false }, price: { amount: 40, currencyCode: 'GBP' }, season: null,
  });
  it('Advance: only before the booked train leaves; Off-Peak and Anytime: only before the date on the ticket', () => {
    expect(directionRefusal(data('Advance Single', '2026-03-02T07:00:00Z'), 'outward', new Set(), now)).toBe('DEPARTED');
    expect(directionRefusal(data('Advance Single', '2026-03-02T09:00:00Z'), 'outward', new Set(), now)).toBeNull();
    expect(directionRefusal(data('Off-Peak Single', '2026-03-02T09:00:00Z'), 'outward', new Set(), now)).toBe('TICKET_DATE_REACHED');
    expect(directionRefusal(data('Anytime Single', '2026-03-03T09:00:00Z'), 'outward', new Set(), now)).toBeNull();
    expect(directionRefusal(data('Off-Peak Single', '2026-03-03T09:00:00Z'), 'inward', new Set(), now)).toBe('NO_RETURN');
    // A partly refunded booking changes only the tickets left: none left, nothing to change.
    expect(directionRefusal(data('Anytime Single', '2026-03-03T09:00:00Z'), 'outward', new Set(['t']), now)).toBe('NO_TICKETS');
  });
  it('Advance: fee plus a higher fare, nothing back for a lower one; flexible: the difference either way less the fee', () => {
    const trainAt = (iso: string) => ({ trainId: 'x', departure: iso, arrival: iso, changes: 0, status: 'AVAILABLE' as const });
    const advance = data('Advance Single', '2026-03-05T10:30:00Z');
    const cheaper = priceChange(advance, 'outward', { outward: trainAt('2026-03-05T19:30:00Z'), inward: null }, new Set(), 10, now);
    expect([cheaper.fareDifference, cheaper.total, cheaper.lowerFareKept]).toEqual([-8, 10, true]);
    const dearer = priceChange(advance, 'outward', { outward: trainAt('2026-03-05T18:00:00Z'), inward: null }, new Set(), 10, now);
    expect([dearer.fareDifference, dearer.total, dearer.lowerFareKept]).toEqual([10, 20, false]);
    const offPeak = data('Off-Peak Single', '2026-03-05T10:30:00Z');
    const back = priceChange(offPeak, 'outward', { outward: trainAt('2026-03-05T19:30:00Z'), inward: null }, new Set(), 10, now);
    expect(back.total).toBe(2); // £8 cheaper, less the £10 fee: £2 to pay
    const anytime = priceChange(data('Anytime Single', '2026-03-05T10:30:00Z'), 'outward', { outward: trainAt('2026-03-06T18:00:00Z'), inward: null }, new Set(), 10, now);
    expect([anytime.fareDifference, anytime.total]).toEqual([0, 10]);
  });
  it('the timetable: every 90 minutes from 06:00, the 12:00 full and the 15:00 cancelled; Advance dearer in its last 2 days', () => {
    const list = departuresOn(leg('2026-03-05T09:00:00Z'), '2026-03-05', '00:00', now);
    expect(list.map((d) => d.departure.slice(11, 16))).toEqual(['06:00', '07:30', '09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00', '19:30', '21:00']);
    expect(list.filter((d) => d.status !== 'AVAILABLE').map((d) => [d.departure.slice(11, 16), d.status])).toEqual([['12:00', 'FULL'], ['15:00', 'CANCELLED']]);
    expect(trainFactor('Advance Single', new Date('2026-03-03T10:30:00Z'), now)).toBeCloseTo(1.2);
    expect(trainFactor('Off-Peak Single', new Date('2026-03-03T10:30:00Z'), now)).toBe(1);
  });
});

describe('the calls', () => {
  it("King's Cross → York: a later, dearer train paid with a saved card issues a new booking; the old one answers 308", async () => {
    const b = await bookingData(demo, YORK);
    const options = await demo.get<Options>(`${API}/change-of-journey/options/${booking(YORK)}`);
    expect(options.body.directions.map((d) => [d.direction, d.changeable])).toEqual([['outward', true], ['inward', true], ['both', true]]);
    const list = await trains(demo, YORK, 'outward', 'outward', dayOf(b.outward.date));
    expect(at(list, '12:00')).toMatchObject({ status: 'FULL', fare: null });
    const evening = at(list, '18:00');
    // Two Off-Peak Returns at £49.20 (return at 17:30, in the evening peak), the outward moved into
    // the evening peak too: (1.25 + 1.25) / (1 + 1.25) of the fare, £54.70 each.
    expect(evening.difference?.amount).toBe(11);
    const full = await demo.post<Err>(`${API}/change-of-journey/quote/${booking(YORK)}`, { direction: 'outward', outwardTrain: at(list, '12:00').trainId });
    expect([full.status, code(full.body)]).toEqual([409, 'TRAIN_FULL']);
    const q = await demo.post<Quote>(`${API}/change-of-journey/quote/${booking(YORK)}`, { direction: 'outward', outwardTrain: evening.trainId });
    expect(q.status).toBe(200);
    expect([q.body.fareDifference.amount, q.body.fees.amount, q.body.total.amount]).toEqual([11, 20, 31]);
    const visa = options.body.savedCards.find((c) => !c.expired);
    const expired = options.body.savedCards.find((c) => c.expired);
    const key = { headers: { 'idempotency-key': 'change-york-0001' } };
    // The expired card is refused; the quote stays for another card.
    const refused = await demo.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, { expectedTotal: 31, payment: { method: 'saved', cardId: expired?.id } });
    expect([refused.status, code(refused.body)]).toEqual([422, 'CARD_EXPIRED']);
    const paid = await demo.post<{ newBookingId: string; paid: Money; refunded: null }>(
      `${API}/change-of-journey/pay/${q.body.quoteId}`, { expectedTotal: 31, payment: { method: 'saved', cardId: visa?.id } }, key,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.paid.amount).toBe(31);
    // A repeat with the same key (a lost answer checked) gets the same answer; nothing is paid twice.
    const again = await demo.post<{ newBookingId: string }>(`${API}/change-of-journey/pay/${q.body.quoteId}`, { expectedTotal: 31, payment: { method: 'saved', cardId: visa?.id } }, key);
    expect(again.body.newBookingId).toBe(paid.body.newBookingId);
    const old = await demo.get<{ bookingId: string }>(`${API}/booking/${booking(YORK)}`);
    expect(old.status).toBe(308);
    const fresh = await demo.get<{ outward: { departure: string }; passengers: { railcard: string | null }[] }>(`${API}/change-of-journey/options/${paid.body.newBookingId}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.outward.departure.slice(11, 16)).toBe('18:00');
    // The passengers keep their railcards.
    expect(fresh.body.passengers.map((p) => p.railcard)).toEqual(['Two Together Railcard', 'Two Together Railcard']);
    // A second tab's change of the same booking is refused: one change per booking.
    const second = await demo.post<Err>(`${API}/change-of-journey/quote/${booking(YORK)}`, { direction: 'outward', outwardTrain: evening.trainId });
    expect([second.status, code(second.body)]).toEqual([409, 'ALREADY_CHANGED']);
    const changeability = await demo.get<{ changeable: boolean; reason: string }>(`${API}/change-of-journey/changeability/${stableId('order', YORK)}/${booking(YORK)}`);
    expect(changeability.body).toMatchObject({ changeable: false, reason: 'BOOKING_REPLACED' });
  });

  it('Advance to a cheaper train: the fee only, nothing back; a new card declined says so', async () => {
    const b = await bookingData(demo, MANCHESTER);
    const list = await trains(demo, MANCHESTER, 'outward', 'outward', dayOf(b.outward.date));
    const q = await demo.post<Quote>(`${API}/change-of-journey/quote/${booking(MANCHESTER)}`, { direction: 'outward', outwardTrain: at(list, '19:30').trainId });
    expect([q.body.fareDifference.amount, q.body.total.amount, q.body.lowerFareKept]).toEqual([-8.5, 10, true]);
    const token = await demo.post<{ token: string }>(`${API}/payment/card-token`, { number: '4000000000000002', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Alex Morgan' });
    expect(token.status).toBe(200);
    const declined = await demo.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, { expectedTotal: 10, payment: { method: 'card', token: token.body.token } });
    expect([declined.status, code(declined.body)]).toEqual([422, 'CARD_DECLINED']);
    const none = await demo.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, { expectedTotal: 10, payment: { method: 'none' } });
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
      const q = await client.post<Quote>(`${API}/change-of-journey/quote/${booking(MANCHESTER)}`, { direction: 'outward', outwardTrain: train.trainId });
      expect(q.status).toBe(200);
      const options = await client.get<Options>(`${API}/change-of-journey/options/${booking(MANCHESTER)}`);
      const visa = options.body.savedCards.find((c) => !c.expired);
      await server.setClock(threshold + 10 * 60_000 - Date.now());
      const moved = await client.post<Err>(`${API}/change-of-journey/pay/${q.body.quoteId}`, { expectedTotal: q.body.total.amount, payment: { method: 'saved', cardId: visa?.id } });
      expect([moved.status, code(moved.body)]).toEqual([409, 'PRICE_CHANGED']);
      // Nothing was changed: the booking stands, and a new quote shows the new price.
      expect((await client.get(`${API}/booking/${booking(MANCHESTER)}`)).status).toBe(200);
      const again = await client.post<Quote>(`${API}/change-of-journey/quote/${booking(MANCHESTER)}`, { direction: 'outward', outwardTrain: train.trainId });
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
    const res = await demo.get<Err>(`${API}/change-of-journey/departures/${booking(DEPARTED)}?direction=outward&leg=outward&date=${today}&after=00:00`);
    expect([res.status, code(res.body)]).toEqual([422, 'DEPARTED']);
  });
});
