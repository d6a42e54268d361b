/**
 * The words for the outcomes machines/passenger-assistance-list.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceListMessages = {
  loadError: m.passenger_assistance_list_load_error(),
  notFound: m.passenger_assistance_list_not_found(),
  empty: m.passenger_assistance_list_empty(),
  notBookable: m.passenger_assistance_list_not_bookable(),
  cancelled: m.passenger_assistance_list_cancelled(),
} as const;
