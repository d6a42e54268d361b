import { beforeEach, describe, expect, it } from 'vitest';
import { apiClient, signedInClient, type ApiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * Single-use links are spent atomically: of 20 requests racing with one link, exactly one
 * acts; and recovering an account (a password reset, a confirmed change of email) ends its calendar
 * feed.
 */
const API = '/my-account/api';
const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const FEED = `${API}/customer/calendar-feed`;
const RACERS = 20;

const server = useTestServer({ resetEachTest: true });
let client: ApiClient;

beforeEach(async () => {
  client = apiClient(server.origin);
  await client.init();
});

async function testToken(kind: 'last-reset-token' | 'last-email-change-token', email: string): Promise<string> {
  const res = await fetch(`${server.origin}/__test/${kind}?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`no ${kind} for ${email}`);
  return ((await res.json()) as { token: string }).token;
}

async function resetLink(): Promise<string> {
  expect((await client.post(`${API}/customer/forgot-password`, { email: DEMO.email })).status).toBe(200);
  return testToken('last-reset-token', DEMO.email);
}

/** `RACERS` clients, each with its own cookies and CSRF value, as separate attackers would be. */
async function racers(): Promise<ApiClient[]> {
  return Promise.all(
    Array.from({ length: RACERS }, async () => {
      const c = apiClient(server.origin);
      await c.init();
      return c;
    }),
  );
}

const signInStatus = async (password: string) => {
  const c = apiClient(server.origin);
  await c.init();
  return (await c.post(`${API}/login`, { email: DEMO.email, password })).status;
};

describe('reset-password link', () => {
  it(`${RACERS} parallel resets with one link: exactly one 200, and its password is the one that stands`, async () => {
    const token = await resetLink();
    const clients = await racers();
    const passwords = clients.map((_, i) => `Racing-Pass!${i}x2026`);
    const answers = await Promise.all(
      clients.map((c, i) => c.post(`${API}/customer/reset-password`, { token, newPassword: passwords[i] })),
    );
    const winners = answers.flatMap((res, i) => (res.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [expect.objectContaining({ code: 'TOKEN_INVALID' })] });
    }
    const winner = winners[0] ?? -1;
    expect(await signInStatus(passwords[winner] ?? '')).toBe(200);
    const loser = passwords.find((_, i) => i !== winner) ?? '';
    expect(await signInStatus(loser)).toBe(401);
  });

  it('ends the calendar feed: its address answers 404 after the reset', async () => {
    const owner = await signedInClient(server.origin, DEMO);
    const made = await owner.post<{ url: string }>(FEED, {});
    const feedPath = new URL(made.body.url).pathname;
    expect((await fetch(`${server.origin}${feedPath}`)).status).toBe(200);
    const token = await resetLink();
    expect(
      (await client.post(`${API}/customer/reset-password`, { token, newPassword: 'Brand-New!Pass2026' })).status,
    ).toBe(200);
    expect((await fetch(`${server.origin}${feedPath}`)).status).toBe(404);
    const again = await signedInClient(server.origin, { email: DEMO.email, password: 'Brand-New!Pass2026' });
    expect((await again.get(FEED)).body).toEqual({ enabled: false, createdAt: null });
  });
});

describe('change-of-email link', () => {
  it(`${RACERS} parallel confirmations of one link: exactly one 200`, async () => {
    const owner = await signedInClient(server.origin, DEMO);
    const newEmail = 'demo.racing@example.com';
    expect(
      (await owner.post(`${API}/customer/change-email`, { newEmailAddress: newEmail, currentPassword: DEMO.password }))
        .status,
    ).toBe(202);
    const token = await testToken('last-email-change-token', newEmail);
    const answers = await Promise.all(
      (await racers()).map((c) => c.post(`${API}/customer/change-email/confirm`, { token })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(RACERS - 1);
  });

  it('ends the calendar feed when the new email is confirmed', async () => {
    const owner = await signedInClient(server.origin, DEMO);
    const made = await owner.post<{ url: string }>(FEED, {});
    const feedPath = new URL(made.body.url).pathname;
    const newEmail = 'demo.moved@example.com';
    expect(
      (await owner.post(`${API}/customer/change-email`, { newEmailAddress: newEmail, currentPassword: DEMO.password }))
        .status,
    ).toBe(202);
    // Still there while the change is only requested.
    expect((await fetch(`${server.origin}${feedPath}`)).status).toBe(200);
    const token = await testToken('last-email-change-token', newEmail);
    expect((await owner.post(`${API}/customer/change-email/confirm`, { token })).status).toBe(200);
    expect((await fetch(`${server.origin}${feedPath}`)).status).toBe(404);
    expect((await owner.get(FEED)).body).toEqual({ enabled: false, createdAt: null });
  });
});
