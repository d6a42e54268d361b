/**
 * A server refusal about one field, in the page's words (docs/decisions/883-field-refusals-by-code.md):
 * the catalogue's words for its code, the form's own first, then those every form shares; the server's
 * sentence only for a code this app does not know; without one, the field's own rule.
 */
import { INVALID_CHARACTERS, type FieldRefusal } from '#machines/lib/field-refusal';
import { m } from '#src/paraglide/messages.js';

/** A form's words for the codes its call refuses a field with, by the field they are about. */
export type FieldRefusalWords<F extends string> = Partial<Record<string, (field: F) => string>>;

/**
 * Codes every form words alike: the text rule's refusal of an invisible control or format character
 * in any text field (server/lib/text-rules.ts; the form's own rules refuse the visible ones).
 */
export const sharedFieldRefusalWords: FieldRefusalWords<string> = {
  [INVALID_CHARACTERS]: () => m.field_refusal_invalid_characters(),
};

export const fieldRefusalText = <F extends string>(
  refusal: FieldRefusal<F>,
  own: FieldRefusalWords<F>,
  fieldRule: (field: F) => string,
): string => {
  const words = own[refusal.code] ?? sharedFieldRefusalWords[refusal.code];
  return words ? words(refusal.field) : (refusal.message ?? fieldRule(refusal.field));
};
