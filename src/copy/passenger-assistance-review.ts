/**
 * The words for the outcomes machines/passenger-assistance-review.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceReviewMessages = {
  get loadError() {
    return m.passenger_assistance_review_load_error();
  },
  get notFound() {
    return m.passenger_assistance_review_not_found();
  },
  get notOffered() {
    return m.passenger_assistance_review_not_offered();
  },
  get booked() {
    return m.passenger_assistance_review_booked();
  },
} as const;
