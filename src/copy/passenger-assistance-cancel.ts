/**
 * The words for the outcomes machines/passenger-assistance-cancel.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceCancelMessages = {
  loadError: m.passenger_assistance_cancel_load_error(),
  notFound: m.passenger_assistance_cancel_not_found(),
  notOffered: m.passenger_assistance_cancel_not_offered(),
  alreadyCancelled: m.passenger_assistance_cancel_already_cancelled(),
  cancelError: m.passenger_assistance_cancel_cancel_error(),
  checking: m.passenger_assistance_cancel_checking(),
  unconfirmed: m.passenger_assistance_cancel_unconfirmed(),
} as const;
