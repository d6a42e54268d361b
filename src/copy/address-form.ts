/**
 * The words for the outcomes machines/address-form.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import type { FieldRefusal } from '#machines/lib/field-refusal';
import { m } from '#src/paraglide/messages.js';
import { fieldRefusalText } from './field-refusal';

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
  /**
   * A save refused about one field (decision 670), worded by its code (decision 883): the only such
   * refusal is a character the server's text rule refuses (`INVALID_CHARACTERS`).
   */
  refusal(refusal: FieldRefusal<string>): string {
    return fieldRefusalText(refusal, {}, () => m.form_addresses_control_character());
  },
} as const;
