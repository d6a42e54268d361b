/**
 * The words for the outcomes machines/preferences-token.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const preferencesTokenMessages = {
  get noToken() {
    return m.preferences_token_no_token();
  },
  get invalidToken() {
    return m.preferences_token_invalid_token();
  },
  get failed() {
    return m.preferences_token_failed();
  },
  get linkNotOffered() {
    return m.preferences_token_link_not_offered();
  },
} as const;
