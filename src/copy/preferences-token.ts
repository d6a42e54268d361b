/**
 * The words for the outcomes machines/preferences-token.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const preferencesTokenMessages = {
  noToken: m.preferences_token_no_token(),
  invalidToken: m.preferences_token_invalid_token(),
  failed: m.preferences_token_failed(),
  linkNotOffered: m.preferences_token_link_not_offered(),
} as const;
