import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { ASSISTANCE_BOOKING_KEY, ASSISTANCE_IDS } from '#server/seed/passenger-assistance.ts';
import { REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { feesRefundedBy } from '#server/api/refund-quote.ts';
import type { BookingData } from '#server/domain/booking-data.ts';
import { parseCalendar } from '../helpers/parse-ics.ts';
import { apiClient, signedInClient, type ApiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * What follows a booking's lifecycle once money moves (docs/decisions/630): the assistance booked
 * with its tickets, the assistance overview, the calendar feed, the emails the screens promise, and
 * the booking fee of a journey the railway disrupted. Plain API calls, as the screens make them.
 */
const API = '/my-account/api';
const orderOf = (key: string) => stableId('order', key);
const YORK = ASSISTANCE_BOOKING_KEY; // demo: King's Cross → York, Jamie's wheelchair and ramp booked
const MANCHESTER = 'demo-upcoming-euston-manchester'; // demo: £42.50 fare + £1.50 booking fee, its train cancelled

type Email = { kind: string; to: string[]; subject: string; body: string; locale: string | null };
type Assistance = { id: string; status: string; passengerId: string; cancelledBecause?: string };
type Quote = {
  quoteId: string | null;
  status: string;
  partialRefundables: string[];
  cancellationDetails: {
    paid: { amount: number };
    total: { amount: number };
    bookingFees?: { amount: { amount: number }; refunded: boolean };
  } | null;
};

const server = useTestServer({ resetEachTest: true });
let client: ApiClient;
beforeEach(async () => {
  await server.setClock(0);
});

const outbox = async (kind: string) =>
  (await client.get<{ emails: Email[] }>('/__outbox.json')).body.emails.filter((e) => e.kind === kind);
const quote = async (key: string, bookingId: string, query = '') => {
  const res = await client.get<Quote>(`${API}/refund-quote/${orderOf(key)}/${bookingId}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const requestRefund = (quoteId: string | null, locale = 'en-GB') =>
  client.request('POST', `${API}/refund-quote/${quoteId ?? ''}`, {
    body: 'null',
    headers: { 'accept-language': locale },
  });
const assistanceOf = async (orderId: string, bookingId: string) =>
  (
    await client.get<{ passengerAssistances: Assistance[] }>(
      `${API}/customer/passenger-assistance/orders/${orderId}/products/${bookingId}`,
    )
  ).body.passengerAssistances;
const overview = async () =>
  (
    await client.get<{
      bookings: { bookingId: string; outward: { origin: { name: string }; departureTime: string } }[];
    }>(`${API}/customer/passenger-assistance`)
  ).body.bookings;
/** The overview's local extra: journeys whose tickets are gone, with only the help that ended with them. */
const endedWithTickets = async () =>
  (
    await client.get<{ cancelledWithTickets?: { bookingId: string; passengerAssistances: Assistance[] }[] }>(
      `${API}/customer/passenger-assistance`,
    )
  ).body.cancelledWithTickets ?? [];

describe('assistance follows its tickets, and the customer is told', () => {
  it('a refund of King’s Cross → York cancels Jamie’s wheelchair and ramp, drops the journey from the overview, and emails both in French', async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
    const bookingId = bookingIdOf(YORK);
    expect((await overview()).some((b) => b.bookingId === bookingId)).toBe(true);
    const q = await quote(YORK, bookingId, '?refundReason=CHANGED_PLANS');
    expect((await requestRefund(q.quoteId, 'fr-FR,fr;q=0.9')).status).toBe(200);

    const jamie = (await assistanceOf(orderOf(YORK), bookingId)).find((a) => a.id === ASSISTANCE_IDS.jamieOutward);
    expect(jamie).toMatchObject({ status: 'cancelled', cancelledBecause: 'refunded' });
    // Case 3: no "Request assistance" for a refunded journey.
    expect((await overview()).some((b) => b.bookingId === bookingId)).toBe(false);

    const [refund] = await outbox('refund-confirmation');
    expect(refund).toMatchObject({ to: ['demo@example.com'], locale: 'fr' });
    expect(refund?.subject).toMatch(/^Votre remboursement pour la réservation TL-/);
    expect(refund?.body).toContain('Jamie');
    expect(refund?.body).toContain(`/fr/my-account/bookings/${bookingId}`);
    const [cancelled] = await outbox('assistance-cancelled');
    expect(cancelled).toMatchObject({ to: ['demo@example.com'], locale: 'fr' });
    expect(cancelled?.body).toMatch(/Jamie .*Fauteuil roulant/);
    // Alex's luggage help was already cancelled: not cancelled again, not in the email.
    expect(cancelled?.body).not.toContain('Alex');
  });

  it('an insurance claim on King’s Cross → York cancels the assistance and emails the claim and the cancellation in German', async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
    const path = `${API}/flexible-insurance/${orderOf(YORK)}/${insuranceProductId(YORK)}`;
    const de = { headers: { 'accept-language': 'de-DE,de;q=0.9' } };
    const eligibility = await client.post<{ claimId: string; isClaimable: boolean }>(
      `${path}/eligibility`,
      undefined,
      de,
    );
    expect(eligibility.body.isClaimable).toBe(true);
    const claim = await client.post<{ reference: string }>(`${path}/${eligibility.body.claimId}/claim`, undefined, de);
    expect(claim.status).toBe(200);

    const items = await assistanceOf(orderOf(YORK), bookingIdOf(YORK));
    expect(items.every((a) => a.status === 'cancelled')).toBe(true);
    expect(items.find((a) => a.id === ASSISTANCE_IDS.jamieOutward)?.cancelledBecause).toBe('insurance-claimed');
    expect((await overview()).some((b) => b.bookingId === bookingIdOf(YORK))).toBe(false);
    // The overview still says why Jamie's help ended, without offering anything on the journey.
    const ended = (await endedWithTickets()).find((b) => b.bookingId === bookingIdOf(YORK));
    expect(ended?.passengerAssistances.map((a) => [a.id, a.status, a.cancelledBecause])).toContainEqual([
      ASSISTANCE_IDS.jamieOutward,
      'cancelled',
      'insurance-claimed',
    ]);
    // Alex's luggage help, cancelled by the customer before, is not among them.
    expect(ended?.passengerAssistances.every((a) => a.cancelledBecause === 'insurance-claimed')).toBe(true);

    const [insurance] = await outbox('insurance-claim');
    expect(insurance).toMatchObject({ locale: 'de', subject: `Ihr Versicherungsfall ${claim.body.reference}` });
    const [cancelled] = await outbox('assistance-cancelled');
    expect(cancelled?.body).toMatch(/^Ihr Versicherungsfall hat die Tickets/);
    expect(cancelled?.body).toContain('Rollstuhl');
  });

  it('a partial refund cancels the refunded passenger’s help and moves the other’s to the replacement, listed once', async () => {
    client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const key = K.partialReturn;
    const bookingId = refundSeedBookingId(key);
    const passengers =
      (await client.get<{ bookings: { passengers: { id: string }[] }[] }>(`${API}/booking/${bookingId}`)).body
        .bookings[0]?.passengers ?? [];
    const [robin, sasha] = passengers.map((p) => p.id);
    for (const passengerId of [robin, sasha]) {
      const booked = await client.post(
        `${API}/customer/passenger-assistance/orders/${orderOf(key)}/products/${bookingId}`,
        {
          passengerId,
          direction: 'outward',
          kinds: ['ramp'],
        },
      );
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    }
    const full = await quote(key, bookingId);
    const robinsTicket =
      full.partialRefundables.find((id) => id.includes(':0') || id.endsWith('0')) ?? full.partialRefundables[0];
    const partial = await quote(key, bookingId, `?refundables=${encodeURIComponent(JSON.stringify([robinsTicket]))}`);
    expect(partial.status).toBe('PARTIALLY_REFUNDABLE');
    expect((await requestRefund(partial.quoteId)).status).toBe(200);

    // The original keeps only what was cancelled with its tickets.
    const left = await assistanceOf(orderOf(key), bookingId);
    expect(left.every((a) => a.status === 'cancelled' && a.cancelledBecause === 'refunded')).toBe(true);
    expect(left).toHaveLength(1);
    // The journey is listed once, as the replacement, which holds the other passenger's help.
    const listed = (await overview()).filter((b) => b.outward.origin.name === 'Manchester Piccadilly');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.bookingId).not.toBe(bookingId);
    const moved = (
      await client.get<{ bookings: { passengerAssistances: Assistance[] }[] }>(`${API}/customer/passenger-assistance`)
    ).body.bookings.find(
      (b) => b.passengerAssistances.length > 0 && b.passengerAssistances.every((a) => a.status === 'booked'),
    );
    expect(moved?.passengerAssistances.map((a) => a.passengerId)).toEqual([
      left[0]?.passengerId === robin ? sasha : robin,
    ]);
    // The original is listed apart, only to say why the refunded passenger's help ended.
    const ended = await endedWithTickets();
    expect(ended.map((b) => [b.bookingId, b.passengerAssistances.map((a) => a.cancelledBecause)])).toEqual([
      [bookingId, ['refunded']],
    ]);
    expect(await outbox('assistance-cancelled')).toHaveLength(1);
  });
});

describe('the calendar feed shows one train once', () => {
  it('after a partial refund, only the replacement is in the feed (the original is left out, not CONFIRMED twice)', async () => {
    client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const key = K.partialReturn;
    const bookingId = refundSeedBookingId(key);
    const feed = await client.post<{ url: string }>(`${API}/customer/calendar-feed`, {});
    const events = async () =>
      parseCalendar(await (await fetch(feed.body.url.replace(/^https?:\/\/[^/]+/, server.origin))).text()).events;
    const before = (await events()).filter((e) => e.summary.includes('Manchester'));
    expect(before.length).toBeGreaterThan(0);
    const full = await quote(key, bookingId);
    const partial = await quote(
      key,
      bookingId,
      `?refundables=${encodeURIComponent(JSON.stringify([full.partialRefundables[0]]))}`,
    );
    expect((await requestRefund(partial.quoteId)).status).toBe(200);

    const after = (await events()).filter((e) => e.summary.includes('Manchester') && e.status === 'CONFIRMED');
    // One event per leg of the one journey, none from the original booking.
    expect(after).toHaveLength(before.length);
    expect(after.some((e) => e.uid.startsWith(bookingId))).toBe(false);
  });
});

describe('the booking fee of a disrupted journey', () => {
  beforeEach(async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
  });

  it('a cancelled train refunds the whole £44.00, booking fee included, and says so', async () => {
    const bookingId = bookingIdOf(MANCHESTER);
    const q = await quote(MANCHESTER, bookingId, '?refundReason=DISRUPTION_SERVICE_CANCELLATION');
    expect(q.cancellationDetails).toMatchObject({
      paid: { amount: 42.5 },
      total: { amount: 44 },
      bookingFees: { amount: { amount: 1.5 }, refunded: true },
    });
    expect((await requestRefund(q.quoteId)).status).toBe(200);
    const detail = await client.get<{
      bookings: { refund: { refunds: { amount: { amount: number }; feesRefunded?: { amount: number } }[] } }[];
    }>(`${API}/booking/${bookingId}`);
    expect(detail.body.bookings[0]?.refund.refunds[0]).toMatchObject({
      amount: { amount: 44 },
      feesRefunded: { amount: 1.5 },
    });
    const [email] = await outbox('refund-confirmation');
    expect(email?.body).toContain('£44.00');
  });

  it('changed plans, or some passengers only, keep the booking fee (the quote then says it is kept)', () => {
    const data = {
      fees: [{ kind: 'booking-fee' as const, amount: { amount: 1.5, currencyCode: 'GBP' } }],
    } as unknown as BookingData;
    expect(feesRefundedBy(data, 'DISRUPTION_TRAIN_DELAYED', true)).toBe(1.5);
    expect(feesRefundedBy(data, 'DISRUPTION_TRAIN_DELAYED', false)).toBe(0);
    expect(feesRefundedBy(data, 'CHANGED_PLANS', true)).toBe(0);
    expect(feesRefundedBy(data, 'BOOKING_ERROR', true)).toBe(0);
  });
});

describe('registration', () => {
  it('the confirmation link is written to the outbox in the page’s language', async () => {
    client = apiClient(server.origin);
    await client.init();
    const res = await client.post(
      `${API}/register`,
      { email: 'nouveau@example.com', password: 'Trains4ever', firstName: 'Léa', lastName: 'Martin' },
      { headers: { 'accept-language': 'fr-CH' } },
    );
    expect(res.status).toBe(202);
    const [email] = await outbox('registration');
    expect(email).toMatchObject({
      to: ['nouveau@example.com'],
      locale: 'fr-ch',
      subject: 'Confirmez votre adresse e-mail',
    });
    expect(email?.body).toMatch(/\/fr-ch\/my-account\/confirm-email#token=/);
  });
});
