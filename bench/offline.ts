/**
 * Bench (decision 250): what the service worker costs the first route, and how fast a
 * booking list opens with no connection.
 *   - sw.js (gzip) and what it precaches for one locale, which the browser fetches after the page
 *     has loaded, from the worker, not as page JS;
 *   - the JS the page itself loads for /my-account/bookings/upcoming on a cold load, with the worker
 *     blocked and allowed: the same files, sw.js never among them; the registration's bytes in the
 *     boot file;
 *   - signed in, upcoming bookings seen once: reload offline, time to the first booking card.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { signIn } from '#test/e2e/browser.ts';
import { swManifest } from '#scripts/service-worker.ts';
import { median } from '#bench/median.ts';
import { pageJs } from '#bench/page-js.ts';

const gzBytes = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export async function benchOffline(browser: Browser, origin: string, dist: string, runs: number): Promise<void> {
  const manifest = await swManifest(dist);
  const precached = [...manifest.shared, ...manifest.localeFiles.map((f) => `${manifest.dirs['']}${f}`)];
  const precachedBytes = precached.reduce((n, f) => n + gzBytes(readFileSync(join(dist, f))), 0);
  console.log(
    `service worker: sw.js ${kb(gzBytes(readFileSync(join(dist, 'sw.js'))))} gzip; precaches ${precached.length} files, ` +
      `${kb(precachedBytes)} gzip for one locale (en-GB), after the page has loaded`,
  );
  const boot = readdirSync(join(dist, 'assets')).find((f) => /^boot-.*\.js$/.test(f)) ?? '';
  const bootText = readFileSync(join(dist, 'assets', boot), 'utf8');
  const withoutRegistration = bootText.replace(/const s=.*$/, '');
  console.log(
    `service worker registration in the boot file: +${gzBytes(bootText) - gzBytes(withoutRegistration)} bytes gzip`,
  );

  const signing = await browser.newContext();
  const page = await signing.newPage();
  await signIn(page, origin, 'demo@example.com', 'RailDemo!2026');
  const storageState = await signing.storageState();
  await signing.close();
  const upcoming = (serviceWorkers: 'allow' | 'block') =>
    pageJs(browser, {
      url: `${origin}/my-account/bookings/upcoming`,
      dist,
      ready: (p) => p.locator('article').first().waitFor({ state: 'visible', timeout: 30_000 }),
      context: { serviceWorkers, storageState },
    });
  const blocked = await upcoming('block');
  const allowed = await upcoming('allow');
  const same = blocked.files.join() === allowed.files.join() && !allowed.files.includes('sw.js');
  console.log(
    `bookings/upcoming page JS, cold: ${kb(blocked.bytes)} in ${blocked.files.length} files without the service worker, ` +
      `${kb(allowed.bytes)} in ${allowed.files.length} with it (${same ? 'the same files; sw.js is not page JS' : 'DIFFERENT files'})`,
  );

  // Offline: the list the customer last saw, from what the worker kept.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'allow',
    storageState,
  });
  try {
    const p = await context.newPage();
    await p.goto(`${origin}/my-account/bookings/upcoming`);
    await p.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await p.reload();
    await p.locator('article').first().waitFor({ state: 'visible', timeout: 30_000 });
    await context.setOffline(true);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = Date.now();
      await p.reload();
      await p.locator('article').first().waitFor({ state: 'visible', timeout: 30_000 });
      times.push(Date.now() - start);
    }
    await p.getByText(/^Offline: last updated/).waitFor({ timeout: 5_000 });
    console.log(
      `offline reload to the first booking card: median ${median(times)} ms over ${runs} runs (min ${Math.min(...times)}, max ${Math.max(...times)})`,
    );
  } finally {
    await context.close();
  }
}
