/**
 * The words for the outcomes machines/bookings-list.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** docs/product/errors.md. */
export const bookingsListErrorMessage = (): string => m.bookings_list_unable_to_fetch_bookings();
