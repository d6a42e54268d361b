/**
 * The words for the outcomes machines/passenger-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { passengerLimits } from '#src/schemas/passengers';

/** Copy the spec does not give (docs/decisions/050-passengers-and-railcards.md). */
export const passengerFormMessages = {
  get accountUpdateFailed() {
    return m.passenger_form_account_update_failed();
  },
  get deleteFailed() {
    return m.passenger_form_delete_failed();
  },
  get loadFailed() {
    return m.passenger_form_load_failed();
  },
  get accountHolderNote() {
    return m.passenger_form_account_holder_note();
  },
  get limitReached() {
    return m.passenger_form_limit_reached({ max: passengerLimits.savedPassengersMax });
  },
} as const;
