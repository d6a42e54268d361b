import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { CHECK_IN_GUEST_KEY } from '#server/seed/booking-actions.ts';
import { BOOKING_HISTORY_KEYS } from '#server/seed/booking-history.ts';
import { stableId } from '#server/seed/context.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { ASSISTANCE_IDS } from '#server/seed/passenger-assistance.ts';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const API = '/my-account/api';
const booking = (key: string) => stableId('booking', `${key}:0`);
const order = (key: string) => stableId('order', key);
const passenger = (key: string, i: number) => stableId('passenger', `${key}:${i}`);
const path = (key: string, orderKey = key) =>
  `${API}/customer/passenger-assistance/orders/${order(orderKey)}/products/${booking(key)}`;

const YORK = 'demo-upcoming-kingscross-york'; // return, Alex and Jamie, 10 days out; seeded assistance
const MANCHESTER = 'demo-upcoming-euston-manchester'; // single, Alex, 3 days out
const COVENTRY = BOOKING_HISTORY_KEYS.activatedToday; // leaves 90 minutes after seeding
const PAST_LEEDS = 'demo-past-leeds-sheffield';
const SEASON = 'demo-season-annual-reading';
const CHANGED = 'demo-changed-original'; // replaced by a change of journey
const SAM_LIVERPOOL = 'sam-upcoming-liverpool-euston';
const GUEST_NEWCASTLE = 'guest-newcastle-edinburgh'; // token 1, 5 days out, Jordan Lee
const GUEST_DEMO_EMAIL = 'guest-demo-email-york-newcastle'; // token 3, guest order with Alex's email

type Item = {
  id: string;
  passengerId: string;
  direction: string;
  kinds: string[];
  details: string | null;
  status: string;
  passengerName: string | null;
  bookingId: string;
  orderId: string;
  leg: { origin: { name: string }; destination: { name: string }; departureTime: string } | null;
};
type Refusal = { errors: { code: string }[]; detail?: string };
const code = (body: unknown) => (body as Refusal).errors[0]?.code;

let server: TestServer;
let client: ApiClient;

const setClock = (offsetMs: number) => server.setClock(offsetMs);
const asDemo = async () => (client = await signedInClient(server.origin, DEMO_ACCOUNT));
const asGuest = async (token: string) => {
  client = apiClient(server.origin);
  await client.init();
  const res = await client.post<{ session: string }>(`${API}/user-flow-access`, { token });
  expect(res.status).toBe(200);
  client.flowId = `order.${res.body.session}`;
};
const list = async (key: string, c: ApiClient = client) =>
  (await c.get<{ passengerAssistances: Item[] }>(path(key))).body.passengerAssistances;
/** What the database holds for a booking, read as its customer (the yardstick for "changes nothing"). */
const stored = async (key: string) =>
  list(key, await signedInClient(server.origin, key.startsWith('sam') ? SECOND_ACCOUNT : DEMO_ACCOUNT));

const book = (key: string, body: Record<string, unknown>, query = '') =>
  client.post<{ passengerAssistance: Item } & Refusal>(`${path(key)}${query}`, body);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => setClock(0));

describe('GET the spec call: orders/{orderId}/products/{bookingId}', () => {
  beforeAll(() => server.reset());

  it("lists a booking's assistance with the spec's item fields and the screens' extras", async () => {
    await asDemo();
    const res = await client.get<{ passengerAssistances: Item[] }>(path(YORK));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['passengerAssistances']);
    expect(res.body.passengerAssistances).toEqual([
      expect.objectContaining({
        id: ASSISTANCE_IDS.jamieOutward,
        passengerId: passenger(YORK, 1),
        direction: 'outward',
        kinds: ['wheelchair', 'ramp'],
        status: 'booked',
        passengerName: 'Jamie Morgan',
        bookingId: booking(YORK),
        orderId: order(YORK),
      }),
      expect.objectContaining({
        id: ASSISTANCE_IDS.alexInwardCancelled,
        direction: 'inward',
        kinds: ['luggage'],
        details: null,
        status: 'cancelled',
      }),
    ]);
    expect(res.body.passengerAssistances[0]?.leg).toMatchObject({
      origin: { name: "London King's Cross" },
      destination: { name: 'York' },
    });
    expect(res.body.passengerAssistances[1]?.leg).toMatchObject({
      origin: { name: 'York' },
      destination: { name: "London King's Cross" },
    });
    expect(await list(MANCHESTER)).toEqual([]);
  });

  it('needs an identity (401), and a booking of that order (404)', async () => {
    const anon = apiClient(server.origin);
    await anon.init();
    expect((await anon.get(path(YORK))).status).toBe(401);
    await asDemo();
    const mismatched = `${API}/customer/passenger-assistance/orders/${order(YORK)}/products/${booking(MANCHESTER)}`;
    expect((await client.get(mismatched)).status).toBe(404);
    expect((await client.get(`${path(YORK)}/${ASSISTANCE_IDS.jamieOutward}`)).status).toBe(200);
    expect((await client.get(`${path(MANCHESTER)}/${ASSISTANCE_IDS.jamieOutward}`)).status).toBe(404);
  });

  it('is gated by enable-passenger-assistance like the screens (404 while off)', async () => {
    await asDemo();
    const flag = (on: boolean) =>
      fetch(`${server.origin}/__test/page-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ features: { 'enable-passenger-assistance': on } }),
      });
    await flag(false);
    try {
      expect((await client.get(path(YORK))).status).toBe(404);
      expect((await client.get(`${API}/customer/passenger-assistance`)).status).toBe(404);
      expect(
        (await book(MANCHESTER, { passengerId: passenger(MANCHESTER, 0), direction: 'outward', kinds: ['ramp'] }))
          .status,
      ).toBe(404);
    } finally {
      await flag(true);
    }
    expect((await client.get(path(YORK))).status).toBe(200);
    expect(await list(MANCHESTER)).toEqual([]);
  });
});

describe('booking assistance', () => {
  beforeAll(() => server.reset());

  it('books help for a passenger on a leg (201), which the list, the item call and the upcoming list then show', async () => {
    await asDemo();
    const res = await book(MANCHESTER, {
      passengerId: passenger(MANCHESTER, 0),
      direction: 'outward',
      kinds: ['guidance', 'ramp', 'luggage'],
      details: '  Partially sighted; please meet me at the ticket gates.  ',
    });
    expect(res.status).toBe(201);
    const item = res.body.passengerAssistance;
    // Kinds come back in the catalogue's order; details trimmed.
    expect(item).toMatchObject({
      passengerId: passenger(MANCHESTER, 0),
      direction: 'outward',
      kinds: ['ramp', 'luggage', 'guidance'],
      details: 'Partially sighted; please meet me at the ticket gates.',
      status: 'booked',
      passengerName: 'Alex Morgan',
    });
    expect(await list(MANCHESTER)).toEqual([item]);
    expect(
      (await client.get<{ passengerAssistance: Item }>(`${path(MANCHESTER)}/${item.id}`)).body.passengerAssistance,
    ).toEqual(item);
  });

  it('refuses a second live booking for the same passenger and leg (409), but not for the other leg', async () => {
    await asDemo();
    const again = await book(YORK, { passengerId: passenger(YORK, 1), direction: 'outward', kinds: ['luggage'] });
    expect([again.status, code(again.body)]).toEqual([409, 'ALREADY_BOOKED']);
    expect(again.body.detail).toBe(
      'Assistance is already booked for Jamie Morgan on this journey. Cancel it first to book different help.',
    );
    // Alex's return help was cancelled, so it can be booked again.
    const inward = await book(YORK, { passengerId: passenger(YORK, 0), direction: 'inward', kinds: ['luggage'] });
    expect(inward.status).toBe(201);
  });

  it('refuses bad bodies (400) and changes nothing', async () => {
    await asDemo();
    const base = { passengerId: passenger(YORK, 0), direction: 'outward' };
    for (const body of [
      { ...base, kinds: [] },
      { ...base, kinds: ['taxi'] },
      { ...base, kinds: ['ramp', 'ramp'] },
      { ...base, direction: 'sideways', kinds: ['ramp'] },
      { ...base, kinds: ['ramp'], details: 'x'.repeat(501) },
      { direction: 'outward', kinds: ['ramp'] },
    ]) {
      const res = await book(YORK, body);
      expect([res.status, code(res.body)], JSON.stringify(body).slice(0, 80)).toEqual([400, 'VALIDATION']);
    }
    expect((await list(YORK)).filter((i) => i.passengerId === passenger(YORK, 0) && i.direction === 'outward')).toEqual(
      [],
    );
  });

  it('accepts only passengers on that booking and legs it has (422)', async () => {
    await asDemo();
    const stranger = await book(MANCHESTER, { passengerId: passenger(YORK, 1), direction: 'outward', kinds: ['ramp'] });
    expect([stranger.status, code(stranger.body), stranger.body.detail]).toEqual([
      422,
      'PASSENGER_NOT_ON_BOOKING',
      'This passenger is not on this booking.',
    ]);
    const noReturn = await book(MANCHESTER, {
      passengerId: passenger(MANCHESTER, 0),
      direction: 'inward',
      kinds: ['ramp'],
    });
    expect([noReturn.status, code(noReturn.body)]).toEqual([422, 'NO_SUCH_LEG']);
  });

  it('needs 2 hours of notice before the train leaves (422 TOO_LATE with the sentence to show)', async () => {
    await asDemo();
    const res = await book(COVENTRY, {
      passengerId: passenger(COVENTRY, 0),
      direction: 'outward',
      kinds: ['wheelchair'],
    });
    expect([res.status, code(res.body)]).toEqual([422, 'TOO_LATE']);
    expect(res.body.detail).toMatch(
      /^Assistance must be booked at least 2 hours before the train leaves\. This train leaves at \d\d:\d\d, so please ask the staff at London Euston for help on the day\.$/,
    );
    expect(await list(COVENTRY)).toEqual([]);
  });

  it('takes bookings right up to the 2-hour mark, not a minute after', async () => {
    await asDemo();
    const departure = new Date(
      (
        await client.get<{ bookings: { outward: { departureTime: string } }[] }>(
          `${API}/booking/${booking(MANCHESTER)}`,
        )
      ).body.bookings[0]!.outward.departureTime,
    );
    const body = { passengerId: passenger(MANCHESTER, 0), direction: 'outward', kinds: ['ramp'] };
    await setClock(departure.getTime() - 2 * 3_600_000 + 60_000 - Date.now());
    // Hours later the customer signs in again: a session ends after 30 idle minutes (decision 154).
    await asDemo();
    expect(code((await book(MANCHESTER, body)).body)).toBe('TOO_LATE');
    await server.reset();
    await setClock(departure.getTime() - 2 * 3_600_000 - 60_000 - Date.now());
    await asDemo();
    expect((await book(MANCHESTER, body)).status).toBe(201);
  });

  it('refuses past journeys, season tickets and replaced bookings (422)', async () => {
    await asDemo();
    const past = await book(PAST_LEEDS, {
      passengerId: passenger(PAST_LEEDS, 0),
      direction: 'outward',
      kinds: ['ramp'],
    });
    expect([past.status, code(past.body)]).toEqual([422, 'JOURNEY_DEPARTED']);
    const season = await book(SEASON, { passengerId: passenger(SEASON, 0), direction: 'outward', kinds: ['ramp'] });
    expect([season.status, code(season.body)]).toEqual([422, 'NOT_AVAILABLE']);
    const replaced = await book(CHANGED, { passengerId: passenger(CHANGED, 0), direction: 'outward', kinds: ['ramp'] });
    expect([replaced.status, code(replaced.body)]).toEqual([422, 'BOOKING_REPLACED']);
    for (const key of [PAST_LEEDS, SEASON, CHANGED]) expect(await list(key)).toEqual([]);
  });

  it('needs the CSRF value like every other change (403) and then creates nothing', async () => {
    await asDemo();
    const res = await client.post(
      path(MANCHESTER),
      { passengerId: passenger(MANCHESTER, 0), direction: 'outward', kinds: ['ramp'] },
      { csrf: 'none' },
    );
    expect([res.status, code(res.body)]).toEqual([403, 'CSRF_INVALID']);
  });
});

describe('cancelling assistance', () => {
  beforeAll(() => server.reset());
  const cancel = (key: string, id: string, query = '') =>
    client.post<{ passengerAssistance: Item } & Refusal>(`${path(key)}/${id}/cancel${query}`, {});

  it('cancels booked help (the item says cancelled) once; a second cancel is 409', async () => {
    await asDemo();
    const res = await cancel(YORK, ASSISTANCE_IDS.jamieOutward);
    expect(res.status).toBe(200);
    expect(res.body.passengerAssistance).toMatchObject({ id: ASSISTANCE_IDS.jamieOutward, status: 'cancelled' });
    expect((await list(YORK)).find((i) => i.id === ASSISTANCE_IDS.jamieOutward)?.status).toBe('cancelled');
    const again = await cancel(YORK, ASSISTANCE_IDS.jamieOutward);
    expect([again.status, code(again.body)]).toEqual([409, 'ALREADY_CANCELLED']);
    expect((await cancel(YORK, 'no-such-assistance')).status).toBe(404);
  });

  it('refuses to change assistance once the train has left (422), leaving it booked', async () => {
    await server.reset();
    await asDemo();
    const created = await book(MANCHESTER, {
      passengerId: passenger(MANCHESTER, 0),
      direction: 'outward',
      kinds: ['ramp'],
    });
    expect(created.status).toBe(201);
    await setClock(4 * 24 * 3_600_000);
    await asDemo();
    const res = await cancel(MANCHESTER, created.body.passengerAssistance.id);
    expect([res.status, code(res.body)]).toEqual([422, 'JOURNEY_DEPARTED']);
    expect((await list(MANCHESTER)).map((i) => i.status)).toEqual(['booked']);
  });

  it('refuses to cancel assistance on a booking replaced since it was booked (422 BOOKING_REPLACED), leaving it booked', async () => {
    await server.reset();
    await asDemo();
    const created = await book(MANCHESTER, {
      passengerId: passenger(MANCHESTER, 0),
      direction: 'outward',
      kinds: ['ramp'],
    });
    expect(created.status).toBe(201);
    await server.query('update orders set replacement_order_id = $1 where id = $2', [order(YORK), order(MANCHESTER)]);
    const res = await cancel(MANCHESTER, created.body.passengerAssistance.id);
    // Each refusal names its code: the page words it (src/copy/passenger-assistance-cancel.ts).
    expect([res.status, code(res.body)]).toEqual([422, 'BOOKING_REPLACED']);
    expect((await stored(MANCHESTER)).map((i) => i.status)).toEqual(['booked']);
  });
});

describe('authorisation', () => {
  beforeEach(() => server.reset());

  it("keeps another account out of Alex's booking (403) and changes nothing", async () => {
    const before = await stored(YORK);
    client = await signedInClient(server.origin, SECOND_ACCOUNT);
    expect((await client.get(path(YORK))).status).toBe(403);
    expect((await client.get(`${path(YORK)}/${ASSISTANCE_IDS.jamieOutward}`)).status).toBe(403);
    expect((await book(YORK, { passengerId: passenger(YORK, 0), direction: 'outward', kinds: ['ramp'] })).status).toBe(
      403,
    );
    // Access is checked before the body: a bad body from a stranger is still 403.
    expect((await book(YORK, { kinds: [] })).status).toBe(403);
    expect((await client.post(`${path(YORK)}/${ASSISTANCE_IDS.jamieOutward}/cancel`, {})).status).toBe(403);
    // Sam's own booking id under Alex's order: still Alex's order, still 403.
    expect(
      (
        await client.get(
          `${API}/customer/passenger-assistance/orders/${order(YORK)}/products/${booking(SAM_LIVERPOOL)}`,
        )
      ).status,
    ).toBe(403);
    // Alex's booking under Sam's own order: not in that order, 404.
    expect(
      (
        await client.get(
          `${API}/customer/passenger-assistance/orders/${order(SAM_LIVERPOOL)}/products/${booking(YORK)}`,
        )
      ).status,
    ).toBe(404);
    expect(await stored(YORK)).toEqual(before);
  });

  it('lets a guest session act on its own order only', async () => {
    await asGuest(DEMO_GUEST_TOKENS[0]);
    expect(await list(GUEST_NEWCASTLE)).toEqual([]);
    const own = await book(GUEST_NEWCASTLE, {
      passengerId: passenger(GUEST_NEWCASTLE, 0),
      direction: 'outward',
      kinds: ['guidance'],
    });
    expect(own.status).toBe(201);
    expect(own.body.passengerAssistance.passengerName).toBe('Jordan Lee');
    const before = await stored(YORK);
    expect((await client.get(path(YORK))).status).toBe(403);
    expect((await book(YORK, { passengerId: passenger(YORK, 0), direction: 'outward', kinds: ['ramp'] })).status).toBe(
      403,
    );
    expect((await client.post(`${path(YORK)}/${ASSISTANCE_IDS.jamieOutward}/cancel`, {})).status).toBe(403);
    expect((await client.get(`${API}/customer/passenger-assistance`)).status).toBe(401);
    expect(await stored(YORK)).toEqual(before);
  });

  it("accepts an order token (?token=) for its own order and not for another's", async () => {
    client = apiClient(server.origin);
    await client.init();
    const [token1, token2] = DEMO_GUEST_TOKENS;
    const own = await book(
      GUEST_NEWCASTLE,
      { passengerId: passenger(GUEST_NEWCASTLE, 0), direction: 'outward', kinds: ['luggage'] },
      `?token=${token1}`,
    );
    expect(own.status).toBe(201);
    const other = await book(
      GUEST_NEWCASTLE,
      { passengerId: passenger(GUEST_NEWCASTLE, 0), direction: 'outward', kinds: ['luggage'] },
      `?token=${token2}`,
    );
    expect(other.status).toBe(403);
    expect((await client.get(`${path(GUEST_NEWCASTLE)}?token=${token2}`)).status).toBe(403);
    expect(
      (await client.post(`${path(GUEST_NEWCASTLE)}/${own.body.passengerAssistance.id}/cancel?token=${token2}`, {}))
        .status,
    ).toBe(403);
    expect(
      (
        await client.get<{ passengerAssistances: Item[] }>(`${path(GUEST_NEWCASTLE)}?token=${token1}`)
      ).body.passengerAssistances.map((i) => i.status),
    ).toEqual(['booked']);
    // The check-in guest order's token does not open the Newcastle order either.
    expect(
      (
        await client.get(
          `${API}/customer/passenger-assistance/orders/${order(GUEST_NEWCASTLE)}/products/${booking(CHECK_IN_GUEST_KEY)}?token=${token1}`,
        )
      ).status,
    ).toBe(404);
  });

  it('lets a customer read, not change, a guest order placed with their email', async () => {
    await asDemo();
    expect((await client.get(path(GUEST_DEMO_EMAIL))).status).toBe(200);
    const res = await book(GUEST_DEMO_EMAIL, {
      passengerId: passenger(GUEST_DEMO_EMAIL, 0),
      direction: 'outward',
      kinds: ['ramp'],
    });
    expect([res.status, code(res.body)]).toEqual([403, 'FORBIDDEN']);
    expect(await list(GUEST_DEMO_EMAIL)).toEqual([]);
  });
});

describe('GET /customer/passenger-assistance (across upcoming bookings)', () => {
  beforeAll(() => server.reset());

  it("lists the customer's upcoming journeys with their assistance; no seasons, past or replaced bookings", async () => {
    await asDemo();
    const res = await client.get<{
      bookings: { bookingId: string; friendlyOrderId: string; passengerAssistances: Item[] }[];
    }>(`${API}/customer/passenger-assistance`);
    expect(res.status).toBe(200);
    const ids = res.body.bookings.map((b) => b.bookingId);
    expect(ids).toContain(booking(YORK));
    expect(ids).toContain(booking(COVENTRY));
    for (const key of [PAST_LEEDS, SEASON, CHANGED, SAM_LIVERPOOL, GUEST_DEMO_EMAIL])
      expect(ids).not.toContain(booking(key));
    expect(res.body.bookings.find((b) => b.bookingId === booking(YORK))?.passengerAssistances.map((i) => i.id)).toEqual(
      [ASSISTANCE_IDS.jamieOutward, ASSISTANCE_IDS.alexInwardCancelled],
    );
  });

  it('is for signed-in customers only (401)', async () => {
    const anon = apiClient(server.origin);
    await anon.init();
    expect((await anon.get(`${API}/customer/passenger-assistance`)).status).toBe(401);
  });
});
