import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { LIMITS } from '#server/lib/rate-limit.ts';
import { apiClient, signedInClient, type ApiClient, type ApiResponse } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * POST /booking/resend-email and on-demand tickets cannot be used to mail anyone, or without end
 * (decision 301): the booking's own address and the owner's verified email only; limits
 * per booking, per customer, per client for guests, refusals per client apart from them (decision
 * 567); on-demand tickets per booking.
 */
const API = '/my-account/api';
const server = useTestServer({ resetEachTest: true });

type Detail = { bookings: { id: string; delivery: { id: string; method: string } | null }[]; order: { id: string } };
type Target = { bookingId: string; orderId: string; deliveryMethod: string; deliveryId: string; query: string };

/** What a resend needs about a booking, read as its owner (or its guest link's holder) reads it. */
async function target(client: ApiClient, bookingId: string, token?: string): Promise<Target> {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const res = await client.get<Detail>(`${API}/booking/${bookingId}${query}`);
  expect(res.status).toBe(200);
  const booking = res.body.bookings.find((b) => b.id === bookingId);
  if (!booking?.delivery) throw new Error(`booking ${bookingId} has no delivery`);
  return {
    bookingId,
    orderId: res.body.order.id,
    deliveryMethod: booking.delivery.method,
    deliveryId: booking.delivery.id,
    query,
  };
}

const resend = (client: ApiClient, t: Target, emailAddresses: string[]) =>
  client.post(`${API}/booking/resend-email${t.query}`, {
    emailAddresses,
    bookingId: t.bookingId,
    orderId: t.orderId,
    deliveryMethod: t.deliveryMethod,
    vendor: 'Leisure',
  });

const expectThrottled = (res: ApiResponse) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ errors: [{ code: 'TOO_MANY_ATTEMPTS' }] });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
};

/** The demo customer's upcoming bookings that have a delivery. */
async function customerTargets(client: ApiClient): Promise<Target[]> {
  const list = await client.get<{ results: { booking: { id: string } }[] }>(`${API}/bookings/upcoming`);
  const all = await Promise.all(list.body.results.map((r) => target(client, r.booking.id).catch(() => null)));
  return all.filter((t): t is Target => t !== null);
}

let customer: ApiClient;
beforeEach(async () => {
  customer = await signedInClient(server.origin, DEMO_ACCOUNT);
});

describe('who a booking email may go to', () => {
  it('the order’s own address and the owner’s verified email; anyone else is a field error', async () => {
    const [t] = await customerTargets(customer);
    if (!t) throw new Error('the demo customer has no upcoming booking with a delivery');
    expect((await resend(customer, t, [DEMO_ACCOUNT.email])).status).toBe(200);
    const refused = await resend(customer, t, [DEMO_ACCOUNT.email, 'attacker@evil.test', 'someone@example.com']);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: [
        { code: 'RECIPIENT_NOT_ALLOWED', field: 'emailAddresses.1' },
        { code: 'RECIPIENT_NOT_ALLOWED', field: 'emailAddresses.2' },
      ],
    });
  });

  it('a guest link’s holder can send only to the address the order was booked with', async () => {
    const link = server.seeded.guestLinks[0];
    if (!link) throw new Error('no guest link seeded');
    const guest = apiClient(server.origin);
    await guest.init();
    const t = await target(guest, link.bookingId, link.token);
    expect((await resend(guest, t, ['attacker@evil.test'])).status).toBe(422);
    expect((await resend(guest, t, [link.email])).status).toBe(200);
  });
});

describe('resend limits', () => {
  it(`per booking: ${LIMITS.resendBooking.max} an hour, then 429 with Retry-After, for the owner too`, async () => {
    const [t] = await customerTargets(customer);
    if (!t) throw new Error('no booking');
    for (let i = 0; i < LIMITS.resendBooking.max; i++)
      expect((await resend(customer, t, [DEMO_ACCOUNT.email])).status).toBe(200);
    expectThrottled(await resend(customer, t, [DEMO_ACCOUNT.email]));
    await server.setClock(LIMITS.resendBooking.windowMs + 1000);
    try {
      customer = await signedInClient(server.origin, DEMO_ACCOUNT);
      expect((await resend(customer, t, [DEMO_ACCOUNT.email])).status).toBe(200);
    } finally {
      await server.setClock(0);
    }
  });

  it(`per customer: ${LIMITS.resendCustomer.max} an hour over all their bookings`, async () => {
    const targets = await customerTargets(customer);
    const perBooking = LIMITS.resendBooking.max;
    expect(targets.length * perBooking).toBeGreaterThan(LIMITS.resendCustomer.max);
    let sent = 0;
    for (const t of targets) {
      for (let i = 0; i < perBooking && sent < LIMITS.resendCustomer.max; i++, sent++) {
        expect((await resend(customer, t, [DEMO_ACCOUNT.email])).status).toBe(200);
      }
    }
    const fresh = targets[targets.length - 1];
    if (!fresh) throw new Error('no booking');
    expectThrottled(await resend(customer, fresh, [DEMO_ACCOUNT.email]));
  });

  it(`guests: ${LIMITS.resendClient.max} an hour from one client address over all guest links`, async () => {
    const guest = apiClient(server.origin);
    await guest.init();
    const links = server.seeded.guestLinks;
    const targets = await Promise.all(
      links.map((l) =>
        target(guest, l.bookingId, l.token)
          .then((t) => ({ t, email: l.email }))
          .catch(() => null),
      ),
    );
    const usable = targets.filter((x): x is { t: Target; email: string } => x !== null);
    expect(usable.length * LIMITS.resendBooking.max).toBeGreaterThan(LIMITS.resendClient.max);
    let sent = 0;
    for (const { t, email } of usable) {
      for (let i = 0; i < LIMITS.resendBooking.max && sent < LIMITS.resendClient.max; i++, sent++) {
        expect((await resend(guest, t, [email])).status).toBe(200);
      }
    }
    const last = usable[usable.length - 1];
    if (!last) throw new Error('no guest link');
    expectThrottled(await resend(guest, last.t, [last.email]));
    // The signed-in owner of an account is counted as a customer, not by the shared address.
    const [mine] = await customerTargets(customer);
    if (!mine) throw new Error('no booking');
    expect((await resend(customer, mine, [DEMO_ACCOUNT.email])).status).toBe(200);
  });
});

describe('refused resends (decision 567)', () => {
  it('a resend refused for a foreign recipient leaves the booking’s and the owner’s quota alone', async () => {
    const [t] = await customerTargets(customer);
    if (!t) throw new Error('no booking');
    // Strangers' addresses, tried more times than the booking's hourly quota.
    for (let i = 0; i < LIMITS.resendBooking.max + 2; i++) {
      expect((await resend(customer, t, [`stranger-${i}@evil.test`])).status).toBe(422);
    }
    // The owner still has the whole hour's quota for the booking.
    for (let i = 0; i < LIMITS.resendBooking.max; i++)
      expect((await resend(customer, t, [DEMO_ACCOUNT.email])).status).toBe(200);
    expectThrottled(await resend(customer, t, [DEMO_ACCOUNT.email]));
  });

  it(`refusals count against the asking client alone: ${LIMITS.resendRefusedClient.max} an hour, then 429`, async () => {
    const [t] = await customerTargets(customer);
    if (!t) throw new Error('no booking');
    for (let i = 0; i < LIMITS.resendRefusedClient.max; i++) {
      expect((await resend(customer, t, [`probe-${i}@evil.test`])).status).toBe(422);
    }
    expectThrottled(await resend(customer, t, ['probe-last@evil.test']));
    // A resend to the booking's own mailbox is still sent: refusals are not its quota.
    expect((await resend(customer, t, [DEMO_ACCOUNT.email])).status).toBe(200);
  });
});

describe('on-demand ticket generation', () => {
  it(`per booking: ${LIMITS.onDemandBooking.max} an hour, then 429 with Retry-After`, async () => {
    const targets = await customerTargets(customer);
    const t = targets.find((x) => x.deliveryMethod === 'mobile' || x.deliveryMethod === 'print-at-home');
    if (!t) throw new Error('no on-demand booking');
    const generate = () => customer.post(`${API}/booking/${t.bookingId}/generate-on-demand-ticket/${t.deliveryId}`);
    for (let i = 0; i < LIMITS.onDemandBooking.max; i++) expect((await generate()).status).toBe(200);
    expectThrottled(await generate());
  });
});
