import { describe, expect, it } from 'vitest';
import { openPage, signIn } from './browser';
import { useE2eWorld } from './world';

/**
 * The account overview's summary (name, email, the count tiles) arrives after the page: its place
 * is kept while it loads, so nothing moves when it comes (without the kept place, Lighthouse
 * mobile measured CLS 0.167). Measured at 375 px with Chromium's layout-shift entries, the summary answer held back so
 * it surely arrives after the first paint.
 */
const world = useE2eWorld();

describe('account overview', () => {
  it('does not shift when its summary arrives (cumulative layout shift 0 at 375 px)', async () => {
    const w = await openPage(world.browser, 375);
    await signIn(w.page, world.server.origin, 'demo@example.com', 'RailDemo!2026');
    await w.page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let held = 0;
    await w.page.route('**/my-account/api/customer/account-summary*', async (route) => {
      held += 1;
      await new Promise((r) => setTimeout(r, 1200));
      await route.fallback();
    });
    await w.page.goto(`${world.server.origin}/my-account/account-overview`);
    await w.page
      .getByRole('link', { name: /upcoming booking/i })
      .first()
      .waitFor();
    await w.page.waitForTimeout(300);
    expect(held, 'the summary was asked for (and held back)').toBeGreaterThan(0);
    const shifts = await w.page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    const cls = shifts.reduce((a, b) => a + b, 0);
    console.info(`account overview CLS at 375 px: ${cls.toFixed(3)} (${shifts.length} shifts)`);
    expect(cls).toBeLessThan(0.01);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });
});
