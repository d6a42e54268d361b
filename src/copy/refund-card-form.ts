/**
 * The words for the outcomes machines/refund-card-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import type { FieldRefusal } from '#machines/lib/field-refusal';
import { m } from '#src/paraglide/messages.js';

export const cardFormMessages = {
  get tokeniseFailed() {
    return m.refund_card_form_tokenise_failed();
  },
  /**
   * A card refused about one field (decision 670): a number that is not a card's, or a card that has
   * expired by the server's date; worded as the form's own rule for that field.
   */
  refusal(refusal: FieldRefusal<'number' | 'expiry'>): string {
    return refusal.field === 'number' ? m.form_card_form_number_invalid() : m.form_card_form_expiry_past();
  },
} as const;
