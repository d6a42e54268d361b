/**
 * `npm run bench:detail -- <distA> <distB>`: two builds of the booking detail compared in the same
 * minutes, run by run interleaved (A, B, A, B…), so a machine shared with other work loads both
 * alike. Each build gets its own local server on a fresh demo database.
 *
 * Two measures per build:
 *   - Lighthouse mobile (bench/lighthouse.ts's settings): score, LCP, TBT, CLS, median over
 *     BENCH_LH_RUNS runs (default 5; 0 skips it). Time-based: noisy when the machine is loaded.
 *   - The page's main-thread work in Chromium with the CPU slowed 4× as Lighthouse's mobile
 *     profile does (BENCH_TRACE_RUNS, default 3): React commits and the components each one
 *     rendered (counted from the fibers by a stand-in for React's DevTools hook: the same for
 *     the same build and answers, however loaded the machine is), the long tasks until the page is
 *     quiet (their blocking time past 50 ms), and the JS bytes the page had run by then.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '#test/helpers/server.ts';
import { chromiumPath, launchBrowser, signIn } from '#test/e2e/browser.ts';
import { median } from '#bench/median.ts';
import { toolsRequire } from '#scripts/tools.mjs';

const [distA, distB] = process.argv.slice(2).map((d) => resolve(d));
if (!distA || !distB) throw new Error('usage: bench/detail-ab.ts <distA> <distB>');
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
const TRACE_RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 3);
/** A folder for each Lighthouse run's report, when set. */
const KEEP = process.env.BENCH_LH_JSON;
/** A folder for each trace run's CPU profile (.cpuprofile, Chrome's DevTools opens it), when set. */
const PROFILE = process.env.BENCH_PROFILE;
/**
 * `BENCH_COUNT_CALLS=1`: count every JS function call until the page is quiet (V8's precise
 * coverage with call counts): a measure of the work that does not change with the machine's load.
 * It slows the page's JS, so the long tasks of such a run are not comparable with a run without it.
 */
const COUNT_CALLS = process.env.BENCH_COUNT_CALLS === '1';
/**
 * `BENCH_AB_PATH=/my-account/bookings/upcoming`: another page than the first booking, audited signed in;
 * `BENCH_AB_SIGNED_OUT=1` audits it without the session (sign-in). The trace runs sign in first, so
 * a signed-out page is compared with Lighthouse only (`BENCH_TRACE_RUNS=0`).
 */
const AB_PATH = process.env.BENCH_AB_PATH;
const SIGNED_OUT = process.env.BENCH_AB_SIGNED_OUT === '1';

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

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

/**
 * Stands in for React DevTools' hook, which React calls in production builds too: at each commit it
 * counts the components that rendered (the PerformedWork flag), walking only the subtrees whose
 * children changed, as DevTools does, and notes the commit's time.
 */
const reactCommitCounter = `(() => {
  const PerformedWork = 1;
  const components = new Set([0, 1, 11, 14, 15]);
  const mounted = (fiber) => {
    let n = 0;
    for (let f = fiber; f; f = f.sibling) n += (components.has(f.tag) ? 1 : 0) + mounted(f.child);
    return n;
  };
  const updated = (fiber) => {
    let n = 0;
    for (let f = fiber; f; f = f.sibling) {
      const before = f.alternate;
      if (!before) {
        n += (components.has(f.tag) ? 1 : 0) + mounted(f.child);
        continue;
      }
      if (components.has(f.tag) && (f.flags & PerformedWork) !== 0) n += 1;
      if (f.child !== before.child) n += updated(f.child);
    }
    return n;
  };
  const commits = (window.__commits = []);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      commits.push({ at: Math.round(performance.now()), rendered: updated(root.current.child) });
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  const longTasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
  const shifts = (window.__shifts = []);
  const describe = (node) =>
    node && node.nodeType === 1
      ? node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ')[0] : '') + ' "' + (node.textContent || '').slice(0, 30) + '"'
      : String(node && node.nodeName);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      shifts.push(
        e.value.toFixed(4) + ' at ' + Math.round(e.startTime) + ': ' +
          e.sources
            .map((s) => describe(s.node) + ' ' + JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height]))
            .join('; '),
      );
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

type Trace = {
  commits: number;
  rendered: number;
  perCommit: string;
  tasks: string;
  tbt: number;
  longest: number;
  shifts: string[];
  calls: number;
  topCalls: string;
  jsKiB: number;
};

async function traceRun(browser: Browser, server: TestServer, path: string, name: string): Promise<Trace> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    serviceWorkers: 'block',
  });
  try {
    const signing = await context.newPage();
    await signIn(signing, server.origin, 'demo@example.com', 'RailDemo!2026');
    await signing.close();
    const page = await context.newPage();
    await page.addInitScript({ content: reactCommitCounter });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let jsBytes = 0;
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        void r
          .body()
          .then((b) => (jsBytes += b.length))
          .catch(() => undefined);
    });
    if (COUNT_CALLS) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    }
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.origin}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // The change-of-journey answer and the live regions' fills: 2 s after the network went quiet.
    await page.waitForTimeout(2000);
    let calls = 0;
    let topCalls = '';
    if (COUNT_CALLS) {
      const { result } = await cdp.send('Profiler.takePreciseCoverage');
      const byName = new Map<string, number>();
      for (const script of result) {
        const file = script.url.split('/').pop() ?? '';
        for (const fn of script.functions) {
          const count = fn.ranges[0]?.count ?? 0;
          calls += count;
          const key = `${fn.functionName || '(anonymous)'}@${file}`;
          byName.set(key, (byName.get(key) ?? 0) + count);
        }
      }
      topCalls = [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ');
    }
    if (PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(PROFILE, { recursive: true });
      writeFileSync(join(PROFILE, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const { commits, longTasks, shifts } = await page.evaluate(() => ({
      shifts: (window as unknown as { __shifts: string[] }).__shifts,
      commits: (window as unknown as { __commits: { at: number; rendered: number }[] }).__commits,
      longTasks: (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
    }));
    return {
      commits: commits.length,
      rendered: commits.reduce((n, c) => n + c.rendered, 0),
      perCommit: commits.map((c) => `${c.rendered}@${c.at}`).join(' '),
      tasks: longTasks.map((t) => `${t.duration}@${t.start}`).join(' '),
      tbt: longTasks.reduce((n, t) => n + Math.max(0, t.duration - 50), 0),
      longest: Math.max(0, ...longTasks.map((t) => t.duration)),
      shifts,
      calls,
      topCalls,
      jsKiB: Math.round(jsBytes / 102.4) / 10,
    };
  } finally {
    await context.close();
  }
}

/** The first upcoming booking's address, as bench/lighthouse.ts finds it. */
async function detailPath(browser: Browser, server: TestServer): Promise<{ path: string; cookies: unknown[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.origin, 'demo@example.com', 'RailDemo!2026');
  await page.goto(`${server.origin}/my-account/bookings/upcoming`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const path = await page.evaluate(() =>
    [...document.querySelectorAll('main a[href]')]
      .map((a) => a.getAttribute('href') ?? '')
      .find((href) => /^\/my-account\/bookings\/(?!upcoming$|past$|season|guest)[^/?#]+$/.test(href)),
  );
  const cookies = await context.cookies();
  await context.close();
  if (!path) throw new Error('no booking on the demo account');
  return { path, cookies };
}

const builds = [
  { name: 'A', dist: distA },
  { name: 'B', dist: distB },
];
const servers = await Promise.all(builds.map((b) => startTestServer({ distDir: b.dist })));
const browser = await launchBrowser();
try {
  const targets = await Promise.all(
    servers.map(async (s) => {
      const found = await detailPath(browser, s);
      return { path: AB_PATH ?? found.path, cookies: SIGNED_OUT ? [] : found.cookies };
    }),
  );
  console.log(`A ${distA}\nB ${distB}\npage ${targets[0]?.path}`);

  const traces: Trace[][] = [[], []];
  for (let i = 0; i < TRACE_RUNS; i++)
    for (const [k, server] of servers.entries()) {
      const t = await traceRun(browser, server, targets[k]!.path, `${builds[k]!.name}-${i + 1}`);
      traces[k]!.push(t);
      console.log(
        `trace ${builds[k]!.name}${i + 1}: commits ${t.commits} (components@ms ${t.perCommit}; ${t.rendered} in all), ` +
          `long-task blocking ${t.tbt} ms (tasks ms@ms ${t.tasks}), JS run ${t.jsKiB} KiB` +
          (COUNT_CALLS ? `\n  JS calls ${t.calls} (${t.topCalls})` : '') +
          (t.shifts.length > 0 ? `\n  layout shifts: ${t.shifts.join(' | ')}` : ''),
      );
    }

  if (LH_RUNS > 0) {
    const lighthouse = (
      (await import(pathToFileURL(toolsRequire.resolve('lighthouse')).href)) as { default: Lighthouse }
    ).default;
    const port = await freePort();
    const lhBrowser = await chromium.launchPersistentContext('', {
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
    });
    if (KEEP) mkdirSync(KEEP, { recursive: true });
    type Run = { score: number; lcp: number; tbt: number; cls: number };
    const runs: Run[][] = [[], []];
    try {
      for (let i = 0; i < LH_RUNS; i++)
        for (const [k, server] of servers.entries()) {
          await lhBrowser.clearCookies();
          await lhBrowser.addCookies(targets[k]!.cookies as Parameters<typeof lhBrowser.addCookies>[0]);
          const url = `${server.origin}${targets[k]!.path}`;
          const lhr = (
            await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
          )?.lhr;
          if (!lhr) throw new Error('lighthouse gave no result');
          if (new URL(lhr.finalDisplayedUrl).pathname !== targets[k]!.path) throw new Error('the page redirected');
          if (KEEP) writeFileSync(join(KEEP, `${builds[k]!.name}-${i + 1}.json`), JSON.stringify(lhr));
          const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          const run = {
            score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
            lcp: metric('largest-contentful-paint'),
            tbt: metric('total-blocking-time'),
            cls: metric('cumulative-layout-shift'),
          };
          runs[k]!.push(run);
          console.log(
            `lighthouse ${builds[k]!.name}${i + 1}: ${run.score}, LCP ${(run.lcp / 1000).toFixed(2)} s, ` +
              `TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
          );
        }
    } finally {
      await lhBrowser.close();
    }
    for (const [k, build] of builds.entries()) {
      const m = (key: keyof Run) => median(runs[k]!.map((r) => r[key]));
      console.log(
        `lighthouse ${build.name} median: ${m('score')} (runs ${runs[k]!.map((r) => r.score).join(', ')}), ` +
          `LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbt'))} ms, CLS ${m('cls').toFixed(3)}`,
      );
    }
  }
  for (const [k, build] of builds.entries()) {
    const t = traces[k]!;
    if (t.length === 0) continue;
    console.log(
      `trace ${build.name} median: commits ${median(t.map((x) => x.commits))}, components ${median(t.map((x) => x.rendered))}, ` +
        `long-task blocking ${median(t.map((x) => x.tbt))} ms, JS run ${median(t.map((x) => x.jsKiB))} KiB` +
        (COUNT_CALLS ? `, JS calls ${median(t.map((x) => x.calls))}` : ''),
    );
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}
