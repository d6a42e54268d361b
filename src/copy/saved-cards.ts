/**
 * The words for the outcomes machines/saved-cards.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const savedCardsMessages = {
  get fetchError() {
    return m.saved_cards_fetch_error();
  },
  get deleteError() {
    return m.saved_cards_delete_error();
  },
  get deleted() {
    return m.saved_cards_deleted();
  },
} as const;
