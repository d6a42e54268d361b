import { describe, expect, it } from 'vitest';
import type { FirstData } from '#machines/lib/first-data';
import {
  firstAbsent,
  firstDataOr,
  firstErrorPatch,
  firstFailedWith,
  firstFailure,
  loadedAbsent,
  loadErrorPatch,
} from '#machines/lib/page-load';
import { ApiError } from '#src/api/errors';

/**
 * machines/lib/page-load.ts: how the passenger assistance charts read their page's load, from the
 * route (docs/decisions/730) or from their own fetch. A route's failed load must read as the same
 * failure from the chart's own fetch; a loaded start, or none, must read as no failure at all.
 */
describe('page load', () => {
  const notFound = new ApiError({ kind: 'http', status: 404, codes: [], detail: null, body: null });
  const forbidden = new ApiError({ kind: 'http', status: 403, codes: [], detail: null, body: null });
  const serverError = new ApiError({ kind: 'http', status: 500, codes: [], detail: null, body: null });
  const wrongShape = new ApiError({ kind: 'schema', message: 'bad shape' });
  const loaded: FirstData<string[]> = { data: ['a-1'] };

  it('a failed route load is the event a failed fetch is; a loaded start or none has no error', () => {
    expect(firstFailure({ error: notFound })).toEqual({ error: notFound });
    expect(firstFailure(loaded)).toEqual({});
    expect(firstFailure(null)).toEqual({});
  });

  it('not found is a failed route load with one of the statuses asked, never a loaded start', () => {
    expect(firstFailedWith({ error: notFound }, 403, 404)).toBe(true);
    expect(firstFailedWith({ error: forbidden }, 403, 404)).toBe(true);
    expect(firstFailedWith({ error: forbidden }, 404)).toBe(false);
    expect(firstFailedWith({ error: serverError }, 403, 404)).toBe(false);
    expect(firstFailedWith(loaded, 403, 404)).toBe(false);
    expect(firstFailedWith(null, 404)).toBe(false);
  });

  it('the route’s data when it loaded, else what the chart starts with', () => {
    expect(firstDataOr(loaded, null)).toEqual(['a-1']);
    expect(firstDataOr({ data: null }, [])).toBeNull();
    expect(firstDataOr({ error: notFound }, [])).toEqual([]);
    expect(firstDataOr(null, null)).toBeNull();
  });

  it('a failed load says whether its answer had the wrong shape, from the fetch or the route alike', () => {
    expect(loadErrorPatch({ error: wrongShape })).toEqual({ schemaError: true });
    expect(loadErrorPatch({ error: serverError })).toEqual({ schemaError: false });
    expect(firstErrorPatch({ error: wrongShape })).toEqual({ schemaError: true });
    expect(firstErrorPatch({ error: serverError })).toEqual({ schemaError: false });
    expect(firstErrorPatch(loaded)).toEqual({ schemaError: false });
  });

  it('a host without the page’s call is a load that answered null, never a failed, a loaded or no start', () => {
    expect(firstAbsent({ data: null })).toBe(true);
    expect(firstAbsent(loaded)).toBe(false);
    expect(firstAbsent({ data: [] })).toBe(false);
    expect(firstAbsent({ error: notFound })).toBe(false);
    expect(firstAbsent(null)).toBe(false);
    expect(firstAbsent(undefined)).toBe(false);
    const done = (output: unknown) => ({ type: 'xstate.done.actor.fetchOptions', output });
    expect(loadedAbsent(done(null), 'fetchOptions')).toBe(true);
    expect(loadedAbsent(done({ directions: [] }), 'fetchOptions')).toBe(false);
    expect(loadedAbsent(done(undefined), 'fetchOptions')).toBe(false);
    // Only the named actor's answer is read.
    expect(() => loadedAbsent(done(null), 'fetchQuote')).toThrow();
  });
});
