import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '#src/api/client';
import { FIRST_DATA_TTL_MS, firstDataOr, forgetFirstData, requestFirstData, takeFirstData } from '#src/first-data';

/** Issue 11: the first bookings list is asked for with the screen's code, and taken once. */
const page = { total: 1, results: [], upcomingBookings: 1, pastBookings: 0, seasonBookings: 0, hasGuestBookings: false };
const client = (status = 200) => {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(status === 200 ? page : { errors: [{ code: 'UNAUTHORISED' }] }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const api = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
  const unauthorised = vi.fn();
  api.onUnauthorised(unauthorised);
  return { api, urls, unauthorised };
};

describe('the first screen’s data', () => {
  it.each([
    ['/bookings', 'upcoming'],
    ['/bookings/upcoming', 'upcoming'],
    ['/bookings/past/', 'past'],
    ['/bookings/season', 'season'],
  ] as const)('on %s asks for the %s list’s first page at boot, and gives it to the store once', async (path, filter) => {
    const { api, urls } = client();
    requestFirstData(api, path, 1000);
    expect(urls).toEqual([`http://localhost/my-account/api/bookings/${filter}?page=0`]);
    const taken = takeFirstData(filter, 0, 1000 + FIRST_DATA_TTL_MS);
    await expect(taken).resolves.toMatchObject({ total: 1 });
    expect(takeFirstData(filter, 0, 1000)).toBeNull();
  });

  it('asks for nothing on other screens', () => {
    const { api, urls } = client();
    for (const path of ['/', '/login', '/bookings/guest', '/bookings/abc-123', '/personal-details']) requestFirstData(api, path);
    expect(urls).toEqual([]);
    expect(takeFirstData('upcoming', 0)).toBeNull();
  });

  it('is not given for another list, another page, or after its time', () => {
    const { api } = client();
    requestFirstData(api, '/bookings/upcoming', 0);
    expect(takeFirstData('past', 0, 0)).toBeNull();
    requestFirstData(api, '/bookings/upcoming', 0);
    expect(takeFirstData('upcoming', 1, 0)).toBeNull();
    requestFirstData(api, '/bookings/upcoming', 0);
    expect(takeFirstData('upcoming', 0, FIRST_DATA_TTL_MS + 1)).toBeNull();
  });

  it('is forgotten when who is signed in changes', () => {
    const { api } = client();
    requestFirstData(api, '/bookings/upcoming');
    forgetFirstData();
    expect(takeFirstData('upcoming', 0)).toBeNull();
  });

  it('leaves a 401 to the sign-in guard: no redirect from the early call; the store asks again', async () => {
    const { api, unauthorised } = client(401);
    requestFirstData(api, '/bookings/upcoming');
    const again = vi.fn(async () => page);
    await expect(firstDataOr('upcoming', 0, again)).resolves.toBe(page);
    expect(again).toHaveBeenCalledTimes(1);
    expect(unauthorised).not.toHaveBeenCalled();
  });

  it('gives the store any other failure as its first answer (the screen shows its error and retry)', async () => {
    const { api } = client(500);
    requestFirstData(api, '/bookings/upcoming');
    const again = vi.fn(async () => page);
    await expect(firstDataOr('upcoming', 0, again)).rejects.toMatchObject({ status: 500 });
    expect(again).not.toHaveBeenCalled();
    // Nothing early: the store's own call.
    await expect(firstDataOr('upcoming', 0, again)).resolves.toBe(page);
  });
});
