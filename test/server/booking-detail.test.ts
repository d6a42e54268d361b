import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { BOOKING_HISTORY_KEYS, PENDING_REPLACEMENT_READY_MS } from '#server/seed/booking-history.ts';
import { stableId } from '#server/seed/context.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { BookingDetailResponse, BookingHistoryResponse } from '#src/schemas/booking.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer, signedInClient } from '../helpers/server.ts';

const bookingId = (key: string) => stableId('booking', `${key}:0`);
const ids = {
  kingsCrossYork: bookingId('demo-upcoming-kingscross-york'),
  eustonManchester: bookingId('demo-upcoming-euston-manchester'),
  changedOriginal: bookingId('demo-changed-original'),
  changedReplacement: bookingId('demo-changed-replacement'),
  refundProcessing: bookingId(BOOKING_HISTORY_KEYS.refundProcessing),
  refundReplacement: bookingId(BOOKING_HISTORY_KEYS.refundProcessingReplacement),
  activated: bookingId(BOOKING_HISTORY_KEYS.activatedToday),
  season: bookingId('demo-season-annual-reading'),
  past: bookingId('demo-past-leeds-sheffield'),
  guestDemoEmail: bookingId('guest-demo-email-york-newcastle'),
};
const API = '/my-account/api';

type Detail = {
  bookings: {
    id: string;
    orderId: string;
    passengers: { id: string; firstName: string; alterable: boolean }[];
    outward: { timetableId: string; date: string };
  }[];
  order: { id: string; friendlyOrderId: string };
};
type History = {
  replacedBy: unknown;
  bookings: { booking: { id: string }; order: { friendlyOrderId: string; replacementOrder: unknown } }[];
};

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signIn = async (account: { email: string; password: string } = DEMO_ACCOUNT) => {
  client = await signedInClient(server.origin, account);
};

describe('GET /booking/{id}', () => {
  beforeAll(() => signIn());

  it("answers the order's bookings and the order, passengers alterable when upcoming", async () => {
    const res = await client.get<Detail>(`${API}/booking/${ids.kingsCrossYork}`);
    expect(res.status).toBe(200);
    expect(res.body.bookings.map((b) => b.id)).toEqual([ids.kingsCrossYork]);
    expect(res.body.order.friendlyOrderId).toMatch(/^TL-/);
    expect(res.body.bookings[0]?.passengers.every((p) => p.alterable)).toBe(true);
    const past = await client.get<Detail>(`${API}/booking/${ids.past}`);
    expect(past.body.bookings[0]?.passengers.some((p) => p.alterable)).toBe(false);
  });

  it('answers 308 with a JSON body and no Location for a replaced booking', async () => {
    const res = await client.get(`${API}/booking/${ids.changedOriginal}`);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBeNull();
    expect(res.body).toEqual({ bookingId: ids.changedOriginal });
  });

  it("refuses someone else's booking, unknown ids and anonymous callers alike", async () => {
    const sam = apiClient(server.origin);
    await sam.init();
    await sam.post(`${API}/login`, { email: SECOND_ACCOUNT.email, password: SECOND_ACCOUNT.password });
    expect((await sam.get(`${API}/booking/${ids.kingsCrossYork}`)).status).toBe(403);
    expect((await client.get(`${API}/booking/00000000-0000-4000-8000-000000000000`)).status).toBe(403);
    const anon = apiClient(server.origin);
    expect((await anon.get(`${API}/booking/${ids.kingsCrossYork}`)).status).toBe(401);
  });

  it('does not swallow other /booking/* paths', async () => {
    const res = await client.get<{ errors: { code: string }[] }>(`${API}/booking/token`);
    expect(res.body).not.toHaveProperty('bookings.0.outward');
  });

  it("shows a guest order placed with the customer's email read-only", async () => {
    const res = await client.get<Detail>(`${API}/booking/${ids.guestDemoEmail}`);
    expect(res.status).toBe(200);
    expect(res.body.bookings[0]?.passengers.some((p) => p.alterable)).toBe(false);
    const change = await client.get<{ changeable: boolean; reason: string }>(
      `${API}/change-of-journey/changeability/${res.body.bookings[0]?.orderId}/${ids.guestDemoEmail}`,
    );
    expect(change.body).toEqual({ changeable: false, reason: 'NOT_ASSOCIATED' });
  });
});

describe('guest access with an order token', () => {
  it('opens its own booking with ?token= and nothing else', async () => {
    const anon = apiClient(server.origin);
    await anon.init();
    const link = server.seeded.guestLinks[0]!;
    expect((await anon.get(`${API}/booking/${link.bookingId}?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(200);
    expect((await anon.get(`${API}/booking/${link.bookingId}/history?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(200);
    expect((await anon.get(`${API}/booking/${ids.kingsCrossYork}?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(403);
    expect(
      (await anon.get(`${API}/booking/${server.seeded.guestLinks[1]!.bookingId}?token=${DEMO_GUEST_TOKENS[0]}`)).status,
    ).toBe(403);
    expect((await anon.get(`${API}/booking/${link.bookingId}?token=wrong-token-123`)).status).toBe(403);
  });

  it('opens its own booking through a guest session and refuses another order', async () => {
    const anon = apiClient(server.origin);
    await anon.init();
    const access = await anon.post<{ session: string }>(`${API}/user-flow-access`, { token: DEMO_GUEST_TOKENS[1] });
    anon.flowId = `order.${access.body.session}`;
    expect((await anon.get(`${API}/booking/${server.seeded.guestLinks[1]!.bookingId}`)).status).toBe(200);
    expect((await anon.get(`${API}/booking/${server.seeded.guestLinks[0]!.bookingId}`)).status).toBe(403);
    const put = await anon.request('PUT', `${API}/pico/edit-passengers`, {
      body: {
        bookingId: server.seeded.guestLinks[0]!.bookingId,
        alterablesIds: ['x'],
        newUsers: [{ firstName: 'Al', lastName: 'Bo' }],
      },
    });
    expect(put.status).toBe(403);
  });
});

describe('GET /booking/{id}/history', () => {
  beforeEach(async () => {
    await server.reset();
    await signIn();
  });

  it('redirects a replaced booking to its replacement (308, no Location)', async () => {
    const res = await client.get(`${API}/booking/${ids.changedOriginal}/history`);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBeNull();
    expect(res.body).toEqual({ replacedBy: { bookingId: ids.changedReplacement, orderId: expect.any(String) } });
  });

  it('shows the replacement chain oldest first', async () => {
    const res = await client.get<History>(`${API}/booking/${ids.changedReplacement}/history`);
    expect(res.status).toBe(200);
    expect(res.body.replacedBy).toBeNull();
    expect(res.body.bookings.map((e) => e.booking.id)).toEqual([ids.changedOriginal, ids.changedReplacement]);
    expect(res.body.bookings[0]?.order.replacementOrder).not.toBeNull();
  });

  it('issues a pending replacement once it is ready (waiting for superseders)', async () => {
    const first = await client.get<History>(`${API}/booking/${ids.refundProcessing}/history`);
    expect(first.status).toBe(200);
    expect((await client.get(`${API}/booking/${ids.refundProcessing}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, PENDING_REPLACEMENT_READY_MS + 100));
    const later = await client.get(`${API}/booking/${ids.refundProcessing}/history`);
    expect(later.status).toBe(308);
    expect(later.body).toEqual({ replacedBy: { bookingId: ids.refundReplacement, orderId: expect.any(String) } });
    expect((await client.get(`${API}/booking/${ids.refundProcessing}`)).status).toBe(308);
  });
});

describe('a change of journey links its two bookings both ways', () => {
  const source = refundSeedBookingId(REFUND_SEED_KEYS.changeOfJourneySource);
  const changedTo = refundSeedBookingId(REFUND_SEED_KEYS.changeOfJourneyNew);
  const detailOf = async (id: string) => {
    const res = await client.get(`${API}/booking/${id}`);
    expect(res.status).toBe(200);
    return v.parse(BookingDetailResponse, res.body);
  };
  beforeAll(async () => {
    await server.reset();
    await signIn(REFUNDS_ACCOUNT);
  });

  it('names the new booking on the source, and the source (with its reference) on the new booking', async () => {
    const from = await detailOf(source);
    expect(from.bookings[0]?.refund).toMatchObject({
      changeOfJourneySource: true,
      changeOfJourneyNewBookingId: changedTo,
      changeOfJourneyFrom: null,
    });
    const to = await detailOf(changedTo);
    expect(to.bookings[0]?.refund).toMatchObject({
      changeOfJourneySource: false,
      changeOfJourneyNewBookingId: null,
      changeOfJourneyFrom: { bookingId: source, friendlyOrderId: from.order.friendlyOrderId },
    });
    expect(to.order.id).not.toBe(from.order.id);
  });

  it("says the same in each booking's history", async () => {
    const history = async (id: string) =>
      v.parse(BookingHistoryResponse, (await client.get(`${API}/booking/${id}/history`)).body);
    const fromHistory = await history(source);
    expect(fromHistory.bookings.map((e) => e.booking.refund?.changeOfJourneyNewBookingId)).toEqual([changedTo]);
    const toHistory = await history(changedTo);
    expect(toHistory.bookings.map((e) => e.booking.refund?.changeOfJourneyFrom?.bookingId)).toEqual([source]);
  });

  it('names nothing on a booking that was not changed', async () => {
    const plain = await detailOf(refundSeedBookingId(REFUND_SEED_KEYS.flexible));
    expect(plain.bookings[0]?.refund).toMatchObject({ changeOfJourneyNewBookingId: null, changeOfJourneyFrom: null });
  });
});

describe("the running data's disruptions on a booking's legs", () => {
  const outwardOf = async (key: string) => {
    const res = await client.get(`${API}/booking/${refundSeedBookingId(key)}`);
    expect(res.status).toBe(200);
    return v.parse(BookingDetailResponse, res.body).bookings[0]?.outward;
  };
  beforeAll(async () => {
    await server.reset();
    await signIn(REFUNDS_ACCOUNT);
  });
  beforeEach(async () => {
    await server.setClock(0);
  });
  afterAll(async () => {
    await server.setClock(0);
  });

  it('carries a cancellation, a delay in minutes and an announced disruption, and nothing on a train without a record', async () => {
    expect((await outwardOf(REFUND_SEED_KEYS.amountTooLow))?.disruption).toEqual({ kind: 'cancelled' });
    expect((await outwardOf(REFUND_SEED_KEYS.delayed))?.disruption).toEqual({ kind: 'delayed', delayMinutes: 75 });
    expect((await outwardOf(REFUND_SEED_KEYS.advance))?.disruption).toEqual({ kind: 'announced' });
    expect((await outwardOf(REFUND_SEED_KEYS.flexible))?.disruption).toBeNull();
  });

  it('leaves out a record the retailer does not know yet (announced later than now)', async () => {
    // The delay was recorded an hour before the data was seeded: two hours before, nobody knew of it.
    await server.setClock(-2 * 60 * 60 * 1000);
    expect((await outwardOf(REFUND_SEED_KEYS.delayed))?.disruption).toBeNull();
  });
});

describe('calling points', () => {
  it('lists intermediate stops of a seeded train and is unavailable otherwise', async () => {
    await signIn();
    const detail = await client.get<Detail>(`${API}/booking/${ids.eustonManchester}`);
    const leg = detail.body.bookings[0]!.outward;
    const q = `date=${leg.timetableId.slice(8, 12)}-${leg.timetableId.slice(12, 14)}-${leg.timetableId.slice(14, 16)}&origin=EUS&destination=MAN`;
    const res = await client.get<{ callingPoints: { station: { name: string } }[] }>(
      `${API}/realtime/timetable/${leg.timetableId}?${q}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.callingPoints.map((p) => p.station.name)).toEqual([
      'Milton Keynes Central',
      'Stoke-on-Trent',
      'Macclesfield',
    ]);
    const reverse = await client.get<{ callingPoints: { station: { name: string } }[] }>(
      `${API}/realtime/timetable/MAN-EUS-202601011000?date=2026-01-01&origin=MAN&destination=EUS`,
    );
    expect(reverse.body.callingPoints.map((p) => p.station.name)).toEqual([
      'Macclesfield',
      'Stoke-on-Trent',
      'Milton Keynes Central',
    ]);
    const activated = await client.get<Detail>(`${API}/booking/${ids.activated}`);
    const act = activated.body.bookings[0]!.outward;
    const date = act.date.slice(0, 10);
    expect(
      (await client.get(`${API}/realtime/timetable/${act.timetableId}?date=${date}&origin=EUS&destination=COV`)).status,
    ).toBe(404);
    expect(
      (await client.get(`${API}/realtime/timetable/nonsense?date=2026-01-01&origin=EUS&destination=MAN`)).status,
    ).toBe(404);
    expect((await client.get(`${API}/realtime/timetable/nonsense`)).status).toBe(400);
  });
});

describe('changeability', () => {
  beforeAll(() => signIn());
  const check = async (id: string, season = false) => {
    const detail = await client.get<Detail>(`${API}/booking/${id}`);
    const orderId = detail.body.bookings[0]!.orderId;
    return client.get<{ changeable: boolean; reason: string | null }>(
      `${API}/${season ? 'seasons-change-of-journey' : 'change-of-journey'}/changeability/${orderId}/${id}`,
    );
  };
  it('follows the fare and departure rules', async () => {
    // changeOnline: the change can be made here (decision 600).
    expect((await check(ids.eustonManchester)).body).toEqual({ changeable: true, reason: null, changeOnline: true });
    expect((await check(ids.activated)).body).toEqual({ changeable: false, reason: 'TICKET_ACTIVATED' });
    expect((await check(ids.past)).body).toEqual({ changeable: false, reason: 'DEPARTED' });
    // A season changes only its start date, before it starts (decision 600); this one has started.
    expect((await check(ids.season, true)).body).toEqual({ changeable: false, reason: 'SEASON_STARTED' });
    expect((await check(ids.season, false)).status).toBe(400);
  });
});

describe('PUT /pico/edit-passengers', () => {
  beforeEach(async () => {
    await server.reset();
    await signIn();
  });
  const passengers = async (id: string) =>
    (await client.get<Detail>(`${API}/booking/${id}`)).body.bookings[0]!.passengers;

  it('renames a passenger on an upcoming booking', async () => {
    const [alex] = await passengers(ids.kingsCrossYork);
    const res = await client.request('PUT', `${API}/pico/edit-passengers`, {
      body: {
        bookingId: ids.kingsCrossYork,
        alterablesIds: [alex!.id],
        newUsers: [{ firstName: 'Alexandra', lastName: 'Morgan' }],
      },
    });
    expect(res.status).toBe(200);
    expect((await passengers(ids.kingsCrossYork))[0]?.firstName).toBe('Alexandra');
  });

  it('answers 422 with a detail for duplicate names and past journeys, 400 for bad names', async () => {
    const [alex, jamie] = await passengers(ids.kingsCrossYork);
    const dup = await client.request<{ detail: string }>('PUT', `${API}/pico/edit-passengers`, {
      body: {
        bookingId: ids.kingsCrossYork,
        alterablesIds: [jamie!.id],
        newUsers: [{ firstName: alex!.firstName, lastName: 'Morgan' }],
      },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.detail).toBe('Each passenger on a booking needs a different name.');
    const [pastPassenger] = await passengers(ids.past);
    const past = await client.request<{ detail: string }>('PUT', `${API}/pico/edit-passengers`, {
      body: {
        bookingId: ids.past,
        alterablesIds: [pastPassenger!.id],
        newUsers: [{ firstName: 'Sam', lastName: 'Smith' }],
      },
    });
    expect(past.status).toBe(422);
    expect(past.body.detail).toMatch(/before the journey/);
    expect(dup.body).toMatchObject({ errors: [{ code: 'DUPLICATE_NAME' }] });
    expect(past.body).toMatchObject({ errors: [{ code: 'NOT_ALTERABLE' }] });
    // Each refusal names its code: the dialog words it (src/copy/edit-passengers.ts).
    const rename = (bookingId: string, passengerId: string) =>
      client.request('PUT', `${API}/pico/edit-passengers`, {
        body: { bookingId, alterablesIds: [passengerId], newUsers: [{ firstName: 'Sam', lastName: 'Smith' }] },
      });
    const stranger = await rename(ids.kingsCrossYork, 'not-a-passenger');
    expect([stranger.status, stranger.body]).toMatchObject([422, { errors: [{ code: 'PASSENGER_NOT_ON_BOOKING' }] }]);
    // A replaced booking is refused before its passengers are looked at.
    const replaced = await rename(ids.changedOriginal, 'any-passenger');
    expect([replaced.status, replaced.body]).toMatchObject([422, { errors: [{ code: 'BOOKING_REPLACED' }] }]);
    const bad = await client.request('PUT', `${API}/pico/edit-passengers`, {
      body: {
        bookingId: ids.kingsCrossYork,
        alterablesIds: [alex!.id],
        newUsers: [{ firstName: 'A$', lastName: 'Morgan' }],
      },
    });
    expect(bad.status).toBe(400);
    const noCsrf = await client.request('PUT', `${API}/pico/edit-passengers`, {
      csrf: 'none',
      body: {
        bookingId: ids.kingsCrossYork,
        alterablesIds: [alex!.id],
        newUsers: [{ firstName: 'Alexa', lastName: 'Morgan' }],
      },
    });
    expect(noCsrf.status).toBe(403);
  });
});
