import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createApiClient, PREFETCH_TTL_MS } from '#src/api/client';
import { requestTimeoutMessage } from '#src/config/timeouts';

/** Decision 244: a GET asked for ahead of its screen is given to the same GET once. */
const Ok = v.object({ ok: v.boolean() });

const setup = (respond: (url: string, n: number) => Response | Promise<Response> = () => json(200, { ok: true })) => {
  const urls: string[] = [];
  let clock = 1_000;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new Request(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init).url;
    urls.push(`${init?.method ?? 'GET'} ${url.replace('http://localhost/my-account/api', '')}`);
    return respond(url, urls.length);
  });
  const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, baseURL: 'http://localhost/my-account/api', now: () => clock });
  const unauthorised = vi.fn();
  client.onUnauthorised(unauthorised);
  return { client, urls, unauthorised, tick: (ms: number) => (clock += ms) };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('prefetch', () => {
  it('gives its answer to the same GET once, whatever order the query is written in', async () => {
    const { client, urls } = setup();
    await client.prefetch('/bookings/upcoming', { query: { page: 0, size: 10 } });
    await expect(client.request(Ok, '/bookings/upcoming', { query: { size: 10, page: 0 } })).resolves.toEqual({ ok: true });
    expect(urls).toEqual(['GET /bookings/upcoming?page=0&size=10']);
    await client.request(Ok, '/bookings/upcoming', { query: { page: 0, size: 10 } });
    expect(urls).toHaveLength(2);
  });

  it('gives a call still on its way, without asking twice', async () => {
    let answer!: (r: Response) => void;
    const { client, urls } = setup(() => new Promise((resolve) => (answer = resolve)));
    void client.prefetch('/booking/b1');
    const taken = client.requestByStatus({ 200: Ok }, '/booking/b1');
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer(json(200, { ok: true }));
    await expect(taken).resolves.toMatchObject({ status: 200, data: { ok: true } });
    expect(urls).toEqual(['GET /booking/b1']);
  });

  it('is not given to another path, another query, another method or after its time', async () => {
    const { client, urls, tick } = setup();
    await client.prefetch('/bookings/upcoming', { query: { page: 0 } });
    await client.request(Ok, '/bookings/past', { query: { page: 0 } });
    await client.request(Ok, '/bookings/upcoming', { query: { page: 1 } });
    await client.request(Ok, '/bookings/upcoming', { method: 'POST', query: { page: 0 } });
    expect(urls).toHaveLength(4);
    tick(PREFETCH_TTL_MS + 1);
    await client.request(Ok, '/bookings/upcoming', { query: { page: 0 } });
    expect(urls).toHaveLength(5);
  });

  it('keys the order token in: an answer fetched without it is not given to a call with it', async () => {
    const { client, urls } = setup();
    await client.prefetch('/booking/b1', { withOrderToken: true });
    client.setOrderToken('tok');
    await client.request(Ok, '/booking/b1', { withOrderToken: true });
    expect(urls).toEqual(['GET /booking/b1', 'GET /booking/b1?token=tok']);
  });

  it('is forgotten when who is signed in changes', async () => {
    const { client, urls } = setup();
    await client.prefetch('/user/bookings');
    client.forgetPrefetched();
    await client.request(Ok, '/user/bookings');
    expect(urls).toHaveLength(2);
  });

  it('never reports its own 401: the call that takes it asks again, and that answer’s 401 is reported', async () => {
    const { client, urls, unauthorised } = setup(() => json(401, { errors: [{ code: 'UNAUTHORISED' }] }));
    await expect(client.prefetch('/bookings/upcoming')).resolves.toMatchObject({ status: 401 });
    expect(unauthorised).not.toHaveBeenCalled();
    await expect(client.request(Ok, '/bookings/upcoming')).rejects.toMatchObject({ status: 401 });
    expect(urls).toHaveLength(2);
    expect(unauthorised).toHaveBeenCalledTimes(1);
  });

  it('gives any other failure as the answer, a network failure too (one deadline, not two)', async () => {
    const network = setup((_, n) => (n === 1 ? Promise.reject(new TypeError('offline')) : json(200, { ok: true })));
    await expect(network.client.prefetch('/booking/b1')).resolves.toBeNull();
    await expect(network.client.request(Ok, '/booking/b1')).rejects.toMatchObject({ problem: { kind: 'network' } });
    expect(network.urls).toHaveLength(1);
    // Taken: the retry is the network's.
    await expect(network.client.request(Ok, '/booking/b1')).resolves.toEqual({ ok: true });

    const failing = setup(() => json(500, { errors: [{ code: 'SERVER' }] }));
    await failing.client.prefetch('/booking/b1');
    await expect(failing.client.request(Ok, '/booking/b1')).rejects.toMatchObject({ status: 500 });
    expect(failing.urls).toHaveLength(1);
  });

  it('checks the answer against the schema of the call that takes it', async () => {
    const { client } = setup(() => json(200, { ok: 'yes' }));
    await client.prefetch('/booking/b1');
    await expect(client.request(Ok, '/booking/b1')).rejects.toMatchObject({ problem: { kind: 'schema' } });
  });
});

/** Decision 247: what the boot file asked for before the client existed, taken as a prefetch. */
describe('adopt', () => {
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve({ status, text: body === undefined ? '' : JSON.stringify(body), headers: new Headers(headers) });

  it('gives the boot file’s reply to the same GET once, whatever order its query is in, then asks the network', async () => {
    const { client, urls } = setup();
    client.adopt('/bookings/upcoming?size=10&page=0', reply(200, { ok: false }));
    await expect(client.request(Ok, '/bookings/upcoming', { query: { page: 0, size: 10 } })).resolves.toEqual({ ok: false });
    expect(urls).toEqual([]);
    await expect(client.request(Ok, '/bookings/upcoming', { query: { page: 0, size: 10 } })).resolves.toEqual({ ok: true });
    expect(urls).toHaveLength(1);
  });

  it('reads its headers as any answer’s, and an empty body as none', async () => {
    const { client } = setup();
    client.adopt('/user', reply(200, { ok: true }, { 'x-csrf-token': 'rotated' }));
    await client.request(Ok, '/user');
    expect(client.csrfToken).toBe('rotated');
    client.adopt('/booking/b1', reply(308, undefined));
    await expect(client.requestByStatus({ 200: Ok, 308: v.null() }, '/booking/b1')).resolves.toMatchObject({ status: 308, data: null });
  });

  it('is what a prefetch of the same GET gives, not a second call', async () => {
    const { client, urls } = setup();
    client.adopt('/booking/b1', reply(200, { ok: true }));
    await expect(client.prefetch('/booking/b1')).resolves.toMatchObject({ status: 200, body: { ok: true } });
    await expect(client.request(Ok, '/booking/b1')).resolves.toEqual({ ok: true });
    expect(urls).toEqual([]);
  });

  it('asks again after a 401, and gives a failed request as a network error', async () => {
    const { client, urls, unauthorised } = setup();
    client.adopt('/bookings/past?page=0', reply(401, { errors: [] }));
    await expect(client.request(Ok, '/bookings/past', { query: { page: 0 } })).resolves.toEqual({ ok: true });
    expect(urls).toEqual(['GET /bookings/past?page=0']);
    expect(unauthorised).not.toHaveBeenCalled();
    client.adopt('/user', Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request(Ok, '/user')).rejects.toMatchObject({ problem: { kind: 'network', message: 'Failed to fetch' } });
    // The boot file's own deadline (AbortSignal.timeout) is this client's timeout.
    client.adopt('/user', Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    await expect(client.request(Ok, '/user')).rejects.toMatchObject({ problem: { kind: 'network', message: requestTimeoutMessage } });
  });

  it('gives no reply within the deadline, counted from adoption, as a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const client = createApiClient({ fetch: vi.fn() as unknown as typeof globalThis.fetch, baseURL: 'http://localhost/my-account/api', timeoutMs: 5_000 });
      client.adopt('/user', new Promise(() => undefined));
      const taken = client.request(Ok, '/user');
      const check = expect(taken).rejects.toMatchObject({ problem: { kind: 'network', message: requestTimeoutMessage } });
      await vi.advanceTimersByTimeAsync(5_000);
      await check;
    } finally {
      vi.useRealTimers();
    }
  });
});
