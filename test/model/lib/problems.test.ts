import { describe, expect, it } from 'vitest';
import { codeOf, hasStatus, isSchemaProblem, problemOf, reasonOf, statusOf } from '#machines/lib/problems';
import { ApiError } from '#src/api/errors';

describe('problemOf: one classification of what an actor threw', () => {
  it('reads the API client error: status, first code, detail', () => {
    const error = new ApiError({
      kind: 'http',
      status: 409,
      codes: ['CARD_IN_USE', 'OTHER'],
      detail: ' This card pays for a renewal. ',
      body: {},
    });
    const problem = problemOf(error);
    expect(problem.kind).toBe('http');
    expect(statusOf(problem)).toBe(409);
    expect(codeOf(problem)).toBe('CARD_IN_USE');
    expect(reasonOf(problem)).toBe('This card pays for a renewal.');
  });

  it('tells a schema mismatch and a network failure from an HTTP error', () => {
    expect(problemOf(new ApiError({ kind: 'schema', message: 'bad shape' }))).toEqual({
      kind: 'schema',
      message: 'bad shape',
    });
    expect(problemOf(new ApiError({ kind: 'network', message: 'offline' })).kind).toBe('network');
    expect(statusOf(problemOf(new ApiError({ kind: 'schema', message: 'x' })))).toBeNull();
  });

  it('reads plain status/code errors and problems without a status of their own', () => {
    expect(codeOf(problemOf({ status: 400, code: 'TOKEN_INVALID' }))).toBe('TOKEN_INVALID');
    expect(
      reasonOf(problemOf({ status: 422, problem: { kind: 'http', detail: 'Each passenger needs a different name.' } })),
    ).toBe('Each passenger needs a different name.');
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
    expect(
      isSchemaProblem({ type: 'xstate.error.actor.x', error: new ApiError({ kind: 'schema', message: 'x' }) }),
    ).toBe(true);
  });
});

describe('problemOf: each field read on its own, never trusted as a whole', () => {
  it('calls null and non-objects unknown, with their text as the message', () => {
    expect(problemOf(null)).toEqual({ kind: 'unknown', message: 'null' });
    expect(problemOf('offline')).toEqual({ kind: 'unknown', message: 'offline' });
  });

  it("takes a plain object's message when it is a string, and its text otherwise", () => {
    expect(problemOf({ message: 'socket hang up' })).toEqual({ kind: 'unknown', message: 'socket hang up' });
    expect(problemOf({ message: 42 })).toEqual({ kind: 'unknown', message: '[object Object]' });
  });

  it("keeps a schema, network or unknown problem's kind whatever status sits beside it, with the first message found", () => {
    expect(problemOf({ kind: 'unknown', status: 500, message: 'bug' })).toEqual({ kind: 'unknown', message: 'bug' });
    expect(problemOf({ problem: { kind: 'network' }, message: 'from the error' })).toEqual({
      kind: 'network',
      message: 'from the error',
    });
    expect(problemOf({ problem: { kind: 'schema', message: 'from the problem' }, message: 'from the error' })).toEqual({
      kind: 'schema',
      message: 'from the problem',
    });
    expect(problemOf({ problem: { kind: 'schema' } })).toEqual({ kind: 'schema', message: '' });
  });

  it('reads an HTTP error: only string codes, the error code when the body has none, and the body', () => {
    expect(
      problemOf({
        status: 400,
        problem: { kind: 'http', codes: [1, 'FIRST', null, 'SECOND'], detail: null, body: { a: 1 } },
        body: { b: 2 },
      }),
    ).toEqual({
      kind: 'http',
      status: 400,
      codes: ['FIRST', 'SECOND'],
      detail: null,
      body: { a: 1 },
    });
    expect(problemOf({ status: 404, code: 'NOT_FOUND', body: { b: 2 } })).toEqual({
      kind: 'http',
      status: 404,
      codes: ['NOT_FOUND'],
      detail: null,
      body: { b: 2 },
    });
    expect(problemOf({ status: 500 })).toEqual({ kind: 'http', status: 500, codes: [], detail: null, body: undefined });
    expect(problemOf({ status: 409, detail: 'In use.' })).toMatchObject({ detail: 'In use.' });
  });

  it('reads a 429 as throttled: its codes, whole seconds to wait (none when unusable) and a message', () => {
    expect(problemOf({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 1.2 })).toEqual({
      kind: 'throttled',
      status: 429,
      codes: ['TOO_MANY_ATTEMPTS'],
      retryAfterSeconds: 2,
      message: 'Too many attempts',
    });
    expect(
      problemOf({ status: 429, problem: { codes: ['SLOW_DOWN'], retryAfterSeconds: 0, message: 'Wait.' } }),
    ).toEqual({
      kind: 'throttled',
      status: 429,
      codes: ['SLOW_DOWN'],
      retryAfterSeconds: 0,
      message: 'Wait.',
    });
    expect(problemOf({ status: 429 })).toMatchObject({ codes: [], retryAfterSeconds: null });
    expect(problemOf({ status: 429, retryAfterSeconds: -5 })).toMatchObject({ retryAfterSeconds: null });
    expect(problemOf({ status: 429, retryAfterSeconds: Infinity })).toMatchObject({ retryAfterSeconds: null });
  });

  it('calls an aborted or timed-out request a network failure, and other named errors unknown', () => {
    expect(problemOf({ name: 'AbortError', message: 'aborted' })).toEqual({ kind: 'network', message: 'aborted' });
    expect(problemOf({ name: 'TimeoutError', message: 'timed out' })).toEqual({
      kind: 'network',
      message: 'timed out',
    });
    expect(problemOf({ name: 'TypeError', message: 'x is undefined' })).toEqual({
      kind: 'unknown',
      message: 'x is undefined',
    });
  });
});

describe('the questions guards ask of a problem', () => {
  const throttled = problemOf({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
  const schema = problemOf({ problem: { kind: 'schema' } });
  it('a status and a first code for HTTP and 429 answers only', () => {
    expect([statusOf(throttled), codeOf(throttled)]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect([statusOf(schema), codeOf(schema)]).toEqual([null, null]);
    expect(codeOf(problemOf({ status: 400 }))).toBeNull();
  });
  it('a reason only from an HTTP answer', () => {
    expect(reasonOf(throttled)).toBeNull();
    expect(reasonOf(schema)).toBeNull();
  });
  it('a schema problem only when the answer did not match its schema', () => {
    expect(isSchemaProblem({ type: 'xstate.error.actor.x', error: { status: 500 } })).toBe(false);
    expect(isSchemaProblem({ type: 'xstate.error.actor.x', error: { problem: { kind: 'network' } } })).toBe(false);
    expect(hasStatus({ type: 'xstate.error.actor.x', error: { problem: { kind: 'schema' } } })).toBe(false);
  });
});
