import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#server/lib/rate-limit.ts';
import { apiClient, signedInClient, type ApiClient, type ApiResponse } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * Proof of the mailbox (docs/decisions/560-proof-of-the-mailbox-ends-what-came-before.md), each case
 * the attack itself as plain API calls: registering someone's address first does not take their
 * account later, links to an old address die with it, and no call emails any address without limit.
 */
const API = '/my-account/api';
const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const VICTIM = 'victim@example.com';
const ATTACKER = { email: 'mallory@example.com', password: 'Attack!Pass2026' };
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

const logLines: string[] = [];
const server = useTestServer({ resetEachTest: true, logLines, trustProxy: true });

beforeEach(async () => {
  await server.setClock(0);
});

type Outbox = { emails: { kind: string; to: string[]; subject: string; body: string }[] };
const outboxTo = async (address: string) =>
  ((await (await fetch(`${server.origin}/__outbox.json`)).json()) as Outbox).emails.filter((e) =>
    e.to.includes(address),
  );

async function anonymous(): Promise<ApiClient> {
  const c = apiClient(server.origin);
  await c.init();
  return c;
}

async function testToken(kind: 'last-email-change-token' | 'last-reset-token', email: string): Promise<string> {
  const res = await fetch(`${server.origin}/__test/${kind}?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`no ${kind} for ${email}`);
  return ((await res.json()) as { token: string }).token;
}

/** The attacker registers the victim's address (no proof of the mailbox) and signs in with the password they chose. */
async function registerFirst(email = VICTIM): Promise<ApiClient> {
  const attacker = await anonymous();
  const reg = await attacker.post(`${API}/register`, {
    email,
    password: ATTACKER.password,
    firstName: 'Mallory',
    lastName: 'Jones',
  });
  expect(reg.status).toBe(202);
  expect((await attacker.post(`${API}/login`, { email, password: ATTACKER.password })).status).toBe(200);
  return attacker;
}

const signedIn = async (c: ApiClient) => (await c.get(`${API}/customer/personal-details`)).status === 200;
const passwordWorks = async (email: string, password: string) =>
  (await (await anonymous()).post(`${API}/login`, { email, password })).status === 200;
const changeEmail = (c: ApiClient, newEmailAddress: string, currentPassword = DEMO.password) =>
  c.post(`${API}/customer/change-email`, { newEmailAddress, currentPassword });
const confirm = (c: ApiClient, token: string, from?: string) =>
  c.post(`${API}/customer/change-email/confirm`, { token }, from ? { headers: { 'x-forwarded-for': from } } : {});

async function resetPassword(email: string, newPassword: string): Promise<void> {
  const owner = await anonymous();
  expect((await owner.post(`${API}/customer/forgot-password`, { email })).status).toBe(200);
  const reset = await owner.post(`${API}/customer/reset-password`, {
    token: await testToken('last-reset-token', email),
    newPassword,
  });
  expect(reset.status).toBe(200);
}

const throttled = (res: ApiResponse) => {
  expect([res.status, res.body]).toEqual([429, { errors: [{ code: 'TOO_MANY_ATTEMPTS' }] }]);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('registering first does not take the account later', () => {
  it('an account whose email is not proved cannot start a change of email (403 EMAIL_NOT_VERIFIED) and sends nothing', async () => {
    const attacker = await registerFirst();
    const res = await changeEmail(attacker, ATTACKER.email, ATTACKER.password);
    expect([res.status, res.body]).toEqual([403, { errors: [{ code: 'EMAIL_NOT_VERIFIED' }] }]);
    expect(await outboxTo(ATTACKER.email)).toEqual([]);
  });

  it('the owner’s password reset ends the squatter’s password, sessions and registration link', async () => {
    const attacker = await registerFirst();
    await resetPassword(VICTIM, 'Owner!Pass2026');
    expect(await signedIn(attacker)).toBe(false);
    expect(await passwordWorks(VICTIM, ATTACKER.password)).toBe(false);
    // The link the registration sent, still in the victim's mailbox, has nothing left to confirm.
    expect((await confirm(await anonymous(), await testToken('last-email-change-token', VICTIM))).status).toBe(400);
    const owner = await signedInClient(server.origin, { email: VICTIM, password: 'Owner!Pass2026' });
    // The owner, now proved, may move the account; the squatter cannot come back.
    expect((await changeEmail(owner, 'victim.new@example.com', 'Owner!Pass2026')).status).toBe(202);
    expect(await passwordWorks(VICTIM, ATTACKER.password)).toBe(false);
  });

  it('a reset ends a change of email that was waiting (asked for with the old password)', async () => {
    // Someone who knows the password of a proved account asks to move it to their own address.
    const thief = await signedInClient(server.origin, DEMO);
    expect((await changeEmail(thief, ATTACKER.email)).status).toBe(202);
    const link = await testToken('last-email-change-token', ATTACKER.email);
    await resetPassword(DEMO.email, 'Owner!Pass2027');
    const res = await confirm(await anonymous(), link);
    expect([res.status, res.body]).toEqual([400, { errors: [{ code: 'TOKEN_INVALID' }] }]);
    expect(await passwordWorks(DEMO.email, 'Owner!Pass2027')).toBe(true);
  });

  it('the registration link opened by the mailbox’s owner elsewhere proves the mailbox and ends the password chosen at registration', async () => {
    const attacker = await registerFirst();
    const owner = await anonymous(); // the victim's browser: it did not register
    const res = await confirm(owner, await testToken('last-email-change-token', VICTIM));
    expect([res.status, res.body]).toEqual([200, { newTokens: null, updatedEmailAddress: VICTIM }]);
    expect(await signedIn(attacker)).toBe(false);
    expect(await passwordWorks(VICTIM, ATTACKER.password)).toBe(false);
    // The owner gets in through the mailbox: a sign-in link now goes to the proved address.
    expect((await owner.post(`${API}/customer/sign-in-link`, { email: VICTIM })).status).toBe(202);
    const mail = (await outboxTo(VICTIM)).find((e) => e.kind === 'sign-in-link');
    const token = /#token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect((await owner.post(`${API}/customer/sign-in-link/use`, { token })).status).toBe(200);
    expect(await signedIn(owner)).toBe(true);
  });

  it('the registration link opened in the browser that registered keeps the password chosen there', async () => {
    const customer = await anonymous();
    const reg = await customer.post(`${API}/register`, {
      email: 'new.customer@example.com',
      password: 'Fresh!Pass2026',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(reg.status).toBe(202);
    // Registration signs nobody in; the same browser follows the emailed link.
    const res = await confirm(customer, await testToken('last-email-change-token', 'new.customer@example.com'));
    expect(res.status).toBe(200);
    expect(await passwordWorks('new.customer@example.com', 'Fresh!Pass2026')).toBe(true);
  });

  it('a registration for a taken email answers exactly as one for a new email, cookies included', async () => {
    const register = async (email: string) => {
      const c = await anonymous();
      const res = await c.post(`${API}/register`, {
        email,
        password: 'Fresh!Pass2026',
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      return { status: res.status, body: res.body, cookies: c.lastSetCookies.map((l) => l.split('=')[0]).sort() };
    };
    const fresh = await register('brand.new@example.com');
    const taken = await register(DEMO.email);
    expect(taken.status).toBe(fresh.status);
    expect(taken.cookies).toEqual(fresh.cookies);
    expect(taken.body).toEqual({ confirmationSent: true, pendingEmailAddress: DEMO.email });
  });

  it('an order’s emailed guest token proves the mailbox: that session and the password stay, the other sessions and the registration link end', async () => {
    const guestEmail = 'guest@example.com';
    const link = server.seeded.guestLinks.find((l) => l.email === guestEmail);
    if (!link) throw new Error('the demo seed has no guest order for guest@example.com');
    const customer = await registerFirst(guestEmail);
    const elsewhere = await signedInClient(server.origin, { email: guestEmail, password: ATTACKER.password });
    const res = await customer.post(`${API}/order/associate-guest-orders`, { guestToken: link.token });
    expect([200, 206]).toContain(res.status);
    expect(await signedIn(customer)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await passwordWorks(guestEmail, ATTACKER.password)).toBe(true);
    expect((await confirm(await anonymous(), await testToken('last-email-change-token', guestEmail))).status).toBe(400);
  });
});

describe('a confirmed change of email ends what was sent to the old address', () => {
  it('a sign-in link and a reset link sent to the old address no longer work, and the other sessions end', async () => {
    const owner = await anonymous();
    expect((await owner.post(`${API}/customer/sign-in-link`, { email: DEMO.email })).status).toBe(202);
    const signInMail = (await outboxTo(DEMO.email)).find((e) => e.kind === 'sign-in-link');
    const signInToken = /#token=([\w-]+)/.exec(signInMail?.body ?? '')?.[1] ?? '';
    expect(signInToken).not.toBe('');
    expect((await owner.post(`${API}/customer/forgot-password`, { email: DEMO.email })).status).toBe(200);
    const resetToken = await testToken('last-reset-token', DEMO.email);

    const client = await signedInClient(server.origin, DEMO);
    const other = await signedInClient(server.origin, DEMO);
    expect((await changeEmail(client, 'alex.new@example.com')).status).toBe(202);
    expect((await confirm(client, await testToken('last-email-change-token', 'alex.new@example.com'))).status).toBe(
      200,
    );

    const use = await (await anonymous()).post(`${API}/customer/sign-in-link/use`, { token: signInToken });
    expect([use.status, use.body]).toEqual([400, { errors: [{ code: 'TOKEN_INVALID' }] }]);
    const reset = await (await anonymous()).post(`${API}/customer/reset-password`, {
      token: resetToken,
      newPassword: 'Other!Pass2026',
    });
    expect(reset.status).toBe(400);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(client)).toBe(true);
  });
});

describe('email volume', () => {
  it('an account asks for 3 changes of email an hour; the 4th is 429 TOO_MANY_ATTEMPTS and sends nothing', async () => {
    const client = await signedInClient(server.origin, DEMO);
    for (let i = 1; i <= LIMITS.changeEmailSent.max; i++) {
      expect((await changeEmail(client, `target${i}@example.com`)).status).toBe(202);
    }
    throttled(await changeEmail(client, 'target4@example.com'));
    expect(await outboxTo('target4@example.com')).toEqual([]);
    await server.setClock(HOUR_MS + 1000);
    const later = await signedInClient(server.origin, DEMO); // the first session has long been idle
    expect((await changeEmail(later, 'target4@example.com')).status).toBe(202);
    expect(await outboxTo('target4@example.com')).toHaveLength(1);
  });

  it('an address that has an account answers exactly as one that has none; its owner gets one notice a day, not a link', async () => {
    const client = await signedInClient(server.origin, DEMO);
    // The account's own address still says so (and counts nothing): it tells nothing about anyone else.
    expect((await changeEmail(client, DEMO.email)).status).toBe(422);
    const free = await changeEmail(client, 'nobody.yet@example.com');
    const taken = await changeEmail(client, SAM.email);
    expect([taken.status, taken.body]).toEqual([
      free.status,
      { confirmationSent: true, pendingEmailAddress: SAM.email },
    ]);
    expect(free.body).toEqual({ confirmationSent: true, pendingEmailAddress: 'nobody.yet@example.com' });
    const [notice, ...more] = await outboxTo(SAM.email);
    expect(more).toEqual([]);
    expect(notice?.kind).toBe('email-change');
    expect(notice?.body).not.toContain('#token=');
    expect(notice?.body).toContain('you already have an account');
    // Sam's account is untouched.
    expect(await passwordWorks(SAM.email, SAM.password)).toBe(true);
    // The link sent to the free address is retired by the next request whatever its address, so it
    // cannot tell which addresses have accounts either.
    const first = await testToken('last-email-change-token', 'nobody.yet@example.com');
    expect((await confirm(client, first)).status).toBe(400);
    // Asked again the same day: the same answer, and no second notice.
    const again = await changeEmail(client, SAM.email);
    expect([again.status, again.body]).toEqual([202, { confirmationSent: true, pendingEmailAddress: SAM.email }]);
    expect(await outboxTo(SAM.email)).toHaveLength(1);
  });

  it('30 registrations with an existing address send its owner one notice a day, each answered as for a new address', async () => {
    const notices = () => logLines.filter((l) => l.startsWith(`Registration notice for ${DEMO.email}`)).length;
    const attacker = await anonymous();
    for (let i = 0; i < 30; i++) {
      const res = await attacker.post(`${API}/register`, {
        email: DEMO.email,
        password: 'Fresh!Pass2026',
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      expect([res.status, res.body]).toEqual([202, { confirmationSent: true, pendingEmailAddress: DEMO.email }]);
    }
    expect(notices()).toBe(1);
    await server.setClock(DAY_MS + 1000);
    await attacker.post(`${API}/register`, {
      email: DEMO.email,
      password: 'Fresh!Pass2026',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(notices()).toBe(2);
  }, 120_000); // 31 registrations, each hashing its password on a busy machine
});

describe('POST /customer/change-email/confirm is throttled per client like the other token checks', () => {
  it('30 unknown links from one client give 429, even for a real link; another client is not held up', async () => {
    const client = await signedInClient(server.origin, DEMO);
    expect((await changeEmail(client, 'alex.new@example.com')).status).toBe(202);
    const real = await testToken('last-email-change-token', 'alex.new@example.com');
    const guesser = await anonymous();
    for (let i = 0; i < LIMITS.emailChangeTokenClient.max; i++) {
      expect((await confirm(guesser, `guess-${i}`, '203.0.113.70')).status).toBe(400);
    }
    throttled(await confirm(guesser, real, '203.0.113.70'));
    const res = await confirm(client, real, '198.51.100.70');
    expect([res.status, res.body]).toEqual([
      200,
      { newTokens: { sessionRotated: true }, updatedEmailAddress: 'alex.new@example.com' },
    ]);
  });
});
