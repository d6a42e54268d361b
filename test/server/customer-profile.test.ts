import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset('demo');
  client = await signedIn(DEMO);
});

async function signedIn(account: { email: string; password: string }): Promise<ApiClient> {
  const c = apiClient(server.origin);
  await c.init();
  const res = await c.post(`${API}/login`, account);
  expect(res.status).toBe(200);
  return c;
}

async function anonymous(): Promise<ApiClient> {
  const c = apiClient(server.origin);
  await c.init();
  return c;
}

/** The passengers list as text (its shape belongs to passengers-and-railcards): enough to find a name in. */
const passengersText = async (c: ApiClient): Promise<string> => {
  const res = await c.get(`${API}/customer/passengers-and-railcards`);
  expect(res.status).toBe(200);
  return JSON.stringify(res.body);
};

describe('personal details', () => {
  it('needs a signed-in customer', async () => {
    const c = await anonymous();
    expect((await c.get(`${API}/customer/personal-details`)).status).toBe(401);
    expect(
      (await c.post(`${API}/customer/personal-details`, { firstName: 'A', lastName: 'B' }, { csrf: 'body' })).status,
    ).toBe(401);
  });

  it('reads the account holder’s details', async () => {
    const res = await client.get(`${API}/customer/personal-details`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: 'Alex',
      lastName: 'Morgan',
      email: DEMO.email,
      shouldUpdatePassenger: false,
    });
  });

  it('saves the names with _csrf in the body, ignores the email, and the session user follows', async () => {
    const res = await client.post(
      `${API}/customer/personal-details`,
      {
        firstName: '  Zoë ',
        lastName: "O'Brien-Smith",
        email: 'someone.else@example.com',
        shouldUpdatePassenger: false,
      },
      { csrf: 'body' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Zoë', lastName: "O'Brien-Smith", email: DEMO.email });
    const user = await client.get<{ user: { firstName: string; lastName: string; email: string } }>(`${API}/user`);
    expect(user.body.user).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Smith", email: DEMO.email });
    // The passenger was not asked to change.
    expect(await passengersText(client)).not.toContain('Zoë');
  });

  it('needs the CSRF value', async () => {
    const res = await client.post(
      `${API}/customer/personal-details`,
      { firstName: 'Jo', lastName: 'Morgan' },
      { csrf: 'none' },
    );
    expect(res.status).toBe(403);
  });

  it.each([
    ['', 'Morgan'],
    ['A'.repeat(31), 'Morgan'],
    ['R2D2', 'Morgan'],
    ['Alex', 'Mor<gan>'],
  ])('rejects invalid names (%s %s) and changes nothing', async (firstName, lastName) => {
    const res = await client.post(`${API}/customer/personal-details`, { firstName, lastName }, { csrf: 'body' });
    expect(res.status).toBe(400);
    expect((await client.get(`${API}/customer/personal-details`)).body).toMatchObject({
      firstName: 'Alex',
      lastName: 'Morgan',
    });
  });

  it('also updates the account holder’s passenger when asked', async () => {
    const res = await client.post(
      `${API}/customer/personal-details`,
      { firstName: 'Alexandra', lastName: 'Morgan', shouldUpdatePassenger: true },
      { csrf: 'body' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Alexandra', lastName: 'Morgan', email: DEMO.email });
    expect(await passengersText(client)).toContain('Alexandra');
  });

  it('saves the details anyway when the passenger cannot take the name (updatePassengerFailed)', async () => {
    // 'J' is a valid personal-details name (1-30) but too short for a passenger (2-30).
    const res = await client.post(
      `${API}/customer/personal-details`,
      { firstName: 'J', lastName: 'Morgan', shouldUpdatePassenger: true },
      { csrf: 'body' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'J', lastName: 'Morgan', email: DEMO.email, updatePassengerFailed: true });
    expect((await client.get(`${API}/customer/personal-details`)).body).toMatchObject({ firstName: 'J' });
    expect(await passengersText(client)).toContain('"Alex"');
  });

  it('answers updatePassengerFailed when there is no account-holder passenger', async () => {
    const sam = await signedIn(SAM);
    const res = await sam.post(
      `${API}/customer/personal-details`,
      { firstName: 'Samuel', lastName: 'Patel', shouldUpdatePassenger: true },
      { csrf: 'body' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Samuel', lastName: 'Patel', email: SAM.email, updatePassengerFailed: true });
  });
});

describe('change email', () => {
  const change = (c: ApiClient, body: Record<string, unknown>) => c.post(`${API}/customer/change-email`, body);

  it('needs a signed-in customer and the CSRF value', async () => {
    const c = await anonymous();
    expect((await change(c, { newEmailAddress: 'x@example.com', currentPassword: DEMO.password })).status).toBe(401);
    const res = await client.post(
      `${API}/customer/change-email`,
      { newEmailAddress: 'x@example.com', currentPassword: DEMO.password },
      { csrf: 'none' },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ code: 'CSRF_INVALID' }] });
  });

  it('answers 403 for a wrong password and changes nothing', async () => {
    const res = await change(client, { newEmailAddress: 'alex.new@example.com', currentPassword: 'wrong-password' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ code: 'PASSWORD_INCORRECT' }] });
    expect((await client.get(`${API}/customer/personal-details`)).body).toMatchObject({ email: DEMO.email });
  });

  it('answers 422 for the account’s own email (any case); another account’s email answers as a free one (decision 560)', async () => {
    for (const email of [DEMO.email, 'Demo@Example.com']) {
      const res = await change(client, { newEmailAddress: email, currentPassword: DEMO.password });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: [{ code: 'EMAIL_ALREADY_EXISTS' }] });
    }
    const taken = await change(client, { newEmailAddress: 'SAM.Patel@example.com', currentPassword: DEMO.password });
    expect([taken.status, taken.body]).toEqual([202, { confirmationSent: true, pendingEmailAddress: SAM.email }]);
    expect((await client.get(`${API}/customer/personal-details`)).body).toMatchObject({ email: DEMO.email });
  });

  it('answers 400 for a malformed email', async () => {
    expect((await change(client, { newEmailAddress: 'not-an-email', currentPassword: DEMO.password })).status).toBe(
      400,
    );
  });

  /** The change waits for the link sent to the new address (decision 150): follow it. */
  const confirmLink = async (c: ApiClient, email: string) => {
    const res = await fetch(`${server.origin}/__test/last-email-change-token?email=${encodeURIComponent(email)}`);
    const { token } = (await res.json()) as { token: string };
    return c.post(`${API}/customer/change-email/confirm`, { token });
  };

  it('changes the email once the link is followed, rotates the session and returns new tokens', async () => {
    const other = await signedIn(DEMO); // a second device
    const before = client.cookie('ma_session');
    const pending = await change(client, { newEmailAddress: ' Alex.New@Example.com ', currentPassword: DEMO.password });
    expect(pending.status).toBe(202);
    expect((await client.get<{ user: { email: string } }>(`${API}/user`)).body.user.email).toBe(DEMO.email);
    const res = await confirmLink(client, 'alex.new@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newTokens: { sessionRotated: true }, updatedEmailAddress: 'alex.new@example.com' });
    const after = client.cookie('ma_session');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await client.get<{ user: { email: string } }>(`${API}/user`)).body.user.email).toBe('alex.new@example.com');
    // Every other session ended with the old address.
    expect((await other.get(`${API}/customer/personal-details`)).status).toBe(401);
    // Only the new address signs in.
    const fresh = await anonymous();
    expect((await fresh.post(`${API}/login`, DEMO)).status).toBe(401);
    expect((await fresh.post(`${API}/login`, { email: 'alex.new@example.com', password: DEMO.password })).status).toBe(
      200,
    );
  });

  it('tokenFailure: the confirmed email changes but no new session is issued (test switch)', async () => {
    const sw = await fetch(`${server.origin}/__test/change-email-token-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    expect(sw.status).toBe(200);
    expect(
      (await change(client, { newEmailAddress: 'alex.new@example.com', currentPassword: DEMO.password })).status,
    ).toBe(202);
    const res = await confirmLink(client, 'alex.new@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newTokens: null, updatedEmailAddress: 'alex.new@example.com' });
    expect(client.cookie('ma_session')).toBeUndefined();
    expect((await client.get(`${API}/customer/personal-details`)).status).toBe(401);
    const fresh = await anonymous();
    expect((await fresh.post(`${API}/login`, { email: 'alex.new@example.com', password: DEMO.password })).status).toBe(
      200,
    );
    // The switch was used up: the next change issues tokens again.
    await change(fresh, { newEmailAddress: 'alex.newer@example.com', currentPassword: DEMO.password });
    const again = await confirmLink(fresh, 'alex.newer@example.com');
    expect(again.body).toMatchObject({ newTokens: { sessionRotated: true } });
  });
});

describe('order count and account summary', () => {
  it('counts every booking of the customer', async () => {
    const res = await client.get<{ lifeTimeBookingCount: number }>(`${API}/customer/order-count`);
    expect(res.status).toBe(200);
    // The demo account has upcoming, past and season bookings.
    expect(res.body.lifeTimeBookingCount).toBeGreaterThanOrEqual(8);
  });

  it('is 0 for a new account and needs sign-in', async () => {
    expect((await (await anonymous()).get(`${API}/customer/order-count`)).status).toBe(401);
    await server.reset('empty');
    const c = await signedIn(DEMO);
    expect((await c.get(`${API}/customer/order-count`)).body).toEqual({ lifeTimeBookingCount: 0 });
  });

  it('summarises the account: name, email and counts', async () => {
    const res = await client.get<{ counts: Record<string, number | null> }>(`${API}/customer/account-summary`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Alex', lastName: 'Morgan', email: DEMO.email });
    expect(res.body.counts.upcomingBookings).toBeGreaterThanOrEqual(4);
    // One count rule: the overview says what the Upcoming tab shows (refunded and changed journeys are in Past),
    // and the README's demo data names the same numbers as the tabs.
    const tab = (f: string) =>
      client.get<{ total: number; pastBookings: number }>(`${API}/bookings/${f}`).then((r) => r.body);
    const upcoming = await tab('upcoming');
    expect(res.body.counts.upcomingBookings).toBe(upcoming.total);
    const readme = /Bookings: (\d+) upcoming .*?, (\d+) past/s.exec(readFileSync('README.md', 'utf8'));
    expect(readme?.slice(1, 3).map(Number)).toEqual([upcoming.total, upcoming.pastBookings]);
    expect(res.body.counts.savedPassengers).toBeGreaterThanOrEqual(1);
    for (const key of ['addresses', 'cards'])
      expect(res.body.counts[key] === null || typeof res.body.counts[key] === 'number').toBe(true);
    expect((await (await anonymous()).get(`${API}/customer/account-summary`)).status).toBe(401);
    await server.reset('empty');
    const empty = await signedIn(DEMO);
    const none = await empty.get<{ counts: Record<string, number | null> }>(`${API}/customer/account-summary`);
    expect(none.body.counts.upcomingBookings).toBe(0);
  });
});
