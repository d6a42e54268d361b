import type { BookingFilter } from '../schemas/bookings-list';

/**
 * The paths of the calls a first screen's data comes from, written once for the boot file's early
 * requests (decision 247) and for the routes' loaders whose calls take their answers (docs/decisions/730):
 * an early answer is given only to the same path and query. A module of its own, so the boot file
 * does not carry the calls' schemas.
 */
const seg = encodeURIComponent;

/** Where the API is: docs/product/api.md's paths are under it, on the page's own origin. */
export const apiBase = '/my-account/api';

/** GET /bookings/{filter}?page={n} (page index from 0). */
export const bookingsListPath = (filter: BookingFilter): string => `/bookings/${filter}`;

/** GET /booking/{id}: the booking's order (200) or where it moved (308). */
export const bookingPath = (bookingId: string): string => `/booking/${seg(bookingId)}`;

/** GET the change-of-journey (or season change) check for one booking of an order. */
export const changeabilityPath = (orderId: string, bookingId: string, season: boolean): string =>
  `/${season ? 'seasons-change-of-journey' : 'change-of-journey'}/changeability/${seg(orderId)}/${seg(bookingId)}`;

/** GET a leg's calling points by its timetable id (with the day and stations as the query). */
export const callingPointsPath = (timetableId: string): string => `/realtime/timetable/${seg(timetableId)}`;

/** The account overview's summary (its route's loader; the boot file asks for it on the overview, decision 870). */
export const accountSummaryPath = '/customer/account-summary';

/**
 * The bookings lists a first screen asks for the first page of, by route file (routes/): the
 * bookings index, which shows the upcoming tab, and the upcoming, past and season tabs. Not the
 * guest tab, which lists guest orders. The tabs' loaders ask for it (docs/decisions/730) and the boot
 * file earlier still (`firstData` in vite.config.ts, decision 247), for the loader's call to take.
 */
export const firstListRoutes = {
  '_account._bookings.bookings.index': 'upcoming',
  '_account._bookings.bookings.upcoming': 'upcoming',
  '_account._bookings.bookings.past': 'past',
  '_account._bookings.bookings.season': 'season',
} as const satisfies Readonly<Record<string, BookingFilter>>;
