/**
 * The words for the outcomes machines/address-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const addressFormMessages = {
  fetchError: m.address_form_fetch_error(),
  notFound: m.address_form_not_found(),
  addError: m.address_form_add_error(),
  editError: m.address_form_edit_error(),
} as const;
