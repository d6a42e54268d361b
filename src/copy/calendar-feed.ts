/**
 * The words for the outcomes machines/calendar-feed.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const calendarFeedMessages = {
  get loadError() {
    return m.calendar_feed_load_error();
  },
  get changeError() {
    return m.calendar_feed_change_error();
  },
} as const;
