import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createGraphqlClient } from '#src/api/graphql';
import { ApiError } from '#src/api/errors';
import { apiClient, startTestServer, type TestServer } from '../helpers/server';

/** The app's GraphQL client against the real local server: retry once after 1 s on non-2xx except 403. */
let server: TestServer;
let cookie = '';
let csrf = '';
const attempts: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const http = apiClient(server.origin);
  await http.init();
  csrf = http.csrfToken ?? '';
  cookie = `ma_csrf=${http.cookie('ma_csrf') ?? ''}`;
});
afterAll(() => server.close());

const headers = {
  clientName: 'my-account',
  platformType: 'web',
  managedGroup: 'leisure',
  appVersion: '0.1.0',
  language: 'en-GB',
};
const Ping = v.object({ data: v.object({ ping: v.literal('pong') }) });

const client = (sleeps: number[]) =>
  createGraphqlClient({
    endpoint: `${server.origin}/graphql`,
    headers,
    csrfToken: () => csrf,
    fetch: (input, init) => {
      attempts.push(Date.now());
      return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });

const failNext = (count: number, status: number) =>
  fetch(`${server.origin}/__test/graphql-fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count, status }),
  });

describe('GraphQL client against the local server', () => {
  it('answers a ping', async () => {
    const sleeps: number[] = [];
    const result = await client(sleeps)(Ping, 'ping', 'doc-ping');
    expect(result.data.ping).toBe('pong');
  });

  it('retries once after 1000 ms when the first attempt answers 503', async () => {
    await failNext(1, 503);
    const sleeps: number[] = [];
    attempts.length = 0;
    const result = await client(sleeps)(Ping, 'ping', 'doc-ping');
    expect(result.data.ping).toBe('pong');
    expect(attempts).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('gives up after one retry', async () => {
    await failNext(2, 500);
    const sleeps: number[] = [];
    attempts.length = 0;
    const error = (await client(sleeps)(Ping, 'ping', 'doc-ping').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(attempts).toHaveLength(2);
  });

  it('does not retry a 403', async () => {
    await failNext(1, 403);
    const sleeps: number[] = [];
    attempts.length = 0;
    const error = (await client(sleeps)(Ping, 'ping', 'doc-ping').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(attempts).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('gives each attempt its own abort signal: a timed-out first attempt does not abort the retry', async () => {
    const sleeps: number[] = [];
    let n = 0;
    const signals: AbortSignal[] = [];
    const slowFirst = createGraphqlClient({
      endpoint: `${server.origin}/graphql`,
      headers,
      csrfToken: () => csrf,
      timeoutMs: 50,
      sleep: async (ms) => void sleeps.push(ms),
      fetch: async (input, init) => {
        signals.push(init!.signal!);
        if (n++ === 0) {
          await new Promise((_, reject) =>
            init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
        }
        return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
      },
    });
    const result = await slowFirst(Ping, 'ping', 'doc-ping');
    expect(result.data.ping).toBe('pong');
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    expect(sleeps).toEqual([1000]);
  });
});
