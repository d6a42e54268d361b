import { beforeEach, describe, expect, it } from 'vitest';
import { apiClient, signedInClient, type ApiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * Decision 150: access by email rests on a verified email. A change of email waits for the
 * link sent to the new address; guest orders match only a verified account email.
 */
const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api';
const DAY_MS = 24 * 3600 * 1000;

let client: ApiClient;
const logLines: string[] = [];
const server = useTestServer({ resetEachTest: true, logLines });

beforeEach(async () => {
  client = await signedInClient(server.origin, DEMO);
});

/** The guest order of someone else: a seeded guest link whose email has no account. */
function victimGuestLink() {
  const accounts = new Set(server.seeded.accounts.map((a) => a.email));
  const link = server.seeded.guestLinks.find((l) => !accounts.has(l.email));
  if (!link) throw new Error('the demo seed has no guest order without an account');
  return link;
}

async function lastEmailChangeToken(email: string): Promise<string | null> {
  const res = await fetch(`${server.origin}/__test/last-email-change-token?email=${encodeURIComponent(email)}`);
  return res.ok ? ((await res.json()) as { token: string }).token : null;
}

const changeEmail = (c: ApiClient, newEmailAddress: string) =>
  c.post(`${API}/customer/change-email`, { newEmailAddress, currentPassword: DEMO.password });
const confirm = (c: ApiClient, token: string) => c.post(`${API}/customer/change-email/confirm`, { token });
const email = async (c: ApiClient) => (await c.get<{ user: { email: string | null } }>(`${API}/user`)).body.user.email;

describe('the attack: change the email to a victim’s address, then read their guest orders', () => {
  it('leaves the email unchanged until confirmed, so /bookings/guest and /booking/{id} stay closed', async () => {
    const victim = victimGuestLink();
    const guestBefore = await client.get<{ total: number }>(`${API}/bookings/guest`);
    expect(guestBefore.status).toBe(200);

    const res = await changeEmail(client, victim.email);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ confirmationSent: true, pendingEmailAddress: victim.email });

    // Nothing changed: same email, same session, same guest list; the victim's booking is refused.
    expect(await email(client)).toBe(DEMO.email);
    const guestAfter = await client.get<{ total: number; results: { booking: { id: string } }[] }>(
      `${API}/bookings/guest`,
    );
    expect(guestAfter.body).toEqual(guestBefore.body);
    expect(guestAfter.body.results.map((r) => r.booking.id)).not.toContain(victim.bookingId);
    const detail = await client.get(`${API}/booking/${victim.bookingId}`);
    expect([403, 404]).toContain(detail.status);
    expect(JSON.stringify(detail.body)).not.toContain('passengers');
    // Only the new address was sent the link; the attacker cannot read it, so the change never lands.
    expect(logLines.some((l) => l.includes(victim.email) && l.includes('/my-account/confirm-email#token='))).toBe(true);
  });

  it('a new account registered with the victim’s email (unverified) sees none of their guest orders', async () => {
    const victim = victimGuestLink();
    const attacker = apiClient(server.origin);
    await attacker.init();
    const reg = await attacker.post(`${API}/register`, {
      email: victim.email,
      password: 'Attack!Pass2026',
      firstName: 'Mallory',
      lastName: 'Jones',
    });
    expect(reg.status).toBe(202);
    expect((await attacker.post(`${API}/login`, { email: victim.email, password: 'Attack!Pass2026' })).status).toBe(
      200,
    );
    const list = await attacker.get<{ total: number; hasGuestBookings: boolean }>(`${API}/bookings/guest`);
    expect(list.body).toMatchObject({ total: 0, hasGuestBookings: false });
    expect((await attacker.get(`${API}/booking/${victim.bookingId}`)).status).toBe(403);
    // The order's own token still opens it (guest access is by token), and association imports only that order.
    expect(
      (await attacker.get(`${API}/booking/${victim.bookingId}?token=${encodeURIComponent(victim.token)}`)).status,
    ).toBe(200);
  });

  it('the account’s own verified email still lists its guest orders (the Guest tab)', async () => {
    const list = await client.get<{ total: number; results: { booking: { id: string } }[] }>(`${API}/bookings/guest`);
    const own = server.seeded.guestLinks.find((l) => l.email === DEMO.email);
    expect(own).toBeDefined();
    expect(list.body.results.map((r) => r.booking.id)).toContain(own?.bookingId);
    expect((await client.get(`${API}/booking/${own?.bookingId}`)).status).toBe(200);
  });
});

describe('the confirmation link', () => {
  it('is built from the configured public origin and applies the change once, with new tokens', async () => {
    const other = await signedInClient(server.origin, DEMO); // a second device
    const res = await client.post(
      `${API}/customer/change-email`,
      { newEmailAddress: ' Alex.New@Example.com ', currentPassword: DEMO.password },
      // A name the server answers (decision 565) that is not the public origin's.
      { headers: { host: `localhost:${server.port}` } },
    );
    expect(res.status).toBe(202);
    const line = logLines.find((l) => l.includes('alex.new@example.com'));
    expect(line).toMatch(/ http:\/\/127\.0\.0\.1:5173\/my-account\/confirm-email#token=[\w-]{43}$/);
    const token = await lastEmailChangeToken('alex.new@example.com');
    if (!token) throw new Error('no change-of-email token issued');

    const before = client.cookie('ma_session');
    const done = await confirm(client, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ newTokens: { sessionRotated: true }, updatedEmailAddress: 'alex.new@example.com' });
    expect(client.cookie('ma_session')).not.toBe(before);
    expect(await email(client)).toBe('alex.new@example.com');
    expect((await other.get(`${API}/customer/personal-details`)).status).toBe(401);
    const fresh = apiClient(server.origin);
    await fresh.init();
    expect((await fresh.post(`${API}/login`, DEMO)).status).toBe(401);
    expect((await fresh.post(`${API}/login`, { email: 'alex.new@example.com', password: DEMO.password })).status).toBe(
      200,
    );

    // Works once.
    const again = await confirm(client, token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
  });

  it('opened signed out: applies the change and asks to sign in again (newTokens null)', async () => {
    await changeEmail(client, 'alex.new@example.com');
    const token = (await lastEmailChangeToken('alex.new@example.com')) ?? '';
    const elsewhere = apiClient(server.origin);
    await elsewhere.init();
    const res = await confirm(elsewhere, token);
    expect(res.body).toEqual({ newTokens: null, updatedEmailAddress: 'alex.new@example.com' });
    expect((await client.get(`${API}/customer/personal-details`)).status).toBe(401);
  });

  it('expires after 24 hours and changes nothing', async () => {
    await changeEmail(client, 'alex.new@example.com');
    const token = (await lastEmailChangeToken('alex.new@example.com')) ?? '';
    await server.setClock(DAY_MS + 1000);
    const anon = apiClient(server.origin);
    await anon.init();
    const expired = await confirm(anon, token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
    await server.setClock(0);
    const fresh = apiClient(server.origin);
    await fresh.init();
    expect((await fresh.post(`${API}/login`, DEMO)).status).toBe(200);
  });

  it('a newer request retires the older link; an unknown token is refused', async () => {
    await changeEmail(client, 'first@example.com');
    const first = (await lastEmailChangeToken('first@example.com')) ?? '';
    await changeEmail(client, 'second@example.com');
    expect((await confirm(client, first)).status).toBe(400);
    expect((await confirm(client, 'not-a-token')).status).toBe(400);
    expect(await email(client)).toBe(DEMO.email);
  });

  it('cannot take an address someone registered in the meantime', async () => {
    await changeEmail(client, 'taken.later@example.com');
    const token = (await lastEmailChangeToken('taken.later@example.com')) ?? '';
    const other = apiClient(server.origin);
    await other.init();
    expect(
      (
        await other.post(`${API}/register`, {
          email: 'taken.later@example.com',
          password: 'Other!Pass2026',
          firstName: 'Jo',
          lastName: 'Bloggs',
        })
      ).status,
    ).toBe(202);
    const res = await confirm(client, token);
    expect(res.status).toBe(422);
    expect(await email(client)).toBe(DEMO.email);
  });
});

describe('association verifies the email only with the emailed token', () => {
  const GUEST_EMAIL = 'guest@example.com';

  async function registerAs(email: string): Promise<ApiClient> {
    const c = apiClient(server.origin);
    await c.init();
    const reg = await c.post(`${API}/register`, {
      email,
      password: 'Owner!Pass2026',
      firstName: 'Gwen',
      lastName: 'Guest',
    });
    expect(reg.status).toBe(202);
    // Registration signs nobody in (decision 303); the new password works before the email is confirmed.
    expect((await c.post(`${API}/login`, { email, password: 'Owner!Pass2026' })).status).toBe(200);
    return c;
  }

  const ownBookingIds = async (c: ApiClient) => {
    const ids: string[] = [];
    for (const filter of ['upcoming', 'past', 'season']) {
      const res = await c.get<{ results: { booking: { id: string } }[] }>(`${API}/bookings/${filter}`);
      ids.push(...res.body.results.map((r) => r.booking.id));
    }
    return ids;
  };

  it('the order’s own (emailed) token proves the mailbox: every guest order with the email is imported', async () => {
    const links = server.seeded.guestLinks.filter((l) => l.email === GUEST_EMAIL);
    expect(links.length).toBeGreaterThan(1);
    const [first, ...others] = links;
    const owner = await registerAs(GUEST_EMAIL);
    expect((await owner.get<{ total: number }>(`${API}/bookings/guest`)).body.total).toBe(0);
    const res = await owner.post(`${API}/order/associate-guest-orders`, { guestToken: first?.token });
    expect([200, 206]).toContain(res.status);
    const mine = await ownBookingIds(owner);
    for (const link of others) expect(mine).toContain(link.bookingId);
  });

  it('a find-booking exchange token imports nothing while the email is unverified (403 EMAIL_NOT_VERIFIED)', async () => {
    const [first, second] = server.seeded.guestLinks.filter((l) => l.email === GUEST_EMAIL);
    if (!first || !second) throw new Error('the demo seed needs two guest orders for guest@example.com');
    // What the booking's owner knows (as printed on the ticket): reference, date, surname.
    const anon = apiClient(server.origin);
    await anon.init();
    const detail = await anon.get<{
      bookings: { id: string; outward: { date: string }; passengers: { lastName: string }[] }[];
      order: { friendlyOrderId: string };
    }>(`${API}/booking/${first.bookingId}?token=${encodeURIComponent(first.token)}`);
    const booking = detail.body.bookings.find((b) => b.id === first.bookingId);
    if (!booking) throw new Error('the guest link does not open its booking');
    const departureDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(booking.outward.date),
    );
    const found = await anon.post<{ orderExchangeToken: string }>(`${API}/booking/find-booking`, {
      bookingReference: detail.body.order.friendlyOrderId,
      departureDate,
      passengerSurname: booking.passengers[0]?.lastName,
      emailAddress: GUEST_EMAIL,
    });
    expect(found.status).toBe(200);
    const owner = await registerAs(GUEST_EMAIL);
    const res = await owner.post(`${API}/order/associate-guest-orders`, { guestToken: found.body.orderExchangeToken });
    expect([res.status, res.body]).toEqual([403, { errors: [{ code: 'EMAIL_NOT_VERIFIED' }] }]);
    const mine = await ownBookingIds(owner);
    expect(mine).not.toContain(first.bookingId);
    expect(mine).not.toContain(second.bookingId);
    expect((await owner.get<{ total: number }>(`${API}/bookings/guest`)).body.total).toBe(0);
  });
});
