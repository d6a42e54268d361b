import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANCE_BOOKING_KEY } from '#server/seed/passenger-assistance';
import { claimId } from '#server/seed/delay-repay.ts';
import { bookingIdOf, stableId } from '#server/seed/context';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/**
 * When the answer to a money-moving POST is lost after the server acted (decision 310): the request
 * reaches the server, which acts and answers, and the connection is then reset before the browser
 * reads the answer. The screen checks (the same request, the same Idempotency-Key), ends in the true
 * state, and the second send does not refund, claim or book twice.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  await world.server.reset();
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
const heading = (name: string) => w.page.getByRole('heading', { level: 1, name });

/**
 * The next `times` POSTs to `pattern` reach the server (Playwright sends them on), and the browser
 * then sees the connection reset instead of the answer. Returns what the server answered each time
 * and every POST's Idempotency-Key as the browser sent it.
 */
async function loseAnswers(page: Page, pattern: RegExp, times: number) {
  const answered: number[] = [];
  const keys: (string | null)[] = [];
  /** Per answer the browser did get: whether the server replayed its first answer (Idempotent-Replayed). */
  const replayed: (string | null)[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && pattern.test(new URL(request.url()).pathname))
      replayed.push(response.headers()['idempotent-replayed'] ?? null);
  });
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && pattern.test(new URL(request.url()).pathname))
      keys.push(request.headers()['idempotency-key'] ?? null);
  });
  let left = times;
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST' || left === 0) return route.fallback();
    left -= 1;
    const response = await route.fetch();
    answered.push(response.status());
    await route.abort('connectionreset');
  });
  return { answered, keys, replayed };
}

/** GET an API path with the page's own session. */
const api = async <T>(path: string): Promise<T> => {
  const res = await w.page.request.get(`${world.server.origin}/my-account/api${path}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
};

describe('an answer lost after the server acted', () => {
  it('refund: the refund page checks, then shows the refund the server made; it is made once', async () => {
    const bookingId = refundSeedBookingId(REFUND_SEED_KEYS.flexible);
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await heading('Cancel and refund').waitFor();
    await w.page.getByText('Total refund').waitFor();
    const lost = await loseAnswers(w.page, /\/api\/refund-quote\/[^/]+$/, 1);

    await w.page.getByRole('button', { name: 'Continue' }).click();
    await w.page.getByRole('heading', { name: 'Confirm your refund' }).waitFor();
    await w.page.getByRole('button', { name: 'Confirm refund' }).click();

    // The true state: the booking with its refund, never "Your refund didn't go through".
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}`));
    await w.page.getByText('Refund processing', { exact: true }).waitFor();
    expect(await w.page.getByText("Your refund didn't go through").count()).toBe(0);
    expect(lost.answered).toEqual([200]);
    // Two sends of one attempt: the same key, and one refund.
    expect(lost.keys).toHaveLength(2);
    expect(lost.keys[0]).toMatch(/^[0-9a-f]{32}\.1$/);
    expect(lost.keys[1]).toBe(lost.keys[0]);
    // What the screen shows is the server's first answer, replayed: not a second refund, nor a 409.
    expect(lost.replayed).toEqual(['true']);
    type Detail = { bookings: { id: string; refund?: { refunds: unknown[] } | null }[] };
    const detail = await api<Detail>(`/booking/${bookingId}`);
    expect(detail.bookings.find((b) => b.id === bookingId)?.refund?.refunds).toHaveLength(1);
    expect(w.errors).toEqual([]);
  });

  it('Delay Repay: when the check is lost too it says it could not confirm; "Check again" shows the claim sent, once', async () => {
    const id = claimId('demo-past-leeds-sheffield');
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url(`/bookings/claim/${id}`));
    await w.page.getByRole('heading', { name: 'You can claim Delay Repay' }).waitFor();
    await w.page.getByLabel('How many minutes late did you arrive?').fill('34');
    await w.page.getByRole('radio', { name: 'Rail travel voucher' }).check();
    const lost = await loseAnswers(w.page, /\/api\/claim\/[^/]+$/, 2);
    await w.page.getByRole('button', { name: 'Send claim' }).click();

    // Not "There was a problem with your claim": the outcome is unknown, and the screen says so.
    await w.page.getByText("We couldn't confirm whether your claim went through.", { exact: false }).waitFor();
    expect(await w.page.getByText('There was a problem with your claim').count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Send claim' }).isDisabled()).toBe(true);
    // Focus is on the way forward, not left on the page body.
    await expect
      .poll(() => w.page.getByRole('button', { name: 'Check again' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // The first send was accepted; the check was answered with that first answer again.
    expect(lost.answered).toEqual([200, 200]);

    await w.page.getByRole('button', { name: 'Check again' }).click();
    await w.page.getByText('Thank you, your claim has been sent').waitFor();
    await w.page.getByRole('heading', { name: 'Your claim has been sent' }).waitFor();
    expect(lost.keys).toHaveLength(3);
    expect(new Set(lost.keys).size).toBe(1);
    expect(lost.replayed).toEqual(['true']);
    const claim = await api<{ status: string; submitted: { paymentMethod: { type: string } } | null }>(`/claim/${id}`);
    expect(claim.status).toBe('submitted');
    expect(claim.submitted?.paymentMethod.type).toBe('rail-voucher');
    expect(w.errors).toEqual([]);
  });

  it('flexible insurance: the modal checks, then shows the claim and its reference; one claim', async () => {
    const key = 'demo-upcoming-euston-manchester';
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url(`/bookings/${bookingIdOf(key)}`));
    await w.page.getByRole('button', { name: 'Claim on your insurance' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Claim on your Essential flexible insurance' });
    await dialog.waitFor();
    const lost = await loseAnswers(w.page, /\/api\/flexible-insurance\/.+\/claim$/, 1);
    await dialog.getByRole('button', { name: 'Submit claim' }).click();

    await dialog.waitFor({ state: 'hidden' });
    await w.page.getByText('Your insurance claim has been submitted').waitFor();
    await w.page.getByText(/Claim made on .*, reference INS-/).waitFor();
    expect(await w.page.getByText("Sorry, we couldn't submit your claim").count()).toBe(0);
    expect(lost.answered).toEqual([200]);
    expect(lost.keys).toHaveLength(2);
    expect(lost.keys[1]).toBe(lost.keys[0]);
    expect(lost.replayed).toEqual(['true']);
    type Detail = { bookings: { insurance: { claim: { reference: string } | null }[] }[] };
    const claims = (await api<Detail>(`/booking/${bookingIdOf(key)}`)).bookings[0]?.insurance.filter(
      (i) => i.claim !== null,
    );
    expect(claims).toHaveLength(1);
    expect(w.errors).toEqual([]);
  });

  it('passenger assistance: a lost booking answer shows the booking; a lost cancellation, checked twice, shows it cancelled', async () => {
    const york = stableId('booking', `${ASSISTANCE_BOOKING_KEY}:0`);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/${york}/passenger-assistance/create`),
    );
    await heading('Request passenger assistance').waitFor();
    await w.page
      .getByRole('group', { name: 'Who needs assistance?' })
      .getByRole('radio', { name: 'Alex Morgan' })
      .check();
    await w.page
      .getByRole('group', { name: 'Which journey?' })
      .getByRole('radio', { name: /^Outward: London King's Cross to York/ })
      .check();
    await w.page
      .getByRole('group', { name: 'What help do you need?' })
      .getByRole('checkbox', { name: /^Guidance/ })
      .check();
    const booking = await loseAnswers(
      w.page,
      /\/api\/customer\/passenger-assistance\/orders\/[^/]+\/products\/[^/]+$/,
      1,
    );
    await w.page.getByRole('button', { name: 'Book assistance' }).click();

    await heading('Review passenger assistance').waitFor();
    await w.page.getByText('Your assistance is booked. Staff will be ready to help at the station.').first().waitFor();
    expect(booking.answered).toEqual([201]);
    expect(booking.keys).toHaveLength(2);
    expect(booking.keys[1]).toBe(booking.keys[0]);
    expect(booking.replayed).toEqual(['true']);
    type Items = { passengerAssistances: { id: string; status: string; direction: string; passengerId: string }[] };
    const path = `/customer/passenger-assistance/orders/${stableId('order', ASSISTANCE_BOOKING_KEY)}/products/${york}`;
    const booked = (await api<Items>(path)).passengerAssistances.filter((a) => a.status === 'booked');
    // Jamie's seeded wheelchair and Alex's one new booking: not two.
    expect(booked).toHaveLength(2);

    await w.page.getByRole('link', { name: 'Cancel this assistance' }).click();
    await heading('Cancel passenger assistance').waitFor();
    const cancel = await loseAnswers(w.page, /\/cancel$/, 2);
    await w.page.getByRole('button', { name: 'Cancel assistance' }).click();
    // Unknown is never "nothing has been cancelled".
    await w.page.getByText("We couldn't confirm whether your assistance was cancelled.", { exact: false }).waitFor();
    expect(await w.page.getByText("We couldn't cancel this assistance").count()).toBe(0);
    await expect
      .poll(() => w.page.getByRole('button', { name: 'Check again' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('button', { name: 'Check again' }).click();
    await heading('Passenger assistance').waitFor();
    await w.page.getByText('The assistance has been cancelled.').first().waitFor();
    expect(cancel.answered).toEqual([200, 200]);
    expect(new Set(cancel.keys).size).toBe(1);
    expect(cancel.replayed).toEqual(['true']);
    expect(w.errors).toEqual([]);
  });
});
