/**
 * The words for the outcomes machines/account-passenger-assistance.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const accountPassengerAssistanceMessages = {
  get loadError() {
    return m.account_passenger_assistance_load_error();
  },
  get noJourneys() {
    return m.account_passenger_assistance_no_journeys();
  },
  get noneBooked() {
    return m.account_passenger_assistance_none_booked();
  },
} as const;
