/**
 * The words for the outcomes machines/refund-card-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const cardFormMessages = {
  get tokeniseFailed() {
    return m.refund_card_form_tokenise_failed();
  },
} as const;
