/**
 * Bench case: cold loads of /my-account/bookings/upcoming, each in a fresh browser
 * context (empty cache, signed-in session cookie copied in), timed from navigation start to the
 * first booking card visible. Also prints the first route's JS and CSS as bytes on the wire (what
 * the server sent, compressed or not) beside gzip -9 of the same files on disk, and its request
 * count, so later branches can compare the first route's JS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { signIn } from '#test/e2e/browser.ts';
import { median } from '#bench/median.ts';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const ROUTE = '/my-account/bookings/upcoming';
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export async function benchColdLoads(browser: Browser, origin: string, dist: string): Promise<void> {
  const signing = await browser.newContext();
  await signIn(await signing.newPage(), origin, 'demo@example.com', 'RailDemo!2026');
  const storageState = await signing.storageState();
  await signing.close();

  const times: number[] = [];
  let assets: { file: string; wire: number }[] = [];
  let requests = 0;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({
      storageState,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const seen: Promise<{ file: string; wire: number }>[] = [];
    let count = 0;
    page.on('requestfinished', (request) => {
      count++;
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/my-account/assets/')) return;
      seen.push(
        request.sizes().then((s) => ({
          file: path.replace('/my-account/assets/', ''),
          wire: s.responseBodySize + s.responseHeadersSize,
        })),
      );
    });
    const start = Date.now();
    await page.goto(origin + ROUTE);
    await page.locator('article').first().waitFor({ state: 'visible', timeout: 30_000 });
    times.push(Date.now() - start);
    await page.waitForLoadState('networkidle');
    assets = await Promise.all(seen);
    requests = count;
    await context.close();
  }

  for (const ext of ['.js', '.css']) {
    const files = assets.filter((a) => a.file.endsWith(ext));
    const wire = files.reduce((n, a) => n + a.wire, 0);
    const disk = files.reduce(
      (n, a) => n + gzipSync(readFileSync(join(dist, 'assets', a.file)), { level: 9 }).length,
      0,
    );
    const small = files.filter((a) => a.wire < 1024).length;
    console.log(
      `first route ${ext.slice(1).toUpperCase()} (${ROUTE}, cold): ${kib(wire)} on the wire, ${kib(disk)} gzip -9 on disk, ${files.length} files (${small} under 1 KiB on the wire)`,
    );
  }
  console.log(`first route requests (cold, all): ${requests}`);
  console.log(
    `cold load to first booking visible: median ${median(times)} ms over ${RUNS} fresh contexts (min ${Math.min(...times)}, max ${Math.max(...times)})`,
  );
}
