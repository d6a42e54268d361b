import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, seriousAxeViolations, signIn } from './browser';
import { useE2eWorld } from './world';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { signedInClient } from '#test/helpers/server.ts';

/**
 * Tickets and bookings with no signal (decision 250): the service worker keeps the app
 * shell, the upcoming bookings and each booking opened, for reading offline; never after sign-out.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const EUSTON_MANCHESTER_KEY = 'demo-upcoming-euston-manchester';
const EUSTON_MANCHESTER = stableId('booking', `${EUSTON_MANCHESTER_KEY}:0`); // mobile, on-demand ticket, TripCover insurance

const world = useE2eWorld();

const url = (path: string) => `${world.server.origin}/my-account${path}`;

/** The page's worker has taken control (it claims open pages once it is active). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });

/** Every API answer the worker kept on this device, as text. */
const keptAnswers = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('my-account-offline-data'))) return [];
    const cache = await caches.open('my-account-offline-data');
    const keys = await cache.keys();
    return Promise.all(keys.map(async (k) => `${new URL(k.url).pathname} ${await (await cache.match(k))?.text()}`));
  });

describe('offline', () => {
  it('reads the last seen bookings, journey and ticket offline, with actions disabled; nothing after sign-out', async () => {
    const w = await openPage(world.browser, 375, 'allow');
    const { page, context } = w;
    await signIn(page, world.server.origin, demo.email, demo.password);
    await controlled(page);

    // Online: the upcoming list, then one booking, whose mobile ticket is issued now.
    await page.goto(url('/bookings/upcoming'));
    await page
      .getByRole('heading', { name: 'Upcoming bookings' })
      .or(page.getByRole('heading', { name: 'Your bookings' }))
      .first()
      .waitFor();
    const card = page.locator(`a[href$="/bookings/${EUSTON_MANCHESTER}"]`);
    await card.waitFor();
    const journey = (await card.innerText()).split('\n')[0] ?? '';
    await card.click();
    await page.getByRole('button', { name: 'Get ticket now' }).click();
    // The issued ticket's Aztec code (decision 350), drawn from the data the booking carries.
    const code = page.getByRole('img', { name: /^Ticket code \(Aztec\) for ticket TKT-/ });
    await code.waitFor({ timeout: 15_000 });
    const barcode = (await code.getAttribute('src')) ?? '';
    expect(barcode).toMatch(/^data:image\/svg\+xml/);
    const title = await page.getByRole('heading', { level: 1 }).innerText();

    // What is kept is the minimum to travel: no email address, no card, no Delay Repay claim.
    const kept = await keptAnswers(page);
    expect(kept.some((k) => k.includes(`/api/booking/${EUSTON_MANCHESTER}`))).toBe(true);
    expect(kept.some((k) => k.includes('/api/bookings/upcoming'))).toBe(true);
    for (const k of kept) {
      expect(k).not.toMatch(/@/);
      expect(k).not.toMatch(/"(email|cardNumber|last4|card|delayRepay)":\s*["{]/);
    }

    // Offline: the same journey after a reload, with the banner, and actions disabled with a reason.
    await context.setOffline(true);
    const answered = page.waitForResponse((r) => r.url().includes(`/api/booking/${EUSTON_MANCHESTER}`));
    await page.reload();
    // Read from what the worker kept, not from the world.server.
    const answer = await answered;
    expect(answer.fromServiceWorker()).toBe(true);
    expect(answer.headers()['x-offline-saved-at']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(/^Offline: last updated /).waitFor();
    // The same code, from the kept booking.
    await code.waitFor();
    expect(await code.getAttribute('src')).toBe(barcode);
    const resend = page.getByRole('button', { name: 'Resend booking email' });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText("You're offline. This needs a connection.").first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The list too, reached from the account's navigation.
    await page.goto(url('/bookings/upcoming'));
    await page.locator(`a[href$="/bookings/${EUSTON_MANCHESTER}"]`).waitFor();
    expect((await page.locator(`a[href$="/bookings/${EUSTON_MANCHESTER}"]`).innerText()).split('\n')[0]).toBe(journey);
    await page.getByText(/^Offline: last updated /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Online again, the trip is paid for by its insurance: the booking read
    // online is kept with what its lifecycle is read from, so offline it shows no ticket and says why.
    await context.setOffline(false);
    const api = await signedInClient(world.server.origin, demo);
    const insurance = `/my-account/api/flexible-insurance/${stableId('order', EUSTON_MANCHESTER_KEY)}/${insuranceProductId(EUSTON_MANCHESTER_KEY)}`;
    const eligible = await api.post<{ claimId: string; isClaimable: boolean }>(`${insurance}/eligibility`);
    expect(eligible.body.isClaimable).toBe(true);
    expect((await api.post(`${insurance}/${eligible.body.claimId}/claim`)).status).toBe(200);
    await page.goto(url(`/bookings/${EUSTON_MANCHESTER}`));
    await page.getByText(/^Insurance claimed on .*: tickets cancelled$/).waitFor();
    expect(await code.count()).toBe(0);
    await context.setOffline(true);
    const keptAnswer = page.waitForResponse((r) => r.url().includes(`/api/booking/${EUSTON_MANCHESTER}`));
    await page.reload();
    expect((await keptAnswer).fromServiceWorker()).toBe(true);
    await page.getByText(/^Offline: last updated /).waitFor();
    await page.getByText(/^Insurance claimed on .*: tickets cancelled$/).waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await code.count()).toBe(0);
    expect(await page.getByText(/^TKT-/).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A booking never opened on this device: not kept for offline use, which is what the page says.
    await page.goto(url(`/bookings/${bookingIdOf('demo-past-leeds-sheffield')}`));
    await page
      .getByText("This booking wasn't saved on this device for offline use. Connect to the internet to open it.")
      .waitFor();
    expect(await page.getByText('check that the whole link was used', { exact: false }).count()).toBe(0);

    // Back online, sign out: nothing of the account is left to read offline.
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    expect(await keptAnswers(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto(url(`/bookings/${EUSTON_MANCHESTER}`)).catch(() => undefined);
    await page.getByText("You're offline. Connect to the internet to load your account.").waitFor();
    expect(await page.getByRole('heading', { level: 1, name: title }).count()).toBe(0);
    await context.close();
  });
});
