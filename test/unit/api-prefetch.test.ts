import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createApiClient, PREFETCH_TTL_MS } from '#src/api/client';
import { requestTimeoutMessage } from '#src/config/timeouts';

/** Decision 247: a GET the boot file asked for ahead of its screen is given to the same GET once (a route's loader, docs/decisions/730). */
const Ok = v.object({ ok: v.boolean() });

const setup = (respond: (url: string, n: number) => Response | Promise<Response> = () => json(200, { ok: true })) => {
  const urls: string[] = [];
  let clock = 1_000;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new Request(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init).url;
    urls.push(`${init?.method ?? 'GET'} ${url.replace('http://localhost/my-account/api', '')}`);
    return respond(url, urls.length);
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    baseURL: 'http://localhost/my-account/api',
    now: () => clock,
  });
  const unauthorised = vi.fn();
  client.onUnauthorised(unauthorised);
  return { client, urls, unauthorised, tick: (ms: number) => (clock += ms) };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('adopt', () => {
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve({ status, text: body === undefined ? '' : JSON.stringify(body), headers: new Headers(headers) });

  it('is not given to another path, another query, another method or after its time', async () => {
    const { client, urls, tick } = setup();
    client.adopt('/bookings/upcoming?page=0', reply(200, { ok: false }));
    await client.request(Ok, '/bookings/past', { query: { page: 0 } });
    await client.request(Ok, '/bookings/upcoming', { query: { page: 1 } });
    await client.request(Ok, '/bookings/upcoming', { method: 'POST', query: { page: 0 } });
    expect(urls).toHaveLength(3);
    tick(PREFETCH_TTL_MS + 1);
    await expect(client.request(Ok, '/bookings/upcoming', { query: { page: 0 } })).resolves.toEqual({ ok: true });
    expect(urls).toHaveLength(4);
  });

  it('keys the order token in: a reply sent without it is not given to a call with it', async () => {
    const { client, urls } = setup();
    client.adopt('/booking/b1', reply(200, { ok: false }));
    client.setOrderToken('tok');
    await client.request(Ok, '/booking/b1', { withOrderToken: true });
    expect(urls).toEqual(['GET /booking/b1?token=tok']);
  });

  it('is forgotten when who is signed in changes', async () => {
    const { client, urls } = setup();
    client.adopt('/user/bookings', reply(200, { ok: false }));
    client.forgetPrefetched();
    await expect(client.request(Ok, '/user/bookings')).resolves.toEqual({ ok: true });
    expect(urls).toHaveLength(1);
  });

  it('checks the reply against the schema of the call that takes it', async () => {
    const { client } = setup();
    client.adopt('/booking/b1', reply(200, { ok: 'yes' }));
    await expect(client.request(Ok, '/booking/b1')).rejects.toMatchObject({ problem: { kind: 'schema' } });
  });

  it('gives the boot file’s reply to the same GET once, whatever order its query is in, then asks the network', async () => {
    const { client, urls } = setup();
    client.adopt('/bookings/upcoming?size=10&page=0', reply(200, { ok: false }));
    await expect(client.request(Ok, '/bookings/upcoming', { query: { page: 0, size: 10 } })).resolves.toEqual({
      ok: false,
    });
    expect(urls).toEqual([]);
    await expect(client.request(Ok, '/bookings/upcoming', { query: { page: 0, size: 10 } })).resolves.toEqual({
      ok: true,
    });
    expect(urls).toHaveLength(1);
  });

  it('reads its headers as any answer’s, and an empty body as none', async () => {
    const { client } = setup();
    client.adopt('/user', reply(200, { ok: true }, { 'x-csrf-token': 'rotated' }));
    await client.request(Ok, '/user');
    expect(client.csrfToken).toBe('rotated');
    client.adopt('/booking/b1', reply(308, undefined));
    await expect(client.requestByStatus({ 200: Ok, 308: v.null() }, '/booking/b1')).resolves.toMatchObject({
      status: 308,
      data: null,
    });
  });

  it('asks again after a 401, and gives a failed request as a network error', async () => {
    const { client, urls, unauthorised } = setup();
    client.adopt('/bookings/past?page=0', reply(401, { errors: [] }));
    await expect(client.request(Ok, '/bookings/past', { query: { page: 0 } })).resolves.toEqual({ ok: true });
    expect(urls).toEqual(['GET /bookings/past?page=0']);
    expect(unauthorised).not.toHaveBeenCalled();
    client.adopt('/user', Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request(Ok, '/user')).rejects.toMatchObject({
      problem: { kind: 'network', message: 'Failed to fetch' },
    });
    // The boot file's own deadline (AbortSignal.timeout) is this client's timeout.
    client.adopt('/user', Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    await expect(client.request(Ok, '/user')).rejects.toMatchObject({
      problem: { kind: 'network', message: requestTimeoutMessage },
    });
  });

  it('gives no reply within the deadline, counted from adoption, as a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const client = createApiClient({
        fetch: vi.fn() as unknown as typeof globalThis.fetch,
        baseURL: 'http://localhost/my-account/api',
        timeoutMs: 5_000,
      });
      client.adopt('/user', new Promise(() => undefined));
      const taken = client.request(Ok, '/user');
      const check = expect(taken).rejects.toMatchObject({
        problem: { kind: 'network', message: requestTimeoutMessage },
      });
      await vi.advanceTimersByTimeAsync(5_000);
      await check;
    } finally {
      vi.useRealTimers();
    }
  });
});
