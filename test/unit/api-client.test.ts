import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createApiClient } from '#src/api/client';
import { ApiError } from '#src/api/errors';
import { requestTimeoutMessage, requestTimeoutMs } from '#src/config/timeouts';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const fakeFetch = (respond: (call: Call, n: number) => Response) => {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
    const text = await req.text();
    const call = { url: req.url, method: req.method, headers: req.headers, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    return respond(call, calls.length);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const Ok = v.object({ ok: v.boolean() });

describe('API client', () => {
  it('sends the CSRF header on state-changing calls only, and _csrf in the body when asked', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    client.setCsrfToken('csrf-1');
    await client.request(Ok, '/user');
    await client.request(Ok, '/customer/consents', { method: 'POST', body: { a: 1 }, csrfInBody: true });
    expect(calls[0]!.headers.get('x-csrf-token')).toBeNull();
    expect(calls[1]!.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(calls[1]!.body).toEqual({ a: 1, _csrf: 'csrf-1' });
  });

  it("sends the attempt's Idempotency-Key on the money-moving calls, and on no other (decision 310)", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { status: 'PROCESSING', creditCardForm: null }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    const { refundsApi } = await import('#src/api/refunds');
    await refundsApi(client).requestRefund('q1', { token: null, bookingId: 'b1' }, 'seed.1');
    await refundsApi(client).requestRefund('q1', { token: null, bookingId: 'b1' }, 'seed.1');
    await client.request(v.unknown(), '/customer/consents', { method: 'POST', body: {} });
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['seed.1', 'seed.1', null]);
  });

  it("sends the page's locale as Accept-Language, so the server's emails reach the customer in it", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api', language: 'de-CH' });
    await client.request(Ok, '/user');
    await client.request(Ok, '/customer/forgot-password', { method: 'POST', body: { email: 'a@b.c' } });
    expect(calls.map((c) => c.headers.get('accept-language'))).toEqual(['de-CH', 'de-CH']);
    const plain = fakeFetch(() => json(200, { ok: true }));
    await createApiClient({ fetch: plain.fetch, baseURL: 'http://localhost/my-account/api' }).request(Ok, '/user');
    expect(plain.calls[0]!.headers.get('accept-language')).toBeNull();
  });

  it('adopts the CSRF value the server rotates with a new session (x-csrf-token response header, decision 151)', async () => {
    const { fetch, calls } = fakeFetch((_call, n) =>
      n === 1 ? json(200, { ok: true }, { 'x-csrf-token': 'csrf-2' }) : json(200, { ok: true }),
    );
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    client.setCsrfToken('csrf-1');
    await client.request(Ok, '/login', { method: 'POST', body: {}, csrfInBody: true });
    await client.request(Ok, '/customer/consents', { method: 'POST', body: { a: 1 }, csrfInBody: true });
    expect(calls[0]!.body).toEqual({ _csrf: 'csrf-1' });
    expect(client.csrfToken).toBe('csrf-2');
    expect(calls[1]!.headers.get('x-csrf-token')).toBe('csrf-2');
    expect(calls[1]!.body).toEqual({ a: 1, _csrf: 'csrf-2' });
  });

  it('sends the guest header and the order token where asked', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    client.setUserFlowId('order.s1');
    client.setOrderToken('tok-123');
    await client.request(Ok, '/booking/b1', { withOrderToken: true });
    await client.request(Ok, '/customer/cards');
    expect(calls[0]!.headers.get('x-user-flow-id')).toBe('order.s1');
    expect(new URL(calls[0]!.url).searchParams.get('token')).toBe('tok-123');
    expect(new URL(calls[1]!.url).searchParams.get('token')).toBeNull();
  });

  it('keeps the last 10 conversation ids', async () => {
    const { fetch } = fakeFetch((_, n) => json(200, { ok: true }, { 'x-conversationid': `c${n}` }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    for (let i = 0; i < 12; i++) await client.request(Ok, '/user');
    expect(client.conversationIds).toEqual(['c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12']);
  });

  it('turns a response of the wrong shape into a schema ApiError, never a crash', async () => {
    const { fetch } = fakeFetch(() => json(200, { ok: 'yes' }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    const error = await client.request(Ok, '/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem.kind).toBe('schema');
  });

  it('reads error codes and tells listeners about a 401, except where allowed', async () => {
    const { fetch } = fakeFetch(() => json(401, { errors: [{ code: 'UNAUTHORISED' }] }));
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    const listener = vi.fn();
    client.onUnauthorised(listener);
    const error = (await client.request(Ok, '/customer/cards').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHORISED');
    expect(listener).toHaveBeenCalledTimes(1);
    await client.request(Ok, '/login', { method: 'POST', body: {}, allow401: true }).catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('maps statuses to schemas with requestByStatus (204 / 206 / 200)', async () => {
    let status = 204;
    const { fetch } = fakeFetch(() =>
      status === 204 ? new Response(null, { status: 204 }) : json(status, { count: 2 }),
    );
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    const schemas = { 200: v.object({ count: v.number() }), 204: v.null(), 206: v.object({ count: v.number() }) };
    expect(
      (await client.requestByStatus(schemas, '/order/associate-guest-orders', { method: 'POST', body: {} })).status,
    ).toBe(204);
    status = 206;
    const partial = await client.requestByStatus(schemas, '/order/associate-guest-orders', {
      method: 'POST',
      body: {},
    });
    expect(partial).toMatchObject({ status: 206, data: { count: 2 } });
    status = 500;
    await expect(client.requestByStatus(schemas, '/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
  });

  it('reports a network failure as a network ApiError', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api' });
    const error = (await client.request(Ok, '/user').catch((e: unknown) => e)) as ApiError;
    expect(error.problem.kind).toBe('network');
  });

  describe('timeout (docs/decisions/162)', () => {
    /** A server that never answers, until the caller's signal aborts the call. */
    const hangingFetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
        }),
    ) as unknown as typeof globalThis.fetch;

    afterEach(() => {
      vi.useRealTimers();
    });

    it("ends a hung call after the spec's 10 s with a network ApiError, not a wait forever", async () => {
      vi.useFakeTimers();
      expect(requestTimeoutMs).toBe(10_000);
      const client = createApiClient({ fetch: hangingFetch, baseURL: 'http://localhost/my-account/api' });
      let settled: unknown = 'pending';
      const call = client.request(Ok, '/user').then(
        () => 'resolved',
        (e: unknown) => e,
      );
      void call.then((r) => (settled = r));
      await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
      expect(settled, 'still waiting just before the deadline').toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      const error = (await call) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.problem).toEqual({ kind: 'network', message: requestTimeoutMessage });
    });

    it("clears the deadline once a call answers, and a caller's own abort still ends the call", async () => {
      vi.useFakeTimers();
      const { fetch } = fakeFetch(() => json(200, { ok: true }));
      const client = createApiClient({ fetch, baseURL: 'http://localhost/my-account/api', timeoutMs: 50 });
      await expect(client.request(Ok, '/user')).resolves.toEqual({ ok: true });
      expect(vi.getTimerCount(), 'no timer left behind').toBe(0);
      const hung = createApiClient({ fetch: hangingFetch, baseURL: 'http://localhost/my-account/api' });
      const controller = new AbortController();
      const call = hung.request(Ok, '/user', { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      const error = (await call) as ApiError;
      expect(error.problem.kind).toBe('network');
      expect(error.message).not.toBe(requestTimeoutMessage);
    });
  });
});
