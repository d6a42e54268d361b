/**
 * The words for the outcomes machines/passenger-assistance-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceFormMessages = {
  get loadError() {
    return m.passenger_assistance_form_load_error();
  },
  get notFound() {
    return m.passenger_assistance_form_not_found();
  },
  get notBookable() {
    return m.passenger_assistance_form_not_bookable();
  },
  get submitError() {
    return m.passenger_assistance_form_submit_error();
  },
  get checking() {
    return m.passenger_assistance_form_checking();
  },
  get unconfirmed() {
    return m.passenger_assistance_form_unconfirmed();
  },
} as const;
