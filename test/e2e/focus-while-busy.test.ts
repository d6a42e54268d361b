import type { Page, Route } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, signIn, signInContext, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';

/**
 * WCAG 2.4.3 on the busy and failing paths (decision 580): from the press of a control until its
 * outcome is on screen, with the answer slowed or failed, the page reads `document.activeElement`
 * every few milliseconds (a 2 ms timer and every frame) and the focus is never on <body>. Kept
 * small: one page per case, answers slowed by the browser (page.route), not by the server.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };
const slow = 900;

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
  await w.context.addInitScript(sampleFocus);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
const refundBooking = (key: keyof typeof REFUND_SEED_KEYS) => refundSeedBookingId(REFUND_SEED_KEYS[key]);

/** Runs in the page before its scripts: while on, notes every sample that finds the focus on <body>. */
function sampleFocus() {
  const log = { on: false, samples: 0, onBody: [] as string[], last: 'none' };
  (window as unknown as { __focus: typeof log }).__focus = log;
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  const sample = () => {
    if (!log.on) return;
    log.samples += 1;
    const active = document.activeElement;
    if (!active || active === document.body) {
      if (log.onBody.at(-1) !== log.last) log.onBody.push(log.last);
    } else log.last = `after ${describe(active)}`;
  };
  setInterval(sample, 2);
  const frame = () => {
    sample();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

type FocusLog = { on: boolean; samples: number; onBody: string[] };
const startSampling = (page: Page) =>
  page.evaluate(() =>
    Object.assign((window as unknown as { __focus: FocusLog }).__focus, { on: true, samples: 0, onBody: [] }),
  );
/** Stops sampling; the focus was sampled often, and never found on <body>. */
const expectNeverOnBody = async (page: Page, what: string) => {
  const log = await page.evaluate(() =>
    Object.assign((window as unknown as { __focus: FocusLog }).__focus, { on: false }),
  );
  expect(log.samples, `${what}: focus sampled`).toBeGreaterThan(20);
  expect(log.onBody, `${what}: focus on <body>`).toEqual([]);
};
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Holds each matching call `ms` before it goes on (or is answered by `answer`). */
const slowDown = (page: Page, pattern: string, method: string, ms: number, answer?: (route: Route) => Promise<void>) =>
  page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await new Promise((r) => setTimeout(r, ms));
    return answer ? answer(route) : route.fallback();
  });

/** A press by keyboard, as a keyboard or screen-reader user makes it. */
const press = async (page: Page, name: string) => {
  await page.getByRole('button', { name, exact: true }).focus();
  await startSampling(page);
  await page.keyboard.press('Enter');
};

describe('the focus while busy and after a failure', () => {
  it('Load more bookings that fails: the same button says Try again, and the retry moves on to the new cards', async () => {
    const page = w.page;
    await signIn(page, world.server.origin, demo.email, demo.password, '', url('/bookings/past'));
    await page.getByRole('button', { name: 'Load more bookings' }).waitFor();
    await slowDown(page, '**/my-account/api/bookings/past*', 'GET', slow, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"code":"INTERNAL_ERROR"}]}' }),
    );
    await press(page, 'Load more bookings');
    await page.getByRole('alert').getByText('Unable to fetch bookings').waitFor();
    await expectNeverOnBody(page, 'Load more failing');
    expect(await activeText(page)).toBe('Try again');

    await page.unrouteAll();
    await slowDown(page, '**/my-account/api/bookings/past*', 'GET', slow);
    const cards = page.getByRole('article');
    const before = await cards.count();
    await startSampling(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    await expect
      .poll(() =>
        page.evaluate((n) => document.activeElement === document.querySelectorAll('main li:has(> article)')[n], before),
      )
      .toBe(true);
    await expectNeverOnBody(page, 'Try again');
    expect(w.errors).toEqual([]);
  });

  it('Cancel and refund while the refund is checked, then Confirm refund while it is sent', async () => {
    const page = w.page;
    const bookingId = refundBooking('flexible');
    await signIn(page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
    await page.getByRole('button', { name: 'Cancel and refund' }).waitFor();
    await slowDown(page, '**/my-account/api/refund-quote/**', 'GET', slow);
    await press(page, 'Cancel and refund');
    await page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}/refund`));
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await expectNeverOnBody(page, 'Cancel and refund');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm refund' }).waitFor();
    await slowDown(page, '**/my-account/api/refund-quote/*', 'POST', slow);
    await press(page, 'Confirm refund');
    await page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}`));
    await page.getByText('Refund processing', { exact: true }).waitFor();
    await expectNeverOnBody(page, 'Confirm refund');
    expect(w.errors).toEqual([]);
  });

  it('Use this card and refund, declined again and then accepted', async () => {
    const page = w.page;
    const bookingId = refundBooking('declinedCard');
    await signIn(page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText('Your card was declined').waitFor();
    const fill = async (number: string) => {
      await page.getByLabel('Card number').fill(number);
      await page.getByLabel('Expiry date').fill('12/30');
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByLabel('Name on card').fill('Robin Hughes');
    };
    await slowDown(page, '**/my-account/api/refund-quote/*', 'POST', slow);
    await fill('4000 0000 0000 0002');
    await press(page, 'Use this card and refund');
    await page.getByRole('button', { name: 'Use this card and refund' }).waitFor();
    // The new card's decline is tied to the card number, in the error summary, which takes the focus.
    await page.getByRole('link', { name: /^Card number: We couldn't refund your Visa card ending 0002/ }).waitFor();
    await expectNeverOnBody(page, 'a card declined again');

    await fill('4242 4242 4242 4242');
    await press(page, 'Use this card and refund');
    await page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}`));
    await page.getByText('Refund processing', { exact: true }).waitFor();
    await expectNeverOnBody(page, 'a card accepted');
    expect(w.errors).toEqual([]);
  });

  it('Add to my account: the button keeps the focus until the bookings open', async () => {
    const page = w.page;
    await signInContext(page, world.server.origin, demo.email, demo.password);
    const res = await fetch(url('/api/booking/token?token=demo-guest-token-3'));
    const bookingId = ((await res.json()) as { bookings: { booking: { id: string } }[] }).bookings[0]?.booking.id ?? '';
    await page.goto(url(`/order-token/${bookingId}#token=demo-guest-token-3`));
    await page.getByRole('button', { name: 'Add to my account' }).waitFor();
    await slowDown(page, '**/my-account/api/order/associate-guest-orders', 'POST', slow);
    await press(page, 'Add to my account');
    await page.waitForURL(/\/bookings\/upcoming\?bookingsImported=true$/);
    await page.getByText('Your guest bookings are now in your account.').waitFor();
    await expectNeverOnBody(page, 'Add to my account');
    expect(w.errors).toEqual([]);
  });
});
