import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { LIMITS } from '#server/lib/rate-limit.ts';
import { trustedForwardedEntry, trustProxyFrom } from '#server/lib/proxy.ts';
import { apiClient, startTestServer, type TestServer } from '../helpers/server.ts';

/** Wrong sign-ins, each for another email (the per-account limit never trips), with these X-Forwarded-For values. */
async function wrongSignIns(server: TestServer, forwardedFor: (i: number) => string, count: number): Promise<number[]> {
  const client = apiClient(server.origin);
  await client.init();
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await client.post(
      '/my-account/api/login',
      { email: `someone${i}@example.com`, password: 'wrong' },
      { headers: { 'x-forwarded-for': forwardedFor(i) } },
    );
    statuses.push(res.status);
  }
  return statuses;
}

/** The Set-Cookie lines of the shell's answer (it always sets the CSRF cookie for a new visitor). */
async function shellCookies(server: TestServer, headers: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${server.url}`, { headers });
  await res.text();
  return res.headers.getSetCookie();
}

describe('trusted proxy address (one proxy, TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the address the proxy appended: 40 wrong sign-ins with a varying first entry end in 429', async () => {
    await server.reset();
    const statuses = await wrongSignIns(server, (i) => `10.9.${i}.1, 203.0.113.50`, 40);
    expect(statuses.slice(0, LIMITS.loginClient.max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMITS.loginClient.max).every((s) => s === 429)).toBe(true);
    // Another client (another address appended by the proxy) still signs in.
    const other = apiClient(server.origin);
    await other.init();
    const ok = await other.post('/my-account/api/login', DEMO_ACCOUNT, {
      headers: { 'x-forwarded-for': '203.0.113.50, 198.51.100.9' },
    });
    expect(ok.status).toBe(200);
  });

  it('marks cookies Secure when the proxy says the request came over HTTPS, and not over http', async () => {
    expect((await shellCookies(server, { 'x-forwarded-proto': 'https' })).some((c) => /;\s*secure/i.test(c))).toBe(
      true,
    );
    const plain = await shellCookies(server, { 'x-forwarded-proto': 'http' });
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.some((c) => /;\s*secure/i.test(c))).toBe(false);
  });
});

describe('two trusted proxies (TRUST_PROXY=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 2 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the second entry from the right, whatever the client put before it', async () => {
    await server.reset();
    const statuses = await wrongSignIns(server, (i) => `10.8.${i}.1, 203.0.113.60, 10.0.0.2`, 40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LIMITS.loginClient.max);
  });
});

describe('no trusted proxy (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never marks cookies Secure because a client sent X-Forwarded-Proto: https', async () => {
    const cookies = await shellCookies(server, { 'x-forwarded-proto': 'https' });
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.some((c) => /;\s*secure/i.test(c))).toBe(false);
  });
});

describe('reading the forwarding headers', () => {
  it('takes the entry the trusted proxies appended', () => {
    expect(trustedForwardedEntry('1.1.1.1, 2.2.2.2, 3.3.3.3', 1)).toBe('3.3.3.3');
    expect(trustedForwardedEntry('1.1.1.1, 2.2.2.2, 3.3.3.3', 2)).toBe('2.2.2.2');
    expect(trustedForwardedEntry('3.3.3.3', 2)).toBe('3.3.3.3');
    expect(trustedForwardedEntry('1.1.1.1,, ', 1)).toBe('1.1.1.1');
    expect(trustedForwardedEntry('1.1.1.1', 0)).toBeNull();
    expect(trustedForwardedEntry(undefined, 1)).toBeNull();
  });

  it('TRUST_PROXY must be a small whole number', () => {
    expect(trustProxyFrom(undefined)).toBe(0);
    expect(trustProxyFrom('0')).toBe(0);
    expect(trustProxyFrom('1')).toBe(1);
    expect(trustProxyFrom('3')).toBe(3);
    expect(() => trustProxyFrom('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('-1')).toThrow(/TRUST_PROXY/);
  });
});
