/**
 * Invisible control characters (C0 and DEL; tab and line breaks allowed). The retailer's API
 * refuses any NUL with a 400 (README, decision 152), which a retry can never get past, so the
 * forms that send free text name the field that holds one before anything is sent.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacter = (value: string): boolean => controlCharacter.test(value);
