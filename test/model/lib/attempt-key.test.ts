import { describe, expect, it } from 'vitest';
import { attemptKey, isOutcomeUnknown, nextAttempt } from '#machines/lib/attempt-key';

describe('idempotency keys of the money-moving calls (decision 310)', () => {
  it('an attempt’s key is the screen’s seed and the attempt number; a new attempt gets the next', () => {
    expect(attemptKey({ keySeed: 'seed-1', attempt: 0 })).toBe('seed-1.0');
    expect(nextAttempt({ keySeed: 'seed-1', attempt: 2 })).toEqual({ attempt: 3 });
  });

  it.each([
    ['no answer at all', { problem: { kind: 'network', message: 'Failed to fetch' } }, true],
    ['a gateway’s 502', { problem: { kind: 'http', status: 502, codes: [], detail: null } }, true],
    ['a gateway’s 504', { status: 504 }, true],
    ['the server’s 500', { problem: { kind: 'http', status: 500, codes: [], detail: null } }, false],
    ['a refusal (422)', { status: 422 }, false],
    ['an answer that failed its schema', { problem: { kind: 'schema', message: 'bad' } }, false],
  ])('%s: outcome unknown is %s', (_, error, unknown) => {
    expect(isOutcomeUnknown({ type: 'xstate.error.actor.x', error })).toBe(unknown);
  });
});
