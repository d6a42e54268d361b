import type { Context } from 'hono';
import * as v from 'valibot';
import { isName } from '#src/schemas/name-rule.ts';
import { ApiError } from './errors.ts';

/**
 * One rule for the text a customer's account stores: names, nicknames, address lines, assistance
 * details, railcard holder names. A value is normalised to NFC (so "é" typed as e + combining accent
 * and as one character is one name) and refused when it holds what no name or address contains but
 * an attacker uses to spoof or split what others later read:
 * - control characters (C0, DEL, C1), CR and LF included, and the line and paragraph separators
 *   (U+2028, U+2029): they break headers, CSV exports and log lines;
 * - bidirectional controls (U+200E, U+200F, U+061C, U+202A-U+202E, U+2066-U+2069): they make text
 *   read in another order than it is stored ("Trojan Source");
 * - lone surrogates: not text at all (no UTF-8 encoding), a crash or a "?" wherever they go next;
 * - the byte order mark and the other invisible format characters (general category Cf), except
 *   the zero-width joiners some scripts need inside words.
 *
 * Those are refused with 422 (`readCleanBody`, `cleanFields`). On top of that (`cleanText`, and
 * the form's own rules each endpoint keeps, 400) a `name` holds only what names really contain: letters, combining marks, spaces,
 * hyphens, apostrophes and full stops ("Zoë", "O'Brien", "Smith-Jones", "St. John", "Nguyễn", "李"),
 * with at least one letter someone can see (not only Hangul fillers, combining marks or joiners).
 * That name rule is one module (src/schemas/name-rule.ts) every name form and endpoint reads.
 * A `text` (address line, nickname) may also hold digits and the usual punctuation and symbols. A
 * `multiline` text (assistance details, a textarea) may hold line breaks, stored as LF.
 */
export type TextKind = 'name' | 'text' | 'multiline';

/** Controls and separators (Cc, U+2028/2029), bidi controls and other format characters (Cf) but ZWNJ/ZWJ. */
const unsafeAnywhere = /[\p{Cc}\u2028\u2029]|(?![\u200C\u200D])\p{Cf}/u;
const unsafeMultiline = /(?!\n)[\p{Cc}\u2028\u2029]|(?![\u200C\u200D])\p{Cf}/u;
/** A high surrogate not followed by a low one, or a low one not after a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const textCharacters = /^(?:[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]|\u200C|\u200D)*$/u;

/** The value in NFC (line breaks as LF in multiline text), or null when it holds what no text may hold. */
export function safeText(value: string, kind: TextKind): string | null {
  if (loneSurrogate.test(value)) return null;
  const text = (kind === 'multiline' ? value.replace(/\r\n?/g, '\n') : value).normalize('NFC');
  return (kind === 'multiline' ? unsafeMultiline : unsafeAnywhere).test(text) ? null : text;
}

/** The value in NFC, or null when the rule refuses it: unsafe anywhere, or not what a name (or a text) contains. */
export function cleanText(value: string, kind: TextKind): string | null {
  const text = safeText(value, kind);
  if (text === null) return null;
  if (kind === 'name') return isName(text) ? text : null;
  return textCharacters.test(kind === 'multiline' ? text.replace(/\n/g, ' ') : text) ? text : null;
}

/** The code of a 422 for text the rule refuses; the message names the field, as the form's message does. */
export const TEXT_INVALID = 'INVALID_CHARACTERS';

export type TextRules = Readonly<Record<string, { kind: TextKind; message: string }>>;

/**
 * readBody (./body.ts) for a body that carries such text: first the unsafe characters of each named
 * string field (422 `INVALID_CHARACTERS`, `{field}: {message}`), with the value replaced by its NFC
 * form, then the schema (400 VALIDATION, as readBody), whose rules (the form's) say which visible
 * characters a field allows. The unsafe check comes first, so a name with a CR/LF or a bidi override
 * is always refused as such, whatever else the schema checks.
 */
export async function readCleanBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  rules: TextRules,
): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'VALIDATION', 'Body must be JSON');
  }
  const cleaned =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? cleanFields(raw as Record<string, unknown>, rules)
      : raw;
  const result = v.safeParse(schema, cleaned);
  if (!result.success) throw new ApiError(400, 'VALIDATION', v.summarize(result.issues));
  return result.output;
}

/** A copy of `body` with each named string field in NFC; 422 for one holding unsafe characters. */
export function cleanFields(body: Readonly<Record<string, unknown>>, rules: TextRules): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const [field, rule] of Object.entries(rules)) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    const safe = safeText(value, rule.kind);
    if (safe === null) throw new ApiError(422, TEXT_INVALID, `${field}: ${rule.message}`);
    out[field] = safe;
  }
  return out;
}
