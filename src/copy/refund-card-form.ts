/**
 * The words for the outcomes machines/refund-card-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import type { FieldRefusal } from '#machines/lib/field-refusal';
import { m } from '#src/paraglide/messages.js';
import { fieldRefusalText, type FieldRefusalWords } from './field-refusal';

/** POST payment/card-token's refusals about one field (server/api/refund-cards.ts). */
const cardRefusalWords: FieldRefusalWords<'number' | 'expiry'> = {
  CARD_INVALID: () => m.form_card_form_number_invalid(),
  CARD_EXPIRED: () => m.form_card_form_expiry_past(),
};

export const cardFormMessages = {
  get tokeniseFailed() {
    return m.refund_card_form_tokenise_failed();
  },
  /**
   * A card refused about one field (decision 670), worded by its code (decision 883): a number that is
   * not a card's (`CARD_INVALID`), or a card that has expired by the server's UK day (`CARD_EXPIRED`).
   */
  refusal(refusal: FieldRefusal<'number' | 'expiry'>): string {
    return fieldRefusalText(refusal, cardRefusalWords, (field) =>
      field === 'number' ? m.form_card_form_number_invalid() : m.form_card_form_expiry_past(),
    );
  },
} as const;
