/**
 * The words for the outcomes machines/passenger-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import type { FieldRefusal } from '#machines/lib/field-refusal';
import { m } from '#src/paraglide/messages.js';
import { fieldRefusalText } from './field-refusal';
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
  /**
   * A save refused about one field (decision 670), worded by its code (decision 883): a character the
   * server's text rule refuses (`INVALID_CHARACTERS`).
   */
  refusal(refusal: FieldRefusal<'firstName' | 'lastName' | 'nickName'>): string {
    return fieldRefusalText(refusal, {}, (field) =>
      field === 'nickName' ? m.form_passengers_nick_name_invalid() : m.form_passengers_name_invalid(),
    );
  },
} as const;
