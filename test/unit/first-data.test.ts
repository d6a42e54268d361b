import { describe, expect, it, vi } from 'vitest';
import { bookingApi } from '#src/api/booking';
import { bookingsListApi } from '#src/api/bookings-list';
import { createApiClient } from '#src/api/client';
import { requestFirstData } from '#src/first-data';
import { specMinimalBooking, specMinimalOrder } from '#test/helpers/spec-minimal';

/** Issue 11, decisions 241 and 244: the first screen's data is asked for with its code, and taken once. */
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
  it.each([
    ['/_account/_bookings/bookings/', 'upcoming'],
    ['/_account/_bookings/bookings/upcoming', 'upcoming'],
    ['/_account/_bookings/bookings/past', 'past'],
    ['/_account/_bookings/bookings/season', 'season'],
  ] as const)('on %s asks for the %s list’s first page at boot, and gives it to the store’s call once', async (routeId, filter) => {
    const { api, urls } = setup(answers());
    requestFirstData(api, routeId, {});
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
    requestFirstData(api, '/_account/bookings/$bookingId/', { bookingId: 'b1' });
    await vi.waitFor(() => expect(urls).toEqual(['/booking/b1', check]));
    const booking = bookingApi(api);
    await expect(booking.getBooking('b1')).resolves.toMatchObject({ status: 200, data: { order: { id: 'order 1' } } });
    await expect(booking.getChangeability('order 1', 'b1', season)).resolves.toEqual({ changeable: true });
    expect(urls).toHaveLength(2);
  });

  it('asks for no change-of-journey check when the booking moved (308) or could not be read', async () => {
    const moved = setup(() => [308, { bookingId: 'b2' }]);
    requestFirstData(moved.api, '/_account/bookings/$bookingId/', { bookingId: 'b1' });
    const failed = setup(() => [500, { errors: [] }]);
    requestFirstData(failed.api, '/_account/bookings/$bookingId/', { bookingId: 'b1' });
    const odd = setup(() => [200, { order: {} }]);
    requestFirstData(odd.api, '/_account/bookings/$bookingId/', { bookingId: 'b1' });
    await vi.waitFor(() => expect([moved.urls, failed.urls, odd.urls].every((u) => u.length === 1)).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect([...moved.urls, ...failed.urls, ...odd.urls]).toEqual(['/booking/b1', '/booking/b1', '/booking/b1']);
  });

  it('asks for nothing on other screens', () => {
    const { api, urls } = setup(answers());
    for (const routeId of ['__root__', '/login', '/_account/_bookings/bookings/guest', '/order-token/$bookingId/', '/_account/personal-details', undefined])
      requestFirstData(api, routeId, { bookingId: 'b1' });
    requestFirstData(api, '/_account/bookings/$bookingId/', {});
    expect(urls).toEqual([]);
  });
});
