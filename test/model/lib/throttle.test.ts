import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  codeOf,
  isThrottledProblem,
  parseRetryAfter,
  problemOf,
  retryAfterOfEvent,
  statusOf,
} from '#machines/lib/problems';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { createApiClient } from '#src/api/client';

const Ok = v.object({ ok: v.boolean() });

describe('a 429 from the API (decision 155)', () => {
  it('becomes a throttled problem carrying the Retry-After seconds, still status 429 with its code', async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ errors: [{ code: 'TOO_MANY_ATTEMPTS' }] }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '600' },
      })) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    const error = await client
      .request(Ok, '/login', { method: 'POST', body: {}, allow401: true })
      .catch((e: unknown) => e);
    const problem = problemOf(error);
    expect(problem).toMatchObject({
      kind: 'throttled',
      status: 429,
      codes: ['TOO_MANY_ATTEMPTS'],
      retryAfterSeconds: 600,
    });
    expect(statusOf(problem)).toBe(429);
    expect(codeOf(problem)).toBe('TOO_MANY_ATTEMPTS');
    const event = { type: 'xstate.error.actor.x', error };
    expect(isThrottledProblem(event)).toBe(true);
    expect(retryAfterOfEvent(event)).toBe(600);
  });

  it('treats a bare 429 without Retry-After as throttled with no time, and other statuses as not throttled', () => {
    expect(problemOf({ status: 429, code: 'TOO_MANY_ATTEMPTS' })).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: null,
    });
    expect(isThrottledProblem({ type: 'e', error: { status: 401 } })).toBe(false);
    expect(retryAfterOfEvent({ type: 'e', error: { status: 500 } })).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 02:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('Mon, 23 Nov 2026 01:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('reads only a whole header: no value, a blank one or digits with anything around them give nothing', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('   ', now)).toBeNull();
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
    expect(parseRetryAfter('120 seconds', now)).toBeNull();
    expect(parseRetryAfter('x120', now)).toBeNull();
  });
});

describe('Retry-After as an HTTP date (RFC 9110, 5.6.7)', () => {
  const now = new Date('2026-11-23T02:00:00Z');

  it('reads the two obsolete forms a recipient must still accept', () => {
    expect(parseRetryAfter('Monday, 23-Nov-26 02:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('Mon Nov 23 02:05:00 2026', now)).toBe(300);
    expect(parseRetryAfter('Mon Nov  3 02:00:00 2026', new Date('2026-11-03T01:59:00Z'))).toBe(60);
  });

  it("reads an asctime date as GMT, not as the reader's local time", () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      // 23 June is summer time in London: read locally, 02:05 would be 01:05 GMT, already past.
      expect(parseRetryAfter('Tue Jun 23 02:05:00 2026', new Date('2026-06-23T02:00:00Z'))).toBe(300);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('gives nothing for text that only a lenient date parser reads', () => {
    for (const value of [
      'in 120',
      '120 s',
      '23 Nov 2026 02:05:00 GMT',
      'Mon, 23 Nov 2026 02:05:00',
      'Mon, 23 Nov 2026 02:05 GMT',
      'mon, 23 Nov 2026 02:05:00 GMT',
      'Monday, 23-Nov-2026 02:05:00 GMT',
      'Monday, 23-Nov-26 02:05:00',
      'Mon Nov 23 02:05:00 2026 GMT',
      'Mon Nov 23 02:05:00 26',
      'Mon, 23 Nov 2026 02:05:00 GMT and more',
      'before Mon, 23 Nov 2026 02:05:00 GMT',
      'before Monday, 23-Nov-26 02:05:00 GMT',
      'before Mon Nov 23 02:05:00 2026',
      'Mon, 23 Nov 2026 02:05:00 GMT+0100',
      'Monday, 23-Nov-26 02:05:00 GMT+0100',
      'Mon, 30 Feb 2026 02:05:00 GMT x',
    ]) {
      expect(parseRetryAfter(value, now), value).toBeNull();
    }
  });
});

describe('Too many attempts copy', () => {
  it('says when to try again, rounded up to minutes or hours', () => {
    const lead = 'Too many attempts. For your security, please try again';
    expect(tooManyAttemptsMessage(1)).toBe(`${lead} in 1 minute.`);
    expect(tooManyAttemptsMessage(61)).toBe(`${lead} in 2 minutes.`);
    expect(tooManyAttemptsMessage(3599)).toBe(`${lead} in 60 minutes.`.replace('60 minutes', '1 hour'));
    expect(tooManyAttemptsMessage(3601)).toBe(`${lead} in 2 hours.`);
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. For your security, please try again in 15 minutes.');
    expect(tooManyAttemptsMessage(null)).toBe(
      'Too many attempts. For your security, please wait a while and try again later.',
    );
  });
});
