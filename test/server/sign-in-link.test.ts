import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { LIMITS, LOGIN_SLOWDOWN, loginDelayMs } from '#server/lib/rate-limit.ts';
import { SIGN_IN_LINK_TTL_MS } from '#server/domain/sign-in-link.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/**
 * The per-account wrong-password limit is a growing delay, and the owner passes it with an emailed,
 * single-use sign-in link (docs/decisions/400-login-slowdown-and-sign-in-links.md).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.setClock(0);
  await server.reset();
});

type Outbox = { emails: { kind: string; to: string[]; subject: string; body: string }[] };

async function clientFrom(address: string): Promise<ApiClient & { from: string }> {
  const client = apiClient(server.origin);
  await client.init();
  return Object.assign(client, { from: address });
}
const post = (client: ApiClient & { from: string }, path: string, body: unknown) =>
  client.post(`/my-account/api${path}`, body, { headers: { 'x-forwarded-for': client.from } });

const signInLinks = async (to: string): Promise<string[]> => {
  const res = await fetch(`${server.origin}/__outbox.json`);
  const { emails } = (await res.json()) as Outbox;
  return emails
    .filter((e) => e.kind === 'sign-in-link' && e.to.includes(to))
    .map((e) => /#token=([A-Za-z0-9_-]+)/.exec(e.body)?.[1] ?? '');
};

const wrongPasswords = async (client: ApiClient & { from: string }, email: string, count: number) => {
  for (let i = 0; i < count; i++) {
    expect((await post(client, '/login', { email, password: `wrong-${i}` })).status).toBe(401);
  }
};

const retryAfterOf = (res: { status: number; headers: Headers; body: unknown }) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ errors: [{ code: 'TOO_MANY_ATTEMPTS' }] });
  return Number(res.headers.get('retry-after'));
};

describe('wrong passwords slow an account down, they do not lock it', () => {
  it('the delay starts at 30 s after 5 failures, doubles with each further failure, and stops at 15 minutes', async () => {
    expect([4, 5, 6, 7, 8, 9, 10, 20].map(loginDelayMs)).toEqual([
      0, 30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
    const attacker = await clientFrom('203.0.113.50');
    await wrongPasswords(attacker, DEMO_ACCOUNT.email, LOGIN_SLOWDOWN.freeFailures);
    expect(retryAfterOf(await post(attacker, '/login', DEMO_ACCOUNT))).toBe(30);
    let offset = 0;
    for (const expected of [60, 120, 240, 480, 900, 900]) {
      offset += (retryAfterOf(await post(attacker, '/login', DEMO_ACCOUNT)) + 1) * 1000;
      await server.setClock(offset);
      // After the wait one try is checked; a wrong one doubles the wait.
      expect((await post(attacker, '/login', { email: DEMO_ACCOUNT.email, password: 'still-wrong' })).status).toBe(401);
      expect(retryAfterOf(await post(attacker, '/login', DEMO_ACCOUNT))).toBe(expected);
    }
    // The owner, after the wait, signs in with the right password; that ends the run of failures.
    offset += 901_000;
    await server.setClock(offset);
    const owner = await clientFrom('198.51.100.50');
    expect((await post(owner, '/login', DEMO_ACCOUNT)).status).toBe(200);
    await wrongPasswords(attacker, DEMO_ACCOUNT.email, LOGIN_SLOWDOWN.freeFailures);
  });

  it('a try during the wait is neither checked nor counted, and other accounts are not slowed', async () => {
    const attacker = await clientFrom('203.0.113.51');
    await wrongPasswords(attacker, DEMO_ACCOUNT.email, LOGIN_SLOWDOWN.freeFailures);
    for (let i = 0; i < 3; i++)
      expect(retryAfterOf(await post(attacker, '/login', { email: DEMO_ACCOUNT.email, password: 'x' }))).toBe(30);
    expect((await post(attacker, '/login', SECOND_ACCOUNT)).status).toBe(200);
    await server.setClock(31_000);
    expect((await post(attacker, '/login', DEMO_ACCOUNT)).status).toBe(200);
  });

  it('a run of failures is forgotten a day after the last one', async () => {
    const attacker = await clientFrom('203.0.113.52');
    await wrongPasswords(attacker, DEMO_ACCOUNT.email, LOGIN_SLOWDOWN.freeFailures);
    await server.setClock(LOGIN_SLOWDOWN.forgetAfterMs);
    // Counting starts again: five free failures, then 30 s.
    await wrongPasswords(attacker, DEMO_ACCOUNT.email, LOGIN_SLOWDOWN.freeFailures);
    expect(retryAfterOf(await post(attacker, '/login', DEMO_ACCOUNT))).toBe(30);
  });
});

describe('POST /customer/sign-in-link', () => {
  it('answers 202 alike for an account, an unknown email and an unverified account; only the verified account is emailed', async () => {
    const client = await clientFrom('203.0.113.60');
    const unverified = 'new.customer@example.com';
    const registered = await post(client, '/register', {
      email: unverified,
      password: 'Fresh!Pass2026x',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(registered.status).toBe(202);
    for (const email of [DEMO_ACCOUNT.email, 'nobody@example.com', unverified]) {
      const res = await post(client, '/customer/sign-in-link', { email });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ linkSent: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const links = await signInLinks(DEMO_ACCOUNT.email);
    expect(links).toHaveLength(1);
    // 256 bits, base64url.
    expect(links[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await signInLinks('nobody@example.com')).toEqual([]);
    expect(await signInLinks(unverified)).toEqual([]);
    // Only the hash is kept.
    const mail = ((await (await fetch(`${server.origin}/__outbox.json`)).json()) as Outbox).emails.find(
      (e) => e.kind === 'sign-in-link',
    );
    expect(mail?.subject).toBe('Your sign-in link');
    expect(mail?.body).toContain('within 15 minutes');
    expect(mail?.body).toContain('/my-account/sign-in-link#token=');
  });

  it("signs the owner in past the attacker's slowdown: new session, new CSRF value, the run of failures ended", async () => {
    const attacker = await clientFrom('203.0.113.61');
    await wrongPasswords(attacker, DEMO_ACCOUNT.email, LOGIN_SLOWDOWN.freeFailures);
    // The attacker keeps asking for links too: they go to the owner's mailbox only, and never stop the owner's.
    for (let i = 0; i < LIMITS.signInLinkEmail.max + 3; i++) {
      expect((await post(attacker, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email })).status).toBe(202);
    }
    const owner = await clientFrom('198.51.100.61');
    retryAfterOf(await post(owner, '/login', DEMO_ACCOUNT));
    expect((await post(owner, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email })).status).toBe(202);
    // At most 5 emails per address in 15 minutes; each of them works.
    const links = await signInLinks(DEMO_ACCOUNT.email);
    expect(links).toHaveLength(LIMITS.signInLinkEmail.max);
    const csrfBefore = owner.csrfToken;
    const used = await post(owner, '/customer/sign-in-link/use', { token: links[0] });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ user: { email: DEMO_ACCOUNT.email, status: 'AUTHORISED' }, isRegistered: true });
    expect(owner.cookie('ma_session')).toBeTruthy();
    expect(owner.csrfToken).not.toBe(csrfBefore);
    expect((await owner.get<{ user: { status: string } }>('/my-account/api/user')).body.user.status).toBe('AUTHORISED');
    // The link ended the run of wrong passwords: the password works again at once.
    expect((await post(await clientFrom('198.51.100.62'), '/login', DEMO_ACCOUNT)).status).toBe(200);
  });

  it('limits one client asking for many links (429), not another client', async () => {
    const a = await clientFrom('203.0.113.62');
    for (let i = 0; i < LIMITS.signInLinkClient.max; i++) {
      expect((await post(a, '/customer/sign-in-link', { email: `p${i}@example.com` })).status).toBe(202);
    }
    retryAfterOf(await post(a, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email }));
    const b = await clientFrom('198.51.100.63');
    expect((await post(b, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email })).status).toBe(202);
  });

  it('refuses without the CSRF value', async () => {
    const client = await clientFrom('203.0.113.63');
    const res = await client.post(
      '/my-account/api/customer/sign-in-link',
      { email: DEMO_ACCOUNT.email },
      { csrf: 'none' },
    );
    expect(res.status).toBe(403);
  });
});

describe('POST /customer/sign-in-link/use', () => {
  it('is single-use under 20 parallel uses: one session, 19 × 400 TOKEN_INVALID', async () => {
    const client = await clientFrom('203.0.113.70');
    await post(client, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email });
    const [token] = await signInLinks(DEMO_ACCOUNT.email);
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => clientFrom(`198.51.100.${100 + i}`)));
    const answers = await Promise.all(clients.map((c) => post(c, '/customer/sign-in-link/use', { token })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
    expect(clients.filter((c) => c.cookie('ma_session'))).toHaveLength(1);
  });

  it('refuses a link after 15 minutes, an unknown one and an empty one', async () => {
    const client = await clientFrom('203.0.113.71');
    await post(client, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email });
    const [token] = await signInLinks(DEMO_ACCOUNT.email);
    for (const bad of ['', 'x'.repeat(43)]) {
      expect((await post(client, '/customer/sign-in-link/use', { token: bad })).status).toBe(400);
    }
    await server.setClock(SIGN_IN_LINK_TTL_MS + 1000);
    const late = await post(client, '/customer/sign-in-link/use', { token });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
    expect(client.cookie('ma_session')).toBeUndefined();
  });

  it('a password reset spends the links still in the mailbox', async () => {
    const client = await clientFrom('203.0.113.72');
    await post(client, '/customer/sign-in-link', { email: DEMO_ACCOUNT.email });
    const [token] = await signInLinks(DEMO_ACCOUNT.email);
    await post(client, '/customer/forgot-password', { email: DEMO_ACCOUNT.email });
    const outbox = ((await (await fetch(`${server.origin}/__outbox.json`)).json()) as Outbox).emails;
    const reset = outbox.find((e) => e.kind === 'password-reset');
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(reset?.body ?? '')?.[1];
    expect(
      (await post(client, '/customer/reset-password', { token: resetToken, newPassword: 'Another!Pass2026x' })).status,
    ).toBe(200);
    expect((await post(client, '/customer/sign-in-link/use', { token })).status).toBe(400);
  });

  it('limits wrong links per client', async () => {
    const a = await clientFrom('203.0.113.73');
    for (let i = 0; i < LIMITS.signInLinkTokenClient.max; i++) {
      expect((await post(a, '/customer/sign-in-link/use', { token: `guess-${i}` })).status).toBe(400);
    }
    retryAfterOf(await post(a, '/customer/sign-in-link/use', { token: 'guess-x' }));
  });
});
