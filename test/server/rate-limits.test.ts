import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { LIMITS, LOGIN_SLOWDOWN } from '#server/lib/rate-limit.ts';
import { devScriptHashes } from '#server/lib/dev-csp.ts';
import { CONTENT_SECURITY_POLICY } from '#server/shell.ts';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const WINDOW_S = LIMITS.loginClient.windowMs / 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

/** A client whose requests come from `address` (the server trusts X-Forwarded-For in this suite). */
async function clientFrom(address: string): Promise<ApiClient & { from: string }> {
  const client = apiClient(server.origin);
  await client.init();
  return Object.assign(client, { from: address });
}
const post = (client: ApiClient & { from: string }, path: string, body: unknown) =>
  client.post(`/my-account/api${path}`, body, { headers: { 'x-forwarded-for': client.from } });

const expectThrottled = (res: { status: number; headers: Headers; body: unknown }) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ errors: [{ code: 'TOO_MANY_ATTEMPTS' }] });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
};

const moveClock = (offsetMs: number) => server.setClock(offsetMs);

describe('sign-in', () => {
  it('slows an account down with 429 + Retry-After after 5 wrong passwords, from any client, until its wait ends', async () => {
    await server.reset();
    const a = await clientFrom('203.0.113.1');
    for (let i = 0; i < LOGIN_SLOWDOWN.freeFailures; i++) {
      expect((await post(a, '/login', { email: DEMO_ACCOUNT.email, password: `wrong-${i}` })).status).toBe(401);
    }
    // Even the right password is refused during the wait, and from another client too (the owner's way
    // past it is the emailed sign-in link: test/server/sign-in-link.test.ts).
    expectThrottled(await post(a, '/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }));
    const b = await clientFrom('198.51.100.7');
    expectThrottled(await post(b, '/login', DEMO_ACCOUNT));
    // Another account is not affected.
    expect((await post(b, '/login', SECOND_ACCOUNT)).status).toBe(200);
    await moveClock(LOGIN_SLOWDOWN.firstDelayMs + 1000);
    try {
      expect((await post(a, '/login', DEMO_ACCOUNT)).status).toBe(200);
    } finally {
      await server.reset();
    }
  });

  it('answers an unknown email exactly like a known one (401 then the same 429)', async () => {
    await server.reset();
    const a = await clientFrom('203.0.113.2');
    for (let i = 0; i < LOGIN_SLOWDOWN.freeFailures; i++) {
      expect((await post(a, '/login', { email: 'nobody@example.com', password: `wrong-${i}` })).status).toBe(401);
    }
    expectThrottled(await post(a, '/login', { email: 'nobody@example.com', password: 'x' }));
  });

  it('throttles one client spreading failures over many accounts, and not other clients', async () => {
    await server.reset();
    const a = await clientFrom('203.0.113.3');
    for (let i = 0; i < LIMITS.loginClient.max; i++) {
      expect((await post(a, '/login', { email: `user${i}@example.com`, password: 'wrong' })).status).toBe(401);
    }
    expectThrottled(await post(a, '/login', DEMO_ACCOUNT));
    const b = await clientFrom('198.51.100.8');
    expect((await post(b, '/login', DEMO_ACCOUNT)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless the server is configured to trust a proxy', async () => {
    const plain = await startTestServer();
    try {
      const client = apiClient(plain.origin);
      await client.init();
      for (let i = 0; i < LIMITS.loginClient.max; i++) {
        const res = await client.post(
          '/my-account/api/login',
          { email: `u${i}@example.com`, password: 'wrong' },
          {
            headers: { 'x-forwarded-for': `192.0.2.${i}` },
          },
        );
        expect(res.status).toBe(401);
      }
      // All counted against the socket address, whatever the header claimed.
      const res = await client.post('/my-account/api/login', DEMO_ACCOUNT, {
        headers: { 'x-forwarded-for': '192.0.2.250' },
      });
      expectThrottled(res);
    } finally {
      await plain.close();
    }
  });
});

describe('forgot password', () => {
  it('limits requests per email with the same answers whether or not the email has an account', async () => {
    await server.reset();
    const a = await clientFrom('203.0.113.10');
    for (const email of [DEMO_ACCOUNT.email, 'nobody@example.com']) {
      for (let i = 0; i < LIMITS.forgotEmail.max; i++) {
        const res = await post(a, '/customer/forgot-password', { email });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
      }
      expectThrottled(await post(a, '/customer/forgot-password', { email }));
    }
  });

  it('limits requests per client over many emails', async () => {
    await server.reset();
    const a = await clientFrom('203.0.113.11');
    for (let i = 0; i < LIMITS.forgotClient.max; i++) {
      expect((await post(a, '/customer/forgot-password', { email: `p${i}@example.com` })).status).toBe(200);
    }
    expectThrottled(await post(a, '/customer/forgot-password', { email: 'another@example.com' }));
    const b = await clientFrom('198.51.100.11');
    expect((await post(b, '/customer/forgot-password', { email: 'another@example.com' })).status).toBe(200);
  });
});

describe('signed-in password checks', () => {
  it('change-password: 429 after 5 wrong current passwords for the account', async () => {
    await server.reset();
    const client = await signedInClient(server.origin, DEMO_ACCOUNT);
    const change = (currentPassword: string) =>
      client.post('/my-account/api/customer/change-password', { currentPassword, newPassword: 'Another!Pass2026x' });
    for (let i = 0; i < LIMITS.changePassword.max; i++) {
      expect((await change(`wrong-${i}`)).status).toBe(400);
    }
    expectThrottled(await change(DEMO_ACCOUNT.password));
  });

  it('change-email: 429 after 5 wrong current passwords for the account', async () => {
    await server.reset();
    const client = await signedInClient(server.origin, DEMO_ACCOUNT);
    const change = (currentPassword: string) =>
      client.post('/my-account/api/customer/change-email', { currentPassword, newEmailAddress: 'fresh@example.com' });
    for (let i = 0; i < LIMITS.changeEmail.max; i++) {
      expect((await change(`wrong-${i}`)).status).toBe(403);
    }
    expectThrottled(await change(DEMO_ACCOUNT.password));
  });
});

describe('find booking', () => {
  const ukDay = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(iso));
  type TokenList = { bookings: { booking: { outward: { date: string } }; order: { friendlyOrderId: string } }[] };

  const goodDetails = async (client: ApiClient) => {
    const list = await client.get<TokenList>(`/my-account/api/booking/token?token=${DEMO_GUEST_TOKENS[1]}`);
    const entry = list.body.bookings[0]!;
    return {
      bookingReference: entry.order.friendlyOrderId,
      departureDate: ukDay(entry.booking.outward.date),
      passengerSurname: 'Lee',
      emailAddress: 'guest@example.com',
    };
  };

  it('ten wrong guesses from one client do not lock out the owner on another client', async () => {
    await server.reset();
    const attacker = await clientFrom('203.0.113.20');
    const good = await goodDetails(attacker);
    for (let i = 0; i < LIMITS.findBookingReference.max; i++) {
      expect((await post(attacker, '/booking/find-booking', { ...good, passengerSurname: `Wrong${i}` })).status).toBe(
        422,
      );
    }
    expectThrottled(await post(attacker, '/booking/find-booking', good));
    const owner = await clientFrom('198.51.100.20');
    expect((await post(owner, '/booking/find-booking', good)).status).toBe(200);
  });

  it('many different references from one client are throttled', async () => {
    await server.reset();
    const sweeper = await clientFrom('203.0.113.21');
    const good = await goodDetails(sweeper);
    for (let i = 0; i < LIMITS.findBookingClient.max; i++) {
      const ref = `TL-${String(i).padStart(6, '0')}`;
      expect((await post(sweeper, '/booking/find-booking', { ...good, bookingReference: ref })).status).toBe(422);
    }
    expectThrottled(await post(sweeper, '/booking/find-booking', { ...good, bookingReference: 'TL-999999' }));
  });
});

describe('token guesses', () => {
  it('POST /user-flow-access: 429 after 30 unknown tokens from one client; a real link still opens from another', async () => {
    await server.reset();
    const guesser = await clientFrom('203.0.113.30');
    for (let i = 0; i < LIMITS.userFlowAccessClient.max; i++) {
      expect((await post(guesser, '/user-flow-access', { token: `guess-${i}` })).status).toBe(401);
    }
    expectThrottled(await post(guesser, '/user-flow-access', { token: DEMO_GUEST_TOKENS[1] }));
    const owner = await clientFrom('198.51.100.30');
    expect((await post(owner, '/user-flow-access', { token: DEMO_GUEST_TOKENS[1] })).status).toBe(200);
  });

  it('validate-reset-password-token and reset-password: 429 after 30 unknown links from one client', async () => {
    await server.reset();
    const guesser = await clientFrom('203.0.113.31');
    for (let i = 0; i < LIMITS.resetTokenClient.max; i++) {
      const path = i % 2 === 0 ? '/customer/validate-reset-password-token' : '/customer/reset-password';
      const res = await post(guesser, path, { token: `guess-${i}`, newPassword: 'Whatever!2026pass' });
      expect(res.status).toBe(i % 2 === 0 ? 200 : 400);
    }
    expectThrottled(await post(guesser, '/customer/validate-reset-password-token', { token: 'guess-x' }));
    expectThrottled(
      await post(guesser, '/customer/reset-password', { token: 'guess-y', newPassword: 'Whatever!2026pass' }),
    );
    const other = await clientFrom('198.51.100.31');
    expect((await post(other, '/customer/validate-reset-password-token', { token: 'guess-z' })).body).toEqual({
      isValid: false,
    });
  });
});

describe('counts survive a restart on the same data dir', () => {
  it('a throttled account is still throttled after the server restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'my-account-limits-'));
    try {
      let first = await startTestServer({ dataDir });
      const client = apiClient(first.origin);
      await client.init();
      for (let i = 0; i < LOGIN_SLOWDOWN.freeFailures; i++) {
        expect(
          (await client.post('/my-account/api/login', { email: DEMO_ACCOUNT.email, password: `wrong-${i}` })).status,
        ).toBe(401);
      }
      await first.close();
      first = await startTestServer({ dataDir });
      try {
        const again = apiClient(first.origin);
        await again.init();
        expectThrottled(await again.post('/my-account/api/login', DEMO_ACCOUNT));
      } finally {
        await first.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('HTML security headers', () => {
  it('sends the Content-Security-Policy on every HTML response, and no HSTS over http', async () => {
    const client = apiClient(server.origin);
    for (const path of ['/my-account/', '/my-account/login', '/my-account/no-such-page']) {
      const res = await client.page(path);
      const csp = res.headers.get('content-security-policy');
      // Outside production the axe-core test script is allowed by its hash, nothing more (server/lib/dev-csp.ts).
      expect(csp).toBe(
        CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${devScriptHashes().join(' ')}`),
      );
      expect(devScriptHashes()).toHaveLength(1);
      expect(devScriptHashes({ NODE_ENV: 'production' })).toEqual([]);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      for (const directive of [
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds Strict-Transport-Security when a trusted proxy says the request came over HTTPS', async () => {
    const res = await fetch(`${server.origin}/my-account/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });
});
