import { describe, expect, it } from 'vitest';
import { stableId } from '#server/seed/context';
import { openPage, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/** The shell's Content-Security-Policy (decision 156) blocks nothing the app itself needs. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const bookingId = stableId('booking', 'demo-upcoming-kingscross-york:0');

const world = useE2eWorld();
let w: PageWatch;

/** Violations the page reported (securitypolicyviolation events), collected from the first script on. */
const violations = () => w.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

describe('Content-Security-Policy', () => {
  it('reports no violation on login, upcoming bookings, a booking, personal details and find booking', async () => {
    w = await openPage(world.browser);
    await w.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const csp: string[] = [];
    w.page.on('response', (res) => {
      if (res.request().resourceType() === 'document') csp.push(res.headers()['content-security-policy'] ?? '');
    });

    await w.page.goto(`${world.server.origin}/my-account/login`);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await violations()).toEqual([]);
    await signIn(w.page, world.server.origin, demo.email, demo.password);

    const screens: [string, RegExp][] = [
      ['bookings/upcoming', /My bookings/],
      [`bookings/${bookingId}`, /London King's Cross to York/],
      ['personal-details', /personal details/i],
    ];
    for (const [path, name] of screens) {
      await w.page.goto(`${world.server.origin}/my-account/${path}`);
      await w.page.getByRole('heading', { level: 1, name }).first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
    // Find booking is for guests: sign out first.
    await w.context.clearCookies();
    await w.page.goto(`${world.server.origin}/my-account/find-booking`);
    await w.page.getByRole('heading', { level: 1, name: 'Find a booking' }).waitFor();
    expect(await violations(), 'find-booking').toEqual([]);

    expect(csp.length).toBeGreaterThanOrEqual(5);
    for (const header of csp) expect(header).toContain("script-src 'self'");
    // Console errors (Chromium also logs CSP refusals there) fail the test through the e2e setup file.
  });
});
