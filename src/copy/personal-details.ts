/**
 * The words for the outcomes machines/personal-details.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const personalDetailsMessages = {
  get fetchFailed() {
    return m.personal_details_fetch_failed();
  },
  get updateFailed() {
    return m.personal_details_update_failed();
  },
  /** Followed by a link to Passengers and railcards and a full stop. */
  get passengerUpdateFailedLead() {
    return m.personal_details_passenger_update_failed_lead();
  },
  get emailCannotChange() {
    return m.personal_details_email_cannot_change();
  },
} as const;
