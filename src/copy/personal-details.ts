/**
 * The words for the outcomes machines/personal-details.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const personalDetailsMessages = {
  fetchFailed: m.personal_details_fetch_failed(),
  updateFailed: m.personal_details_update_failed(),
  /** Followed by a link to Passengers and railcards and a full stop. */
  passengerUpdateFailedLead:
    m.personal_details_passenger_update_failed_lead(),
  emailCannotChange: m.personal_details_email_cannot_change(),
} as const;
