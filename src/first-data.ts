import type { ApiClient } from './api/client';
import { ApiError } from './api/errors';
import { BookingsPage, type BookingFilter } from './schemas/bookings-list';

/**
 * The first screen's data, requested with its code (issue 11). Opening /my-account/bookings/…
 * used to wait for the user, then the screen's code, then the list: three round trips one after
 * another. The boot file now asks for the list's first page at once, next to the user, and the
 * bookings store takes that answer for its first fetch instead of asking again.
 *
 * Safe by construction:
 *   - the early call is the store's own call (same path, schema and session cookie), with 401
 *     left to the sign-in guard (`allow401`), so a signed-out visitor is not sent to /login twice;
 *   - taken once, only for the same list and page 0, and only within `FIRST_DATA_TTL_MS` of boot;
 *   - forgotten when who is signed in changes (main.tsx), so one customer's list never reaches
 *     another's screen;
 *   - its answer is the store's first answer, a failure included (the screen shows its error and
 *     retry, as before); only a 401 is asked again by the store, so the usual 401 handling runs.
 */
export const FIRST_DATA_TTL_MS = 15_000;

const listPaths: Readonly<Record<string, BookingFilter>> = {
  '/bookings': 'upcoming',
  '/bookings/upcoming': 'upcoming',
  '/bookings/past': 'past',
  '/bookings/season': 'season',
};

let early: { filter: BookingFilter; page: Promise<BookingsPage>; at: number } | null = null;

/** `pathname` is the router's (inside the basepath): `/bookings/upcoming`. */
export const requestFirstData = (client: ApiClient, pathname: string, now = Date.now()): void => {
  const filter = listPaths[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname];
  if (!filter) return;
  const page = client.request(BookingsPage, `/bookings/${filter}`, { query: { page: 0 }, allow401: true });
  // Taken or not, a failure here is never an unhandled rejection.
  page.catch(() => undefined);
  early = { filter, page, at: now };
};

/** The early answer for this list and page, once; null when there is none to take. */
export const takeFirstData = (filter: BookingFilter, page: number, now = Date.now()): Promise<BookingsPage> | null => {
  const hit = early && early.filter === filter && page === 0 && now - early.at <= FIRST_DATA_TTL_MS ? early.page : null;
  early = null;
  return hit;
};

/** The store's fetch: the early answer when there is one (a 401 asked again by `fetchPage`), else `fetchPage`. */
export const firstDataOr = (filter: BookingFilter, page: number, fetchPage: () => Promise<BookingsPage>): Promise<BookingsPage> =>
  takeFirstData(filter, page)?.catch((error: unknown) => (error instanceof ApiError && error.status === 401 ? fetchPage() : Promise.reject(error))) ??
  fetchPage();

/** Who is signed in changed: drop whatever was fetched for the one before. */
export const forgetFirstData = (): void => {
  early = null;
};
