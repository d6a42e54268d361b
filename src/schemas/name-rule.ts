/**
 * The one rule for a person's name, wherever one is typed (registration, personal details, saved
 * passengers, the passengers of a booking) and on the server (server/lib/text-rules.ts): letters of
 * any script, combining marks, spaces, hyphens, apostrophes and full stops ("Zoë", "O'Brien",
 * "Smith-Jones", "St. John", "Nguyễn", "李"), with at least one letter someone can see. Digits,
 * symbols, emoji and markup are not part of a name: "O'Brien-😀", "😀" and "<b>Zoë</b>" are all
 * refused, with the field's "invalid characters" message (docs/decisions/642-one-name-rule.md).
 */
const nameCharacters = /^(?:[\p{L}\p{M} '’‘ʼ.\-‐‑]|\u200C|\u200D)*$/u;

/**
 * A letter someone can see: a Unicode letter that is not default-ignorable. The Hangul fillers
 * (U+115F, U+1160, U+3164, U+FFA0) are letters that draw nothing, and combining marks, zero-width
 * joiners and spaces are not letters at all, so a name made only of them looks empty on a ticket
 * while it passes every length rule.
 */
const visibleLetter = /(?!\p{Default_Ignorable_Code_Point})\p{L}/u;

export const hasVisibleLetter = (value: string): boolean => visibleLetter.test(value);

/** Whether `value` (trimmed or not) is made of what names contain, with a visible letter. */
export const isName = (value: string): boolean => {
  const text = value.normalize('NFC');
  return nameCharacters.test(text) && hasVisibleLetter(text);
};
