/**
 * The words for the outcomes machines/passenger-assistance-cancel.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceCancelMessages = {
  get loadError() {
    return m.passenger_assistance_cancel_load_error();
  },
  get notFound() {
    return m.passenger_assistance_cancel_not_found();
  },
  get notOffered() {
    return m.passenger_assistance_cancel_not_offered();
  },
  get alreadyCancelled() {
    return m.passenger_assistance_cancel_already_cancelled();
  },
  get cancelError() {
    return m.passenger_assistance_cancel_cancel_error();
  },
  get checking() {
    return m.passenger_assistance_cancel_checking();
  },
  get unconfirmed() {
    return m.passenger_assistance_cancel_unconfirmed();
  },
} as const;
