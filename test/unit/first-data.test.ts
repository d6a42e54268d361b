import { describe, expect, it, vi } from 'vitest';
import { bookingApi } from '#src/api/booking';
import { bookingsListApi } from '#src/api/bookings-list';
import { createApiClient } from '#src/api/client';
import { adoptBootRequests, firstDataOf, requestFirstData, routerPath, type FirstData } from '#src/first-data';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '#src/router';
import { createServices } from '#src/create-services';
import { defaultPageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';
import { specMinimalBooking, specMinimalOrder } from '#test/helpers/spec-minimal';

/** Decisions 241 and 244: the first screen's data is asked for with its code, and taken once. */
const page = { total: 1, results: [], upcomingBookings: 1, pastBookings: 0, seasonBookings: 0, hasGuestBookings: false };
/** The spec's minimal order of two bookings: the check is for the one asked for, not the first. */
const order = (season: boolean) => ({
  order: { ...specMinimalOrder, id: 'order 1' },
  bookings: [
    { ...specMinimalBooking, id: 'b0', isSeasonBooking: false },
    { ...specMinimalBooking, id: 'b1', isSeasonBooking: season },
  ],
});

const setup = (respond: (path: string) => [number, unknown]) => {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).replace('http://localhost/my-account/api', '');
    urls.push(path);
    const [status, body] = respond(path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  const api = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
  return { api, urls };
};

const answers = (season = false) => (path: string): [number, unknown] =>
  path.startsWith('/bookings/') ? [200, page] : path.startsWith('/booking/') ? [200, order(season)] : [200, { changeable: true }];

describe('the first screen’s data', () => {
  it.each(['upcoming', 'past', 'season'] as const)('on the %s list asks for its first page at boot, and gives it to the store’s call once', async (filter) => {
    const { api, urls } = setup(answers());
    requestFirstData(api, { list: filter });
    expect(urls).toEqual([`/bookings/${filter}?page=0`]);
    const lists = bookingsListApi(api);
    await expect(lists.getBookings(filter, 0)).resolves.toMatchObject({ total: 1 });
    expect(urls).toHaveLength(1);
    await lists.getBookings(filter, 0);
    expect(urls).toHaveLength(2);
  });

  it.each([
    [false, '/change-of-journey/changeability/order%201/b1'],
    [true, '/seasons-change-of-journey/changeability/order%201/b1'],
  ])('on a booking (season %s) asks for it, then for its change-of-journey check, both taken by the detail’s calls', async (season, check) => {
    const { api, urls } = setup(answers(season));
    requestFirstData(api, { booking: 'b1' });
    await vi.waitFor(() => expect(urls).toEqual(['/booking/b1', check]));
    const booking = bookingApi(api);
    await expect(booking.getBooking('b1')).resolves.toMatchObject({ status: 200, data: { order: { id: 'order 1' } } });
    await expect(booking.getChangeability('order 1', 'b1', season)).resolves.toEqual({ changeable: true });
    expect(urls).toHaveLength(2);
  });

  it('asks for no change-of-journey check when the booking moved (308) or could not be read', async () => {
    const moved = setup(() => [308, { bookingId: 'b2' }]);
    requestFirstData(moved.api, { booking: 'b1' });
    const failed = setup(() => [500, { errors: [] }]);
    requestFirstData(failed.api, { booking: 'b1' });
    const odd = setup(() => [200, { order: {} }]);
    requestFirstData(odd.api, { booking: 'b1' });
    await vi.waitFor(() => expect([moved.urls, failed.urls, odd.urls].every((u) => u.length === 1)).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect([...moved.urls, ...failed.urls, ...odd.urls]).toEqual(['/booking/b1', '/booking/b1', '/booking/b1']);
  });

  /** A booking whose legs have a timetable: the detail's leg cards ask for their calling points. */
  const timetabled = (season: { kind: string } | null) => ({
    order: { ...specMinimalOrder, id: 'order 1' },
    bookings: [
      { ...specMinimalBooking, id: 'b0' },
      {
        ...specMinimalBooking,
        id: 'b1',
        season,
        outward: { date: '2026-12-01T00:00:00.000Z', departureTime: '2026-12-01T09:10:00.000Z', timetableId: 'T 1', origin: { code: 'EUS', name: 'London Euston' }, destination: { code: 'COV', name: 'Coventry' } },
        inward: { date: '2026-12-03T00:00:00.000Z', timetableId: 'T2', origin: { code: 'COV', name: 'Coventry' }, destination: { code: 'EUS', name: 'London Euston' } },
      },
    ],
  });
  const points = { timetableId: 'T 1', callingPoints: [] };

  it('on a booking asks for each leg’s calling points with its change-of-journey check, taken by the leg cards’ calls', async () => {
    const { api, urls } = setup((path) => (path.startsWith('/booking/') ? [200, timetabled(null)] : path.startsWith('/realtime/') ? [200, points] : [200, { changeable: true }]));
    requestFirstData(api, { booking: 'b1' });
    const outward = '/realtime/timetable/T%201?date=2026-12-01&origin=EUS&destination=COV';
    const inward = '/realtime/timetable/T2?date=2026-12-03&origin=COV&destination=EUS';
    await vi.waitFor(() => expect(urls).toEqual(['/booking/b1', '/change-of-journey/changeability/order%201/b1', outward, inward]));
    const booking = bookingApi(api);
    await expect(booking.getCallingPoints('T 1', { date: '2026-12-01', origin: 'EUS', destination: 'COV' })).resolves.toEqual(points);
    await expect(booking.getCallingPoints('T2', { date: '2026-12-03', origin: 'COV', destination: 'EUS' })).resolves.toEqual(points);
    expect(urls).toHaveLength(4);
  });

  it('asks for no calling points for a season (its detail shows its validity) or a leg without a timetable', async () => {
    const season = setup((path) => (path.startsWith('/booking/') ? [200, timetabled({ kind: 'annual' })] : [200, { changeable: true }]));
    requestFirstData(season.api, { booking: 'b1' });
    const plain = setup((path) => (path.startsWith('/booking/') ? [200, order(false)] : [200, { changeable: true }]));
    requestFirstData(plain.api, { booking: 'b1' });
    await vi.waitFor(() => expect([season.urls, plain.urls].every((u) => u.length === 2)).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect([...season.urls, ...plain.urls].filter((u) => u.startsWith('/realtime/'))).toEqual([]);
  });

  it('asks for nothing on other screens', () => {
    const { api, urls } = setup(answers());
    requestFirstData(api, null);
    expect(urls).toEqual([]);
  });
});

describe('which first data a page asks for', () => {
  it('reads the router path inside the locale’s basepath', () => {
    expect(routerPath('/my-account/bookings/past', '/my-account')).toBe('/bookings/past');
    expect(routerPath('/my-account', '/my-account')).toBe('/');
    expect(routerPath('/de/my-account/bookings', '/de/my-account')).toBe('/bookings');
    expect(routerPath('/my-accounts/bookings', '/my-account')).toBeNull();
    expect(routerPath('/other/bookings', '/my-account')).toBeNull();
    expect(firstDataOf(null)).toBeNull();
  });

  /** The routes whose first data the boot asks for (their ids in the generated route tree). */
  const routesWithData: Record<string, (params: Record<string, string>) => FirstData> = {
    '/_account/_bookings/bookings/': () => ({ list: 'upcoming' }),
    '/_account/_bookings/bookings/upcoming': () => ({ list: 'upcoming' }),
    '/_account/_bookings/bookings/past': () => ({ list: 'past' }),
    '/_account/_bookings/bookings/season': () => ({ list: 'season' }),
    '/_account/bookings/$bookingId/': (params) => ({ booking: params.bookingId! }),
  };

  it.each([
    '/', '/bookings', '/bookings/', '/bookings/upcoming', '/bookings/upcoming/', '/bookings/past', '/bookings/season',
    '/bookings/guest', '/bookings/8a6d1c2f-8727-4f80-88c8-2433f2a33b25', '/bookings/b1/', '/bookings/a%20b%2Fc',
    '/bookings/b1/history', '/bookings/b1/guest', '/bookings/b1/refund', '/bookings/claim/c1', '/order-token/b1',
    '/login', '/personal-details', '/passengers-and-railcards',
  ])('agrees with the router on %s', (path) => {
    const services = createServices({
      pageData: defaultPageData,
      locale: localeFromPath('/my-account'),
      hashToken: null,
      onRedirectToLogin: () => undefined,
      client: { fetch: vi.fn(), baseURL: 'http://localhost/my-account/api' },
    });
    const router = createAppRouter(services, createMemoryHistory({ initialEntries: ['/my-account/'] }));
    const last = router.matchRoutes(path, {}).at(-1);
    const expected = last && Object.hasOwn(routesWithData, last.routeId) ? routesWithData[last.routeId]!(last.params as Record<string, string>) : null;
    expect(firstDataOf(path)).toEqual(expected);
  });
});

describe('what the boot file asked for (decision 247)', () => {
  const early = (body: unknown) => Promise.resolve({ status: 200, text: JSON.stringify(body), headers: new Headers() });

  it('is handed to the client, taken by the screen’s call and the boot’s prefetch, and gone from the page', async () => {
    const { api, urls } = setup(answers());
    const win: { __myAccountFirst?: unknown } = {
      __myAccountFirst: { language: 'en-GB', replies: { '/bookings/upcoming?page=0': early(page), '/booking/b1': early(order(false)) } },
    };
    adoptBootRequests(api, 'en-GB', win);
    expect(win.__myAccountFirst).toBeUndefined();
    await expect(bookingsListApi(api).getBookings('upcoming', 0)).resolves.toMatchObject({ total: 1 });
    // The booking's prefetch is the boot's reply; only its check goes to the network.
    requestFirstData(api, { booking: 'b1' });
    await vi.waitFor(() => expect(urls).toEqual(['/change-of-journey/changeability/order%201/b1']));
    await expect(bookingApi(api).getBooking('b1')).resolves.toMatchObject({ status: 200 });
    expect(urls).toHaveLength(1);
  });

  it('is left when sent in another language, or not what the boot file writes', async () => {
    const { api, urls } = setup(answers());
    adoptBootRequests(api, 'de', { __myAccountFirst: { language: 'en-GB', replies: { '/bookings/upcoming?page=0': early(page) } } });
    adoptBootRequests(api, 'en-GB', { __myAccountFirst: { language: 'en-GB', replies: { '/bookings/upcoming?page=0': 'nope' } } });
    adoptBootRequests(api, 'en-GB', { __myAccountFirst: { language: 'en-GB', replies: null } });
    adoptBootRequests(api, 'en-GB', {});
    await bookingsListApi(api).getBookings('upcoming', 0);
    expect(urls).toEqual(['/bookings/upcoming?page=0']);
  });
});
