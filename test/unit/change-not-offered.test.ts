import { describe, expect, it } from 'vitest';
import { createApiClient } from '#src/api/client';
import { journeyChangeApi } from '#src/api/journey-change';
import { seasonStartChangeApi } from '#src/api/season-start-change';
import { specMinimalBooking, specMinimalOrder } from '#test/helpers/spec-minimal.ts';

/**
 * docs/decisions/863: a host without the change calls (beyond docs/product/api.md) answers the
 * options with 404, as the local server in API_SHAPE=spec does; the spec's own GET /booking/{id}
 * answering for the booking says the change is not offered here (null), and its failure (a booking
 * not there, not the customer's, or no answer) stays the page's failure. Any other failure of the
 * options call is a failed load, never "not offered".
 */
type Answer = { status: number; body?: unknown };
const notFound: Answer = { status: 404, body: { errors: [{ code: 'NOT_FOUND' }] } };
const forbidden: Answer = { status: 403, body: { errors: [{ code: 'FORBIDDEN' }] } };
const serverError: Answer = { status: 500, body: { errors: [{ code: 'INTERNAL' }] } };
const bookingAnswer: Answer = { status: 200, body: { bookings: [specMinimalBooking], order: specMinimalOrder } };

const host = (answers: Record<string, Answer>) => {
  const calls: string[] = [];
  const client = createApiClient({
    baseURL: 'http://localhost/my-account/api',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace('/my-account/api', '')}`;
      calls.push(key);
      const answer = answers[key] ?? notFound;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch,
  });
  return { client, calls };
};

const OPTIONS = 'GET /change-of-journey/options/b1';
const BOOKING = 'GET /booking/b1';

describe.each([
  ['journey', (client: ReturnType<typeof createApiClient>) => journeyChangeApi(client).getOptions('b1')],
  ['season', (client: ReturnType<typeof createApiClient>) => seasonStartChangeApi(client).getOptions('b1')],
] as const)('the %s change’s options', (_name, getOptions) => {
  it('a host without the options call, whose booking call answers for the booking: not offered (null)', async () => {
    const { client, calls } = host({ [BOOKING]: bookingAnswer });
    await expect(getOptions(client)).resolves.toBeNull();
    expect(calls).toEqual([OPTIONS, BOOKING]);
  });

  it('the options 404 with the booking not there or not the customer’s: the booking call’s failure, not "contact us"', async () => {
    for (const answer of [notFound, forbidden]) {
      const { client } = host({ [BOOKING]: answer });
      await expect(getOptions(client)).rejects.toMatchObject({ status: answer.status });
    }
  });

  it('the options 404 and no answer for the booking either: a failed load', async () => {
    const { client } = host({ [BOOKING]: serverError });
    await expect(getOptions(client)).rejects.toMatchObject({ status: 500 });
  });

  it('any other failure of the options call is a failed load, and the booking is not asked', async () => {
    for (const answer of [forbidden, serverError, { status: 200, body: { wrong: 'shape' } }]) {
      const { client, calls } = host({ [OPTIONS]: answer, [BOOKING]: bookingAnswer });
      await expect(getOptions(client)).rejects.toBeDefined();
      expect(calls).toEqual([OPTIONS]);
    }
  });
});
