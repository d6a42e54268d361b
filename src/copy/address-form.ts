/**
 * The words for the outcomes machines/address-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const addressFormMessages = {
  get fetchError() {
    return m.address_form_fetch_error();
  },
  get notFound() {
    return m.address_form_not_found();
  },
  get addError() {
    return m.address_form_add_error();
  },
  get editError() {
    return m.address_form_edit_error();
  },
} as const;
