/**
 * The words for the outcomes machines/season-renewal.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import type { SeasonRenewalSaveError } from '#machines/season-renewal';

/** What the season renewal section says: its load failure, and each failed change its chart names. */
export const seasonRenewalMessages: Record<'fetchError' | SeasonRenewalSaveError, string> = {
  get fetchError() {
    return m.season_renewal_fetch_error();
  },
  get saveError() {
    return m.season_renewal_save_error();
  },
  get cardExpired() {
    return m.season_renewal_card_expired();
  },
  get ended() {
    return m.season_renewal_ended();
  },
  get unexpected() {
    return m.api_errors_unexpected_response();
  },
};
