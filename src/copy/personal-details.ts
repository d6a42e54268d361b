/**
 * The words for the outcomes machines/personal-details.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import type { FieldRefusal } from '#machines/lib/field-refusal';
import { m } from '#src/paraglide/messages.js';
import { fieldRefusalText } from './field-refusal';

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
  /**
   * A save refused about one name (decision 670), worded by its code (decision 883): a character the
   * server's text rule refuses (`INVALID_CHARACTERS`).
   */
  refusal(refusal: FieldRefusal<'firstName' | 'lastName'>): string {
    return fieldRefusalText(refusal, {}, (field) =>
      field === 'firstName' ? m.form_first_name_invalid() : m.form_last_name_invalid(),
    );
  },
} as const;
