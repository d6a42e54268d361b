/**
 * The words for the outcomes machines/contact-preferences.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Copy: docs/product/states.md gives the first-time message; the rest is docs/decisions/070-contact-preferences.md. */
export const contactPreferencesMessages = {
  firstTimeSaved: m.contact_preferences_first_time_saved(),
  saved: m.contact_preferences_saved(),
  fetchError: m.contact_preferences_fetch_error(),
  updateError: m.contact_preferences_update_error(),
  empty: m.contact_preferences_empty(),
  unsubscribed: m.contact_preferences_unsubscribed(),
  subscribed: m.contact_preferences_subscribed(),
  unsubscribedErrors: m.contact_preferences_unsubscribed_errors(),
  subscribedErrors: m.contact_preferences_subscribed_errors(),
} as const;
