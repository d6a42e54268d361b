/**
 * The words for the outcomes machines/passenger-assistance-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceFormMessages = {
  loadError: m.passenger_assistance_form_load_error(),
  notFound: m.passenger_assistance_form_not_found(),
  notBookable: m.passenger_assistance_form_not_bookable(),
  submitError: m.passenger_assistance_form_submit_error(),
  checking: m.passenger_assistance_form_checking(),
  unconfirmed: m.passenger_assistance_form_unconfirmed(),
} as const;
