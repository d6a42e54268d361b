/**
 * What went wrong with an actor's call, in the kinds the app tells apart. Pure: no imports from
 * src/api or ofetch (src/api/errors.ts builds its ApiError on this type, not the other way round).
 * Every machine's guards read errors through `problemOf`, so "is this a 404 / a schema mismatch /
 * a refusal with a reason" is decided in one place (docs/decisions/141-one-problem-module.md).
 */
import { parseRetryAfter, type Problem } from '#src/schemas/problem';

export { parseRetryAfter, type Problem };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];

const messageOf = (value: unknown): string =>
  value instanceof Error
    ? value.message
    : isRecord(value) && typeof value.message === 'string'
      ? value.message
      : String(value);

const numberOr = (...values: unknown[]): number | null => {
  for (const v of values) if (typeof v === 'number') return v;
  return null;
};
const stringOr = (...values: unknown[]): string | null => {
  for (const v of values) if (typeof v === 'string') return v;
  return null;
};

/**
 * Classifies whatever an actor threw: the API client's ApiError (a `problem` plus `status`/`code`
 * getters), a bare problem, an error with an HTTP `status` (and `code`), or anything else. Fields
 * are read one by one, never trusted as a whole.
 */
export const problemOf = (error: unknown): Problem => {
  if (!isRecord(error)) return { kind: 'unknown', message: messageOf(error) };
  const problem = isRecord(error.problem) ? error.problem : error;
  const kind = problem.kind;
  if (kind === 'schema' || kind === 'network' || kind === 'unknown') {
    return { kind, message: stringOr(problem.message, error.message) ?? '' };
  }
  const status = numberOr(problem.status, error.status);
  if (status !== null) {
    const codes = stringsOf(problem.codes);
    const code = stringOr(error.code);
    if (status === 429) {
      const seconds = numberOr(problem.retryAfterSeconds, error.retryAfterSeconds);
      return {
        kind: 'throttled',
        status: 429,
        codes: codes.length ? codes : code ? [code] : [],
        retryAfterSeconds: seconds !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null,
        message: stringOr(problem.message, error.message) ?? 'Too many attempts',
      };
    }
    return {
      kind: 'http',
      status,
      codes: codes.length ? codes : code ? [code] : [],
      detail: stringOr(problem.detail, error.detail),
      body: 'body' in problem ? problem.body : error.body,
    };
  }
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return { kind: 'network', message: messageOf(error) };
  return { kind: 'unknown', message: messageOf(error) };
};

/** The problem of an `xstate.error.actor.*` event (guards and actions get the machine's event union). */
export const problemOfEvent = (event: object): Problem => problemOf('error' in event ? event.error : undefined);

/** The HTTP status of a failed call, or null when there was no answer (or not an HTTP one). */
export const statusOf = (problem: Problem): number | null =>
  problem.kind === 'http' || problem.kind === 'throttled' ? problem.status : null;

/** The first error code of an `{errors:[{code}]}` body (spec: "the first code is used"). */
export const codeOf = (problem: Problem): string | null =>
  problem.kind === 'http' || problem.kind === 'throttled' ? (problem.codes[0] ?? null) : null;

/** Whether an actor's error is a 429 refusal. */
export const isThrottledProblem = (event: object): boolean => problemOfEvent(event).kind === 'throttled';

/** The seconds to wait from a throttled actor error, or null (unknown, or not throttled). */
export const retryAfterOfEvent = (event: object): number | null => {
  const problem = problemOfEvent(event);
  return problem.kind === 'throttled' ? problem.retryAfterSeconds : null;
};

/** A refusal's reason in words (the body's `detail`), when the server gave one. */
export const reasonOf = (problem: Problem): string | null =>
  problem.kind === 'http' && problem.detail !== null && problem.detail.trim() !== '' ? problem.detail.trim() : null;

/** Event-level questions for guards: `hasStatus(event, 404)`, `isSchemaProblem(event)`. */
export const hasStatus = (event: object, ...statuses: number[]): boolean => {
  const status = statusOf(problemOfEvent(event));
  return status !== null && statuses.includes(status);
};
export const isSchemaProblem = (event: object): boolean => problemOfEvent(event).kind === 'schema';
