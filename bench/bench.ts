/**
 * `npm run bench`: size and speed of the bookings screen, measured in Debian Chromium against the
 * local server (never by a timed unit test).
 *   - gzip size of the JS and CSS the browser loads for /my-account/bookings/upcoming
 *   - gzip size of all JS in the bundle
 *   - time from navigation start to the bookings heading, median of several runs (signed in)
 *   - cold loads, the service worker's cost and offline reloads, the bookings list under load, and
 *     Lighthouse mobile for three pages (bench/*.ts)
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { startTestServer } from '#test/helpers/server.ts';
import { launchBrowser, signIn } from '#test/e2e/browser.ts';
import { measureLocaleJs } from './locale-js.ts';
import { benchColdLoads } from '#bench/cold-loads.ts';
import { benchBookingsListLoad } from '#bench/bookings-list-load.ts';
import { benchLoginJs } from '#bench/login-js.ts';
import { benchLighthouse } from '#bench/lighthouse.ts';
import { median } from '#bench/median.ts';
import { benchOffline } from '#bench/offline.ts';

const root = resolve(import.meta.dirname, '..');
/** `BENCH_DIST=<folder>`: a build made already, measured as it is (never rebuilt). */
const dist = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(root, 'dist');
const runs = Number(process.env.BENCH_RUNS ?? 7);
const headingName = process.env.BENCH_HEADING ?? /upcoming|bookings|journeys|trips/i;
/** `BENCH_ONLY=navigation`: only the first route's bytes and the navigation times, not the cold loads, offline, load or Lighthouse parts. */
const navigationOnly = process.env.BENCH_ONLY === 'navigation';
/** `BENCH_ONLY=lighthouse`: only Lighthouse mobile on its pages (bench/lighthouse.ts, its BENCH_LH_* settings). */
const lighthouseOnly = process.env.BENCH_ONLY === 'lighthouse';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const br = (file: string) =>
  brotliCompressSync(readFileSync(file), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

if (!process.env.BENCH_DIST && (!existsSync(join(dist, 'index.html')) || process.env.BENCH_BUILD !== '0')) {
  execSync('npx vite build', { cwd: root, stdio: 'ignore' });
}

const server = await startTestServer({ distDir: dist });
const browser = await launchBrowser();
try {
  if (lighthouseOnly) await benchLighthouse(browser, server.origin);
  else await benchAll();
} finally {
  await browser.close();
  await server.close();
}

async function benchAll(): Promise<void> {
  // The network path, as before the service worker (decision 250); bench/offline.ts measures with it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, server.origin, 'demo@example.com', 'RailDemo!2026');

  const loaded = new Set<string>();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/my-account/assets/')) loaded.add(u.pathname.replace('/my-account/assets/', ''));
  });

  const times: number[] = [];
  const firstBooking: number[] = [];
  for (let i = 0; i < runs; i++) {
    const fresh = await context.newPage();
    fresh.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/my-account/assets/')) loaded.add(u.pathname.replace('/my-account/assets/', ''));
    });
    const start = Date.now();
    await fresh.goto(`${server.origin}/my-account/bookings/upcoming`);
    await fresh.getByRole('heading', { level: 1, name: headingName }).waitFor({ state: 'visible', timeout: 30_000 });
    times.push(Date.now() - start);
    // The first booking card on screen (target: median under 500 ms).
    await fresh.locator('article').first().waitFor({ state: 'visible', timeout: 30_000 });
    firstBooking.push(Date.now() - start);
    await fresh.close();
  }

  const files = [...loaded];
  const js = files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(join(dist, 'assets', f)), 0);
  const jsBrotli = files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + br(join(dist, 'assets', f)), 0);
  const css = files.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(join(dist, 'assets', f)), 0);
  // One locale's whole bundle: the shared chunks in assets/ and the en-GB folder (decision 240).
  const assetsDir = join(dist, 'assets');
  const enGbDir = readdirSync(assetsDir).find((f) => f.startsWith('en-GB-')) ?? '';
  const jsIn = (dir: string) =>
    readdirSync(join(assetsDir, dir))
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(assetsDir, dir, f));
  const allJs = [...jsIn(''), ...(enGbDir ? jsIn(enGbDir) : [])].reduce((n, f) => n + gz(f), 0);
  console.log(
    `bookings/upcoming JS loaded (gzip): ${kb(js)} in ${files.filter((f) => f.endsWith('.js')).length} files`,
  );
  console.log(`bookings/upcoming JS loaded (brotli): ${kb(jsBrotli)}`);
  console.log(
    `bookings/upcoming CSS loaded (gzip): ${kb(css)} in ${files.filter((f) => f.endsWith('.css')).length} files`,
  );
  console.log(`total JS in bundle for one locale (en-GB, gzip): ${kb(allJs)}`);
  if (!navigationOnly) {
    await measureLocaleJs(browser, server.origin, dist);
    await benchLoginJs(browser, server.origin, dist);
  }
  console.log(
    `navigation to bookings heading: median ${median(times)} ms over ${runs} runs (min ${Math.min(...times)}, max ${Math.max(...times)})`,
  );
  console.log(
    `navigation to the first booking visible (signed in, warm cache): median ${median(firstBooking)} ms over ${runs} runs ` +
      `(min ${Math.min(...firstBooking)}, max ${Math.max(...firstBooking)}; target under 500 ms)`,
  );
  if (!navigationOnly) {
    await benchColdLoads(browser, server.origin, dist);
    await benchOffline(browser, server.origin, dist, runs);
    await benchBookingsListLoad(dist);
    await benchLighthouse(browser, server.origin);
  }
}
if (!navigationOnly && !lighthouseOnly) (await import('./plans.ts')).benchPlans();
