/**
 * The words for the outcomes machines/smartcards.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const smartcardsMessages = {
  get fetchError() {
    return m.smartcards_fetch_error();
  },
} as const;
