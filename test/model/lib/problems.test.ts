import { describe, expect, it } from 'vitest';
import { codeOf, hasStatus, isSchemaProblem, problemOf, reasonOf, statusOf } from '#machines/lib/problems';
import { ApiError } from '#src/api/errors';

describe('problemOf: one classification of what an actor threw', () => {
  it('reads the API client error: status, first code, detail', () => {
    const error = new ApiError({ kind: 'http', status: 409, codes: ['CARD_IN_USE', 'OTHER'], detail: ' This card pays for a renewal. ', body: {} });
    const problem = problemOf(error);
    expect(problem.kind).toBe('http');
    expect(statusOf(problem)).toBe(409);
    expect(codeOf(problem)).toBe('CARD_IN_USE');
    expect(reasonOf(problem)).toBe('This card pays for a renewal.');
  });

  it('tells a schema mismatch and a network failure from an HTTP error', () => {
    expect(problemOf(new ApiError({ kind: 'schema', message: 'bad shape' }))).toEqual({ kind: 'schema', message: 'bad shape' });
    expect(problemOf(new ApiError({ kind: 'network', message: 'offline' })).kind).toBe('network');
    expect(statusOf(problemOf(new ApiError({ kind: 'schema', message: 'x' })))).toBeNull();
  });

  it('reads plain status/code errors and problems without a status of their own', () => {
    expect(codeOf(problemOf({ status: 400, code: 'TOKEN_INVALID' }))).toBe('TOKEN_INVALID');
    expect(reasonOf(problemOf({ status: 422, problem: { kind: 'http', detail: 'Each passenger needs a different name.' } }))).toBe(
      'Each passenger needs a different name.',
    );
    expect(reasonOf(problemOf({ status: 500, problem: { kind: 'http', detail: null } }))).toBeNull();
    expect(problemOf({ status: null, problem: { kind: 'schema' } }).kind).toBe('schema');
  });

  it('calls anything else unknown, and a blank detail no reason', () => {
    expect(problemOf(new Error('boom'))).toEqual({ kind: 'unknown', message: 'boom' });
    expect(problemOf(undefined).kind).toBe('unknown');
    expect(reasonOf(problemOf({ status: 409, detail: '   ' }))).toBeNull();
  });

  it('answers guard questions from an actor error event', () => {
    const event = { type: 'xstate.error.actor.x', error: { status: 404 } };
    expect(hasStatus(event, 403, 404)).toBe(true);
    expect(hasStatus(event, 500)).toBe(false);
    expect(hasStatus({ type: 'form.submit' }, 404)).toBe(false);
    expect(isSchemaProblem({ type: 'xstate.error.actor.x', error: new ApiError({ kind: 'schema', message: 'x' }) })).toBe(true);
  });
});
