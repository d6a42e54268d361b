import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at } from '#server/seed/booking-factory.ts';
import {
  CHECK_IN_GUEST_KEY,
  CHECK_IN_GUEST_TOKEN,
  FAILING_ON_DEMAND_BOOKING_KEY,
} from '#server/seed/booking-actions.ts';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { DEMO_GUEST_TOKENS, GUEST_EMAIL } from '#server/seed/guest-orders.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const API = '/my-account/api';
const booking = (key: string) => stableId('booking', `${key}:0`);
const order = (key: string) => stableId('order', key);
const delivery = (key: string) => stableId('delivery', key);

const EUSTON_MANCHESTER = 'demo-upcoming-euston-manchester'; // mobile, 3 days out at 07:30 UTC
const KINGSCROSS_YORK = 'demo-upcoming-kingscross-york'; // collect at station
const PAST_LEEDS = 'demo-past-leeds-sheffield';
const SEASON = 'demo-season-annual-reading';
const GUEST_NEWCASTLE = 'guest-newcastle-edinburgh'; // token 1, 5 days out

type Err = { errors: { code: string }[] };
const code = (body: unknown) => (body as Err).errors[0]?.code;

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const setClock = (offsetMs: number) => server.setClock(offsetMs);

const signIn = async () => {
  const res = await client.post(`${API}/login`, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  expect(res.status).toBe(200);
};
const guestSession = async (token: string) => {
  const res = await client.post<{ session: string }>(`${API}/user-flow-access`, { token });
  expect(res.status).toBe(200);
  client.flowId = `order.${res.body.session}`;
};

// One fresh scenario per group (reseeding is slow); each test starts with a new client and real time.
beforeEach(async () => {
  await setClock(0);
  client = apiClient(server.origin);
  await client.init();
});

describe('POST /booking/checkIn', () => {
  beforeAll(() => server.reset());
  const checkIn = (bookingKey: string, query = '') =>
    client.post<{ url: string }>(`${API}/booking/checkIn${query}`, { uri: `/bookings/${booking(bookingKey)}` });

  it('needs an identity', async () => {
    const res = await checkIn(EUSTON_MANCHESTER);
    expect(res.status).toBe(401);
  });

  it('is not open more than 24 hours before departure', async () => {
    await signIn();
    const res = await checkIn(EUSTON_MANCHESTER);
    expect(res.status).toBe(409);
    expect(code(res.body)).toBe('CHECK_IN_NOT_OPEN');
  });

  it('checks a customer in within 24 hours of departure and answers the booking page', async () => {
    const seededAt = await setClock(0);
    const departure = at(seededAt, 3, 7, 30);
    await setClock(departure.getTime() - 2 * 3_600_000 - Date.now());
    // Hours later the customer signs in again: a session ends after 30 idle minutes (decision 154).
    await signIn();
    const res = await checkIn(EUSTON_MANCHESTER);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `/my-account/bookings/${booking(EUSTON_MANCHESTER)}?checkedIn=true` });
    // Idempotent: checking in again answers the same page.
    expect((await checkIn(EUSTON_MANCHESTER)).body).toEqual(res.body);
    // The booking now says so itself (the page does not trust ?checkedIn=true).
    const detail = await client.get<{ bookings: { id: string; checkedIn: boolean }[] }>(
      `${API}/booking/${booking(EUSTON_MANCHESTER)}`,
    );
    expect(detail.body.bookings.find((b) => b.id === booking(EUSTON_MANCHESTER))?.checkedIn).toBe(true);
  });

  it('is closed once the train has left and not supported for seasons', async () => {
    await signIn();
    const past = await checkIn(PAST_LEEDS);
    expect([past.status, code(past.body)]).toEqual([409, 'CHECK_IN_CLOSED']);
    const season = await checkIn(SEASON);
    expect([season.status, code(season.body)]).toEqual([409, 'CHECK_IN_NOT_SUPPORTED']);
  });

  it('checks a guest in through the guest session or the order token, to the order-token page', async () => {
    const url = `/my-account/order-token/${booking(CHECK_IN_GUEST_KEY)}?checkedIn=true`;
    const viaToken = await checkIn(CHECK_IN_GUEST_KEY, `?token=${CHECK_IN_GUEST_TOKEN}`);
    expect([viaToken.status, viaToken.body]).toEqual([200, { url }]);
    await guestSession(CHECK_IN_GUEST_TOKEN);
    const viaSession = await checkIn(CHECK_IN_GUEST_KEY);
    expect([viaSession.status, viaSession.body]).toEqual([200, { url }]);
  });

  it('keeps guests and customers to their own orders', async () => {
    await guestSession(DEMO_GUEST_TOKENS[0]);
    expect((await checkIn(CHECK_IN_GUEST_KEY)).status).toBe(403);
    expect((await checkIn(EUSTON_MANCHESTER)).status).toBe(403);
    client.flowId = null;
    expect((await checkIn(CHECK_IN_GUEST_KEY, `?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(403);
    await signIn();
    expect((await checkIn(CHECK_IN_GUEST_KEY)).status).toBe(403);
    expect((await checkIn(GUEST_NEWCASTLE)).status).toBe(403);
  });

  it('answers unknown bookings like foreign ones and rejects other uris', async () => {
    await signIn();
    const unknown = await client.post(`${API}/booking/checkIn`, {
      uri: '/bookings/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(403);
    for (const uri of ['https://evil.example/bookings/x', `/bookings/${booking(EUSTON_MANCHESTER)}/x`, '', 42]) {
      const res = await client.post(`${API}/booking/checkIn`, { uri });
      expect(res.status, String(uri)).toBe(400);
    }
  });
});

describe('POST /booking/resend-email', () => {
  beforeAll(() => server.reset());
  const body = (overrides: Record<string, unknown> = {}) => ({
    emailAddresses: ['demo@example.com'],
    bookingId: booking(EUSTON_MANCHESTER),
    orderId: order(EUSTON_MANCHESTER),
    deliveryMethod: 'mobile',
    vendor: 'Leisure',
    ...overrides,
  });
  const resend = (b: unknown) => client.post(`${API}/booking/resend-email`, b);

  it('needs an identity', async () => {
    expect((await resend(body())).status).toBe(401);
  });

  it('records a resend to one or more addresses', async () => {
    await signIn();
    const one = await resend(body());
    expect([one.status, one.body]).toEqual([200, { success: true }]);
    const two = await resend(body({ emailAddresses: ['demo@example.com', ' Demo@Example.com '] }));
    expect([two.status, two.body]).toEqual([200, { success: true }]);
    // Only the booking's own addresses (decision 301; test/server/resend-email-limits.test.ts).
    const other = await resend(body({ emailAddresses: ['demo@example.com', ' Jamie@Example.com '] }));
    expect([other.status, other.body]).toEqual([
      422,
      { errors: [{ code: 'RECIPIENT_NOT_ALLOWED', field: 'emailAddresses.1' }] },
    ]);
  });

  it('refuses bad addresses with 400', async () => {
    await signIn();
    for (const emailAddresses of [
      [],
      ['not-an-email'],
      ['demo@example.com', ''],
      Array(6).fill('a@example.com'),
      'demo@example.com',
    ]) {
      const res = await resend(body({ emailAddresses }));
      expect(res.status, JSON.stringify(emailAddresses)).toBe(400);
    }
    expect(code((await resend(body({ emailAddresses: ['nope'] }))).body)).toBe('INVALID_EMAIL_ADDRESS');
  });

  it('refuses a delivery method or vendor that does not fit', async () => {
    await signIn();
    expect((await resend(body({ deliveryMethod: 'post' }))).status).toBe(400);
    expect((await resend(body({ vendor: 'Somebody' }))).status).toBe(400);
  });

  it('keeps guests and customers to their own orders', async () => {
    await signIn();
    expect((await resend(body({ orderId: order(KINGSCROSS_YORK) }))).status).toBe(403);
    const guest = body({
      emailAddresses: [GUEST_EMAIL],
      bookingId: booking(CHECK_IN_GUEST_KEY),
      orderId: order(CHECK_IN_GUEST_KEY),
      deliveryMethod: 'print-at-home',
    });
    expect((await resend(guest)).status).toBe(403);
    client.dropCookie();
    await client.init();
    await guestSession(CHECK_IN_GUEST_TOKEN);
    expect((await resend(guest)).status).toBe(200);
    expect((await resend(body())).status).toBe(403);
  });
});

describe('on-demand tickets', () => {
  beforeAll(() => server.reset());
  const generate = (bookingKey: string, deliveryId = delivery(bookingKey)) =>
    client.post<{ deliverableId: string }>(
      `${API}/booking/${booking(bookingKey)}/generate-on-demand-ticket/${deliveryId}`,
    );
  const status = (bookingKey: string, deliverableId: string) =>
    client.get<{ status: string; ticket?: unknown }>(
      `${API}/booking/${booking(bookingKey)}/get-on-demand-ticket-status/${deliverableId}`,
    );

  it('issues a ticket a few seconds (server clock) after generating it', async () => {
    await signIn();
    const gen = await generate(EUSTON_MANCHESTER);
    expect(gen.status).toBe(200);
    const { deliverableId } = gen.body;
    type Detail = {
      bookings: {
        id: string;
        delivery: { issuedTicket?: { reference: string; issuedAt: string; barcode?: string } };
      }[];
    };
    const issuedOnBooking = async () =>
      (await client.get<Detail>(`${API}/booking/${booking(EUSTON_MANCHESTER)}`)).body.bookings.find(
        (b) => b.id === booking(EUSTON_MANCHESTER),
      )?.delivery.issuedTicket;
    expect((await status(EUSTON_MANCHESTER, deliverableId)).body).toEqual({ status: 'processing' });
    expect(await issuedOnBooking()).toBeUndefined();
    await setClock(3000);
    expect((await status(EUSTON_MANCHESTER, deliverableId)).body).toEqual({ status: 'processing' });
    await setClock(4000);
    const ready = await status(EUSTON_MANCHESTER, deliverableId);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      ticket: {
        reference: expect.stringMatching(/^TKT-[0-9A-F]{8}$/),
        issuedAt: expect.any(String),
        barcode: expect.any(String),
      },
    });
    // Once issued, the booking itself names the ticket and carries its barcode (what booking.reload
    // shows, and what is kept for offline reading).
    const ticket = (ready.body as { ticket: { reference: string; issuedAt: string; barcode: string } }).ticket;
    expect(await issuedOnBooking()).toEqual({
      reference: ticket.reference,
      issuedAt: ticket.issuedAt,
      barcode: ticket.barcode,
    });
  });

  it('always fails for the seeded failing delivery', async () => {
    await signIn();
    const gen = await generate(FAILING_ON_DEMAND_BOOKING_KEY);
    expect(gen.status).toBe(200);
    expect((await status(FAILING_ON_DEMAND_BOOKING_KEY, gen.body.deliverableId)).body).toEqual({
      status: 'processing',
    });
    await setClock(2500);
    expect((await status(FAILING_ON_DEMAND_BOOKING_KEY, gen.body.deliverableId)).body).toEqual({ status: 'failed' });
  });

  it('only issues mobile and print-at-home deliveries of the booking', async () => {
    await signIn();
    const collect = await generate(KINGSCROSS_YORK);
    expect([collect.status, code(collect.body)]).toEqual([409, 'ON_DEMAND_NOT_SUPPORTED']);
    const wrong = await generate(EUSTON_MANCHESTER, delivery(KINGSCROSS_YORK));
    expect([wrong.status, code(wrong.body)]).toEqual([404, 'DELIVERY_NOT_FOUND']);
  });

  it('does not show one booking’s deliverable through another', async () => {
    await signIn();
    const gen = await generate(EUSTON_MANCHESTER);
    expect((await status(KINGSCROSS_YORK, gen.body.deliverableId)).status).toBe(404);
    expect((await status(EUSTON_MANCHESTER, 'no-such-deliverable')).status).toBe(404);
  });

  it('lets a guest issue their own ticket and nobody else’s', async () => {
    await guestSession(CHECK_IN_GUEST_TOKEN);
    const gen = await generate(CHECK_IN_GUEST_KEY);
    expect(gen.status).toBe(200);
    expect((await status(CHECK_IN_GUEST_KEY, gen.body.deliverableId)).body).toEqual({ status: 'processing' });
    expect((await generate(EUSTON_MANCHESTER)).status).toBe(403);
    await guestSession(DEMO_GUEST_TOKENS[0]);
    expect((await status(CHECK_IN_GUEST_KEY, gen.body.deliverableId)).status).toBe(403);
    client.flowId = null;
    expect((await generate(CHECK_IN_GUEST_KEY)).status).toBe(401);
  });
});
