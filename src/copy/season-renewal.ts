/**
 * The words for the outcomes machines/season-renewal.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import type { SeasonRenewalSaveError } from '#machines/season-renewal';

/** What the season renewal section says: its load failure, and each failed change its chart names. */
export const seasonRenewalMessages: Record<'fetchError' | SeasonRenewalSaveError, string> = {
  fetchError: m.season_renewal_fetch_error(),
  saveError: m.season_renewal_save_error(),
  cardExpired: m.season_renewal_card_expired(),
  ended: m.season_renewal_ended(),
  unexpected: m.api_errors_unexpected_response(),
};
