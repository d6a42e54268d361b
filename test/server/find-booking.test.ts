import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { FIND_BOOKING_MAX_MISSES, FIND_BOOKING_WINDOW_MS } from '#server/api/find-booking.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

type Found = { orderExchangeToken: string; bookingId: string };
type TokenList = {
  bookings: { booking: { id: string }; order: { id: string; friendlyOrderId: string } }[];
  customerRegistered: boolean;
};

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  client = apiClient(server.origin);
  await client.init();
});

/** The details of the guest order behind a demo token, read through that token. */
const detailsOf = async (token: string) => {
  const list = await client.get<TokenList>(`/my-account/api/booking/token?token=${token}`);
  expect(list.status).toBe(200);
  const entry = list.body.bookings[0]!;
  const full = await client.get<{ results: unknown[] }>(`/my-account/api/booking/token?token=${token}`);
  return { entry, full };
};

const ukDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

describe('GET /booking/token', () => {
  it('needs a guest session or token', async () => {
    expect((await client.get('/my-account/api/booking/token')).status).toBe(401);
    expect((await client.get('/my-account/api/booking/token?token=nope-nope-nope')).status).toBe(401);
  });

  it("lists the guest session's order only, and says whether an account has its email", async () => {
    const access = await client.post<{ session: string; orderId: string }>('/my-account/api/user-flow-access', {
      token: DEMO_GUEST_TOKENS[1],
    });
    client.flowId = `order.${access.body.session}`;
    const res = await client.get<TokenList>('/my-account/api/booking/token');
    expect(res.status).toBe(200);
    expect(res.body.bookings).toHaveLength(2);
    expect(res.body.bookings.every((b) => b.order.id === access.body.orderId)).toBe(true);
    expect(res.body.customerRegistered).toBe(false);
    client.flowId = null;
    const demoEmail = await client.get<TokenList>(`/my-account/api/booking/token?token=${DEMO_GUEST_TOKENS[2]}`);
    expect(demoEmail.body.customerRegistered).toBe(true);
  });
});

describe('POST /booking/find-booking', () => {
  const find = (body: unknown) => client.post<Found>('/my-account/api/booking/find-booking', body);

  it('finds a booking by all four fields (any case) and issues a working exchange token', async () => {
    const { entry } = await detailsOf(DEMO_GUEST_TOKENS[0]);
    const booking = await client.get<TokenList & { bookings: { booking: { outward: { date: string } } }[] }>(
      `/my-account/api/booking/token?token=${DEMO_GUEST_TOKENS[0]}`,
    );
    const date = ukDay(booking.body.bookings[0]!.booking.outward.date);
    const res = await find({
      bookingReference: entry.order.friendlyOrderId.toLowerCase(),
      departureDate: date,
      passengerSurname: 'LEE',
      emailAddress: 'Guest@Example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderExchangeToken: expect.stringMatching(/^[\w-]{43}$/), bookingId: entry.booking.id });
    // The new token opens a guest session for that order; the order's own token still works.
    const access = await client.post<{ orderId: string }>('/my-account/api/user-flow-access', {
      token: res.body.orderExchangeToken,
    });
    expect(access.status).toBe(200);
    expect(access.body.orderId).toBe(entry.order.id);
    expect((await client.post('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[0] })).status).toBe(200);
    // ...and nothing else: another order with this token is refused.
    const other = await detailsOf(DEMO_GUEST_TOKENS[1]);
    const otherList = await client.get<TokenList>(`/my-account/api/booking/token?token=${res.body.orderExchangeToken}`);
    expect(otherList.body.bookings.map((b) => b.order.id)).not.toContain(other.entry.order.id);
  });

  it('answers 422 when any field does not match', async () => {
    const { entry } = await detailsOf(DEMO_GUEST_TOKENS[0]);
    const booking = await client.get<{ bookings: { booking: { outward: { date: string } } }[] }>(
      `/my-account/api/booking/token?token=${DEMO_GUEST_TOKENS[0]}`,
    );
    const good = {
      bookingReference: entry.order.friendlyOrderId,
      departureDate: ukDay(booking.body.bookings[0]!.booking.outward.date),
      passengerSurname: 'Lee',
      emailAddress: 'guest@example.com',
    };
    for (const wrong of [
      { bookingReference: 'TL-AAAAAA' },
      { departureDate: '2001-01-01' },
      { passengerSurname: 'Morgan' },
      { emailAddress: DEMO_ACCOUNT.email },
    ]) {
      const res = await find({ ...good, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(422);
      expect(res.body).toEqual({ errors: [{ code: 'BOOKING_NOT_FOUND' }] });
    }
  });

  it('stops guessing: after 10 misses for one reference it answers 429 for that reference only, for 15 minutes', async () => {
    await server.reset();
    const { entry } = await detailsOf(DEMO_GUEST_TOKENS[1]);
    const booking = await client.get<{ bookings: { booking: { outward: { date: string } } }[] }>(
      `/my-account/api/booking/token?token=${DEMO_GUEST_TOKENS[1]}`,
    );
    const good = {
      bookingReference: entry.order.friendlyOrderId,
      departureDate: ukDay(booking.body.bookings[0]!.booking.outward.date),
      passengerSurname: 'Lee',
      emailAddress: 'guest@example.com',
    };
    for (let i = 0; i < FIND_BOOKING_MAX_MISSES; i++) {
      expect((await find({ ...good, passengerSurname: `Wrong${String.fromCharCode(97 + i)}` })).status).toBe(422);
    }
    const blocked = await find(good);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ errors: [{ code: 'TOO_MANY_ATTEMPTS' }] });
    // Another reference is unaffected.
    expect((await find({ ...good, bookingReference: 'TL-AAAAAA' })).status).toBe(422);
    // After the window the right details work again.
    await server.setClock(FIND_BOOKING_WINDOW_MS + 60_000);
    try {
      const again = await client.post<Found>('/my-account/api/booking/find-booking', good);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    } finally {
      await server.reset();
    }
  });

  it('answers 400 on malformed input', async () => {
    const good = {
      bookingReference: 'TL-AAAAAA',
      departureDate: '2026-01-01',
      passengerSurname: 'Lee',
      emailAddress: 'a@b.co',
    };
    expect((await find({ ...good, departureDate: '01/01/2026' })).status).toBe(400);
    expect((await find({ ...good, emailAddress: 'nope' })).status).toBe(400);
    expect((await find({ ...good, passengerSurname: '' })).status).toBe(400);
    expect((await find({ ...good, bookingReference: 'x' })).status).toBe(400);
    expect((await find(null)).status).toBe(400);
  });
});
