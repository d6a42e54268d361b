import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKINGS_PAGE_SIZE } from '#server/domain/booking-lists.ts';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { ASSOCIATION_DEMO_TOKENS } from '#server/seed/bookings-lists.ts';
import { stableId } from '#server/seed/context.ts';
import { REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { cancelsTickets, lifecycleFacts, type LifecycleBookingView } from '#machines/lib/booking-lifecycle-facts';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

type Entry = {
  booking: {
    id: string;
    outward: { date: string };
    inward: { date: string } | null;
    isSeasonBooking: boolean;
    price: { currencyCode: string };
    refund?: LifecycleBookingView['refund'];
  };
  order: { id: string; friendlyOrderId: string; replacementOrder: { id: string } | null };
};
type Page = {
  results: Entry[];
  total: number;
  page: number;
  pageSize: number;
  upcomingBookings: number;
  pastBookings: number;
  seasonBookings: number;
  guestBookings: number;
  hasGuestBookings: boolean;
};

let server: TestServer;
let client: ApiClient;

const signIn = async (email: string, password = DEMO_ACCOUNT.password) => {
  const res = await client.post('/my-account/api/login', { email, password });
  expect(res.status).toBe(200);
};
const list = (filter: string, page?: number | string) =>
  client.get<Page>(`/my-account/api/bookings/${filter}${page === undefined ? '' : `?page=${page}`}`);
const associate = (guestToken: unknown) =>
  client.post<{ count: number } | null>('/my-account/api/order/associate-guest-orders', { guestToken });

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

describe('GET /bookings/{filter}', () => {
  it('needs a signed-in customer', async () => {
    expect((await list('upcoming')).status).toBe(401);
  });

  it('splits bookings into upcoming, past and season with totals and guest flag', async () => {
    await signIn(DEMO_ACCOUNT.email);
    const now = Date.now();
    const up = await list('upcoming');
    expect(up.status).toBe(200);
    expect(up.body.page).toBe(0);
    expect(up.body.pageSize).toBe(BOOKINGS_PAGE_SIZE);
    expect(up.body.total).toBe(up.body.upcomingBookings);
    expect(up.body.hasGuestBookings).toBe(true);
    for (const e of up.body.results) {
      expect(e.booking.isSeasonBooking).toBe(false);
      // Upcoming while any leg is not past.
      expect(
        Math.max(Date.parse(e.booking.outward.date), Date.parse(e.booking.inward?.date ?? e.booking.outward.date)),
      ).toBeGreaterThanOrEqual(now - 60_000);
    }
    const dates = up.body.results.map((e) => Date.parse(e.booking.outward.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    // A superseded order's journey has left Upcoming for Past (decision 410).
    expect(up.body.results.some((e) => e.order.replacementOrder !== null)).toBe(false);

    const season = await list('season');
    expect(season.body.results).toHaveLength(2);
    expect(season.body.results.every((e) => e.booking.isSeasonBooking)).toBe(true);

    const past = await list('past', 0);
    expect(past.body.total).toBeGreaterThan(BOOKINGS_PAGE_SIZE);
    expect(past.body.results).toHaveLength(BOOKINGS_PAGE_SIZE);
    // Past: journeys made, after (heading the list) journeys still to come whose tickets were cancelled.
    const lastLegs = past.body.results.map((e) => Date.parse(e.booking.inward?.date ?? e.booking.outward.date));
    expect(lastLegs).toEqual([...lastLegs].sort((a, b) => b - a));
    for (const e of past.body.results.filter(
      (x) => Date.parse(x.booking.inward?.date ?? x.booking.outward.date) >= now,
    )) {
      expect(e.order.replacementOrder !== null || e.booking.refund !== undefined).toBe(true);
    }
  });

  it('pages from 0 without overlap', async () => {
    await signIn(DEMO_ACCOUNT.email);
    const first = await list('past', 0);
    const second = await list('past', 1);
    expect(second.body.page).toBe(1);
    expect(first.body.results.length + second.body.results.length).toBe(first.body.total);
    const ids = [...first.body.results, ...second.body.results].map((e) => e.booking.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await list('past', 5)).body.results).toEqual([]);
  });

  it('rejects unknown filters and bad pages', async () => {
    await signIn(DEMO_ACCOUNT.email);
    expect((await list('everything')).status).toBe(404);
    expect((await list('past', -1)).status).toBe(400);
    expect((await list('past', 'x')).status).toBe(400);
  });

  it('lists guest bookings made with the customer email only', async () => {
    await signIn(DEMO_ACCOUNT.email);
    const guest = await list('guest');
    expect(guest.body.total).toBe(1);
    expect(guest.body.guestBookings).toBe(1);
  });

  it("gives an 'empty' account zero everywhere", async () => {
    await server.reset('empty');
    try {
      await signIn(DEMO_ACCOUNT.email);
      const up = await list('upcoming');
      expect(up.body).toMatchObject({
        results: [],
        total: 0,
        upcomingBookings: 0,
        pastBookings: 0,
        seasonBookings: 0,
        hasGuestBookings: false,
      });
    } finally {
      await server.reset('demo');
    }
  });
});

describe('journeys whose tickets were cancelled (decision 410)', () => {
  /** Every entry of a filter, all pages. */
  const all = async (filter: string) => {
    const out: Entry[] = [];
    for (let page = 0; ; page++) {
      const res = await list(filter, page);
      expect(res.status).toBe(200);
      out.push(...res.body.results);
      if (out.length >= res.body.total || res.body.results.length === 0) return { entries: out, body: res.body };
    }
  };
  /** What the booking call says: its tickets no longer stand (the lifecycle's own reading). */
  const cancelled = async (id: string) => {
    const res = await client.get<{
      bookings: (LifecycleBookingView & { id: string })[];
      order: { replacementOrder: { id: string } | null };
    }>(`/my-account/api/booking/${id}`);
    if (res.status === 308) return true; // moved to its replacement's history: the order was superseded
    expect(res.status).toBe(200);
    const booking = res.body.bookings.find((b) => b.id === id)!;
    return cancelsTickets(lifecycleFacts(booking, res.body.order, new Date()).facts);
  };

  for (const account of [DEMO_ACCOUNT, REFUNDS_ACCOUNT]) {
    it(`${account.email}: upcoming and past split as each booking's lifecycle says, and the counts follow`, async () => {
      await signIn(account.email);
      const now = Date.now();
      const up = await all('upcoming');
      const past = await all('past');
      expect(up.body.upcomingBookings).toBe(up.entries.length);
      expect(past.body.pastBookings).toBe(past.entries.length);
      const ids = [...up.entries, ...past.entries].map((e) => e.booking.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const e of up.entries) expect(await cancelled(e.booking.id), e.booking.id).toBe(false);
      const stillToCome = past.entries.filter(
        (e) => Date.parse(e.booking.inward?.date ?? e.booking.outward.date) >= now,
      );
      expect(stillToCome.length).toBeGreaterThan(0);
      for (const e of stillToCome) expect(await cancelled(e.booking.id), e.booking.id).toBe(true);
    });
  }

  it('a booking refunded today moves from upcoming to past at once', async () => {
    await signIn(REFUNDS_ACCOUNT.email);
    try {
      const before = await list('upcoming');
      // Leeds → York (Anytime, refundable), still to come.
      const booking = { id: refundSeedBookingId(K.flexible) };
      const order = { id: stableId('order', K.flexible) };
      expect(before.body.results.map((e) => e.booking.id)).toContain(booking.id);
      const quote = await client.get<{ quoteId: string; status: string }>(
        `/my-account/api/refund-quote/${order.id}/${booking.id}`,
      );
      const refundable = quote.status === 200 && ['REFUNDABLE', 'PARTIALLY_REFUNDABLE'].includes(quote.body.status);
      if (!refundable) throw new Error(`${booking.id} is not refundable: ${JSON.stringify(quote.body)}`);
      expect(
        (await client.request('POST', `/my-account/api/refund-quote/${quote.body.quoteId}`, { body: 'null' })).status,
      ).toBe(200);
      const after = await list('upcoming');
      expect(after.body.results.map((e) => e.booking.id)).not.toContain(booking.id);
      expect(after.body.upcomingBookings).toBe(before.body.upcomingBookings - 1);
      const past = await list('past');
      expect(past.body.results.map((e) => e.booking.id)).toContain(booking.id);
      expect(past.body.pastBookings).toBe(before.body.pastBookings + 1);
    } finally {
      await server.reset('demo');
    }
  });
});

describe('POST /order/associate-guest-orders', () => {
  beforeEach(async () => {
    await server.reset('demo');
    client = apiClient(server.origin);
    await client.init();
  });

  it('needs a signed-in customer', async () => {
    expect((await associate(DEMO_GUEST_TOKENS[2])).status).toBe(401);
  });

  it('imports the guest orders with the customer email (200 with count), then none (204)', async () => {
    await signIn(DEMO_ACCOUNT.email);
    const before = (await list('upcoming')).body.total;
    const res = await associate(DEMO_GUEST_TOKENS[2]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });
    const after = await list('upcoming');
    expect(after.body.total).toBe(before + 1);
    expect(after.body.hasGuestBookings).toBe(false);
    const again = await associate(DEMO_GUEST_TOKENS[2]);
    expect(again.status).toBe(204);
  });

  it('answers 206 when a changed (superseded) guest order stays behind', async () => {
    await signIn(SECOND_ACCOUNT.email);
    expect((await list('guest')).body.total).toBe(3);
    const res = await associate(ASSOCIATION_DEMO_TOKENS[0]);
    expect(res.status).toBe(206);
    expect(res.body).toEqual({ count: 2 });
    expect((await list('guest')).body.total).toBe(1);
    expect((await associate(ASSOCIATION_DEMO_TOKENS[0])).status).toBe(204);
  });

  it("refuses another email's order with 403 and an unknown token with 404", async () => {
    await signIn(DEMO_ACCOUNT.email);
    expect((await associate(DEMO_GUEST_TOKENS[0])).status).toBe(403);
    expect((await associate('no-such-token-123')).status).toBe(404);
    expect((await associate('')).status).toBe(400);
    expect((await associate(42)).status).toBe(400);
    // Nothing moved.
    expect((await list('guest')).body.total).toBe(1);
  });
});
