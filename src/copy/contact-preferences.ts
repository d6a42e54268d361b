/**
 * The words for the outcomes machines/contact-preferences.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Copy: docs/product/states.md gives the first-time message; the rest is docs/decisions/070-contact-preferences.md. */
export const contactPreferencesMessages = {
  get firstTimeSaved() {
    return m.contact_preferences_first_time_saved();
  },
  get saved() {
    return m.contact_preferences_saved();
  },
  get fetchError() {
    return m.contact_preferences_fetch_error();
  },
  get updateError() {
    return m.contact_preferences_update_error();
  },
  get empty() {
    return m.contact_preferences_empty();
  },
  get unsubscribed() {
    return m.contact_preferences_unsubscribed();
  },
  get subscribed() {
    return m.contact_preferences_subscribed();
  },
  get unsubscribedErrors() {
    return m.contact_preferences_unsubscribed_errors();
  },
  get subscribedErrors() {
    return m.contact_preferences_subscribed_errors();
  },
} as const;
