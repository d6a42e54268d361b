import type { BookingFilter } from '../schemas/bookings-list';

/**
 * The paths of the calls a first screen's data is prefetched from (src/first-data.ts), written once
 * for the prefetch and for the call that takes its answer: a prefetch is given only to the same
 * path and query. A module of its own, so the boot file does not carry the calls' schemas.
 */
const seg = encodeURIComponent;

/** Where the API is: SPEC section 7's paths are under it, on the page's own origin. */
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
