/**
 * The words for the outcomes machines/edit-passengers.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Not given by the spec (docs/decisions/022-edit-passengers-one-at-a-time.md). */
export const editPassengersMessages = {
  get generic() {
    return m.edit_passengers_generic();
  },
  get saved() {
    return m.edit_passengers_saved();
  },
  /** DUPLICATE_NAME in the page's words (the server's sentence is English): tied to the name's fields. */
  get duplicateName() {
    return m.edit_passengers_duplicate_name();
  },
} as const;

/**
 * Why the server refused a new name, by its code (server/api/booking.ts, PUT pico/edit-passengers;
 * docs/decisions/641-server-words-as-codes.md); `DUPLICATE_NAME` is tied to the name's fields instead.
 * A refusal of the booking's lifecycle is worded by the screen's lifecycle table. The server's
 * sentence only for a code this app does not know, else the general message.
 */
const editRefusals: Record<string, () => string> = {
  BOOKING_REPLACED: () => m.edit_passengers_replaced(),
  NOT_ALTERABLE: () => m.edit_passengers_not_alterable(),
  PASSENGER_NOT_ON_BOOKING: () => m.edit_passengers_not_on_booking(),
};

export const editRefusalText = (code: string | null, detail: string | null): string => {
  const words = code ? editRefusals[code] : undefined;
  return words ? words() : (detail ?? editPassengersMessages.generic);
};
