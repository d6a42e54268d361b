/**
 * The words for the outcomes machines/find-booking.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Copy not given by the spec (docs/decisions/012). */
export const findBookingStatusMessages = {
  get badRequest() {
    return m.find_booking_bad_request();
  },
  get notFound() {
    return m.find_booking_not_found();
  },
  get serverError() {
    return m.find_booking_server_error();
  },
  get success() {
    return m.find_booking_success();
  },
} as const;
