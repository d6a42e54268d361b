/**
 * Bench case: Lighthouse mobile performance (its default config: a mid-range phone on
 * slow 4G, simulated throttling) for sign-in, upcoming bookings, a booking detail and the account
 * overview, against the
 * local server in Debian's Chromium. Prints the score and the metrics the issue names (FCP, LCP,
 * TBT, CLS) for each page, median over BENCH_LH_RUNS runs (default 5: single runs on this 2-core
 * machine spread by 10 points or more).
 *
 * Signed in: the session cookie goes into the audited browser's cookie jar (Lighthouse's default
 * storage reset clears caches and service workers, not cookies). The first idea, the
 * cookie as an extra header, reaches the document but not the page's own fetch calls, so
 * `/api/user` answered as signed out and the "signed-in" pages were the sign-in screen: until this
 * check, the upcoming and detail figures were the login page's. Each run now fails unless
 * Lighthouse ended on the address it was given.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath, signIn } from '#test/e2e/browser.ts';
import { median } from '#bench/median.ts';
import { toolsRequire } from '#scripts/tools.mjs';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
/** Lighthouse mobile's performance score every audited screen keeps (README, "Performance"). */
const SCORE_BAR = 98;
/** Only the pages whose name contains this (e.g. `detail`), when set. */
const ONLY = process.env.BENCH_LH_PAGES;
/** A folder to keep each run's Lighthouse report in (its JSON: the LCP element, long tasks, requests), when set. */
const KEEP = process.env.BENCH_LH_JSON;

/** The part of Lighthouse's API this bench uses (it lives in tools/, decision 135, so its own types are not installed with the project's). */
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<
  | {
      lhr: {
        finalDisplayedUrl: string;
        audits: Record<string, { numericValue?: number } | undefined>;
        categories: Record<string, { score: number | null } | undefined>;
      };
    }
  | undefined
>;

/** Lighthouse from tools/ (`npm run bench` installs it there first: scripts/tools.mjs). */
const loadLighthouse = async (): Promise<Lighthouse> => {
  const module = (await import(pathToFileURL(toolsRequire.resolve('lighthouse')).href)) as { default: Lighthouse };
  return module.default;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

export async function benchLighthouse(browser: Browser, origin: string): Promise<void> {
  // The demo session, and the first upcoming booking's detail address, from a signed-in page.
  const signing = await browser.newContext();
  const page = await signing.newPage();
  await signIn(page, origin, 'demo@example.com', 'RailDemo!2026');
  await page.goto(`${origin}/my-account/bookings/upcoming`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  // The first booking card's link: a booking id, not one of the list's tabs.
  const detail = await page.evaluate(() =>
    [...document.querySelectorAll('main a[href]')]
      .map((a) => a.getAttribute('href') ?? '')
      .find((href) => /^\/my-account\/bookings\/(?!upcoming$|past$|season|guest)[^/?#]+$/.test(href)),
  );
  if (!detail) throw new Error("no booking on the demo account's upcoming list");
  const cookies = await signing.cookies();
  await signing.close();

  const lighthouse = await loadLighthouse();
  const port = await freePort();
  // A persistent context is the browser's default one, where Lighthouse opens its page.
  const lhBrowser = await chromium.launchPersistentContext('', {
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  try {
    const pages: [string, string, boolean][] = [
      ['login', '/my-account/login', false],
      ['upcoming bookings', '/my-account/bookings/upcoming', true],
      ['booking detail', detail, true],
      // Its tiles arrive after the page: their space is reserved (without it, CLS measured 0.167).
      ['account overview', '/my-account/account-overview', true],
    ];
    if (KEEP) mkdirSync(KEEP, { recursive: true });
    for (const [name, path, signedIn] of pages) {
      if (ONLY && !name.includes(ONLY)) continue;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (signedIn) await lhBrowser.addCookies(cookies);
        else await lhBrowser.clearCookies();
        const result = await lighthouse(`${origin}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no result for ${path}`);
        const ended = new URL(lhr.finalDisplayedUrl).pathname;
        if (ended !== path) throw new Error(`lighthouse measured ${ended}, not ${path}: the page redirected`);
        if (KEEP) writeFileSync(join(KEEP, `${name.replaceAll(' ', '-')}-${i + 1}.json`), JSON.stringify(lhr));
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
        });
      }
      const m = (k: keyof Run) => median(runs.map((r) => r[k]));
      // The product's bar is 98 or more on every screen audited; a median under it is said as such.
      const under = m('score') < SCORE_BAR ? ' UNDER THE BAR' : '';
      console.log(
        `lighthouse mobile ${name}: performance ${m('score')}${under} (runs ${runs.map((r) => r.score).join(', ')}), ` +
          `FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbt'))} ms, CLS ${m('cls').toFixed(3)} (bar ${SCORE_BAR}, CLS 0)`,
      );
    }
  } finally {
    await lhBrowser.close();
  }
}
