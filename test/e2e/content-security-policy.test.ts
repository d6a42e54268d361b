import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { stableId } from '#server/seed/context';
import { openPage, signIn, type PageWatch } from './browser';
import { closeContexts, e2eWorld } from './world';
import type { TestServer } from '../helpers/server';

/** Issue 8: the shell's Content-Security-Policy (decision 155) blocks nothing the app itself needs. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const bookingId = stableId('booking', 'demo-upcoming-kingscross-york:0');

let server: TestServer;
let browser: Browser;
let w: PageWatch;

beforeAll(async () => {
  ({ server, browser } = await e2eWorld());
});
afterAll(async () => {
  await closeContexts(browser);
});

/** Violations the page reported (securitypolicyviolation events), collected from the first script on. */
const violations = () => w.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

describe('Content-Security-Policy', () => {
  it('reports no violation on login, upcoming bookings, a booking, personal details and find booking', async () => {
    w = await openPage(browser);
    await w.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const csp: string[] = [];
    w.page.on('response', (res) => {
      if (res.request().resourceType() === 'document') csp.push(res.headers()['content-security-policy'] ?? '');
    });

    await w.page.goto(`${server.origin}/my-account/login`);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await violations()).toEqual([]);
    await signIn(w.page, server.origin, demo.email, demo.password);

    const screens: [string, RegExp][] = [
      ['bookings/upcoming', /My bookings/],
      [`bookings/${bookingId}`, /London King's Cross to York/],
      ['personal-details', /personal details/i],
    ];
    for (const [path, name] of screens) {
      await w.page.goto(`${server.origin}/my-account/${path}`);
      await w.page.getByRole('heading', { level: 1, name }).first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
    // Find booking is for guests: sign out first.
    await w.context.clearCookies();
    await w.page.goto(`${server.origin}/my-account/find-booking`);
    await w.page.getByRole('heading', { level: 1, name: 'Find a booking' }).waitFor();
    expect(await violations(), 'find-booking').toEqual([]);

    expect(csp.length).toBeGreaterThanOrEqual(5);
    for (const header of csp) expect(header).toContain("script-src 'self'");
    // Console errors (Chromium also logs CSP refusals there) fail the test through the e2e setup file.
  });
});
