/**
 * The words for the outcomes machines/passenger-assistance-list.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceListMessages = {
  get loadError() {
    return m.passenger_assistance_list_load_error();
  },
  get notFound() {
    return m.passenger_assistance_list_not_found();
  },
  get empty() {
    return m.passenger_assistance_list_empty();
  },
  get notBookable() {
    return m.passenger_assistance_list_not_bookable();
  },
  get cancelled() {
    return m.passenger_assistance_list_cancelled();
  },
} as const;
