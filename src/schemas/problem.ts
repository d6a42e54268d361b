/**
 * What went wrong with a call, in the kinds the app tells apart: the one definition the API client
 * (src/api/errors.ts builds its ApiError on it) and the machines' guards (machines/lib/problems.ts
 * classifies whatever an actor threw into it) share, with the Retry-After reader both use. No imports.
 */
export type Problem =
  /** The server answered with an error status; `codes` are its `errors[].code`, `detail` its reason in words. */
  | { kind: 'http'; status: number; codes: string[]; detail: string | null; body: unknown }
  /**
   * 429: the server refuses more attempts for now (docs/decisions/155). `retryAfterSeconds` comes
   * from the Retry-After header when the server sent one.
   */
  | { kind: 'throttled'; status: 429; codes: string[]; retryAfterSeconds: number | null; message: string }
  /** The response did not match its valibot schema. */
  | { kind: 'schema'; message: string }
  /** No answer: offline, DNS, aborted, timed out. */
  | { kind: 'network'; message: string }
  /** Anything else thrown (a bug, a test's plain Error). */
  | { kind: 'unknown'; message: string };

/**
 * The three forms of an HTTP-date (RFC 9110, 5.6.7): IMF-fixdate, and the obsolete RFC 850 and
 * asctime forms a recipient must still read. Only these go to Date.parse, which reads far more:
 * "in 120" is the year 120 to V8, which made a wait of 0 ("try again now").
 */
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC850_DATE = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * Seconds from a Retry-After header value: delta-seconds, or an HTTP date relative to `now`.
 * Null when absent or unreadable.
 */
export const parseRetryAfter = (value: string | null | undefined, now: Date): number | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // asctime has no zone; HTTP dates are always GMT, never the reader's local time.
  const date = IMF_FIXDATE.test(text) || RFC850_DATE.test(text) ? text : ASCTIME_DATE.test(text) ? `${text} GMT` : null;
  if (date === null) return null;
  const at = Date.parse(date);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
};
