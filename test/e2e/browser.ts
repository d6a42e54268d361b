import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { readPageData } from '#test/helpers/server';

/** Debian's Chromium driven by playwright-core (no browser download), with the flags this machine needs. */
export const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export interface PageWatch {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/** Every page opened by openPage in this test file (until its context closes or is recycled). */
const watched = new Set<PageWatch>();
/** Errors of pages whose context closed during the current test (still this test's to report). */
const closedErrors: string[] = [];

/**
 * Contexts handed back by a test, cleaned and ready for the next openPage of the same browser. A
 * new context starts with a new renderer and an empty HTTP cache: every test then downloaded and
 * compiled the app's JavaScript again, about a second of each test on a loaded 2-core machine.
 */
const spares = new WeakMap<Browser, Spare[]>();
type Spare = { context: BrowserContext; page: Page; origin: string };
/** What a context's closing means for the test holding it now (one listener per context). */
const onClose = new WeakMap<BrowserContext, () => void>();

/**
 * Cleans a context for the next test: only one that stayed on a single http origin, with one page,
 * no init script and its service workers blocked; otherwise it is really closed. The page leaves
 * the app (its timers and polls stop), then cookies, storage, databases, caches, permissions,
 * routes, listeners and offline mode are all reset, the storage from a plain same-origin answer.
 */
async function recycle(spare: Spare, tainted: boolean): Promise<boolean> {
  const { context, page, origin } = spare;
  if (tainted || context.pages().length !== 1 || page.isClosed()) return false;
  try {
    page.removeAllListeners();
    // The old document goes first, with the test's stubs still in place: a poll or a late call of its
    // own must not reach the server, where it could take an answer held for the next test.
    await page.goto('about:blank');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    await context.clearCookies();
    await page.goto(`${origin}/__recycled-page`);
    await page.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      const deleting = (await indexedDB.databases()).map(
        (db) =>
          new Promise((done) => {
            const request = indexedDB.deleteDatabase(db.name ?? '');
            request.onsuccess = request.onerror = request.onblocked = done;
          }),
      );
      await Promise.all(deleting);
      for (const key of await caches.keys()) await caches.delete(key);
    });
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh context and page that records page errors and console errors. The e2e project's setup
 * file (test/e2e/setup-page-errors.ts) fails any test during which a watched page logged one.
 * `watch.context.close()` hands a clean context back for the next test (see `recycle`); a context
 * whose state cannot be wiped (init scripts, other origins, service workers, extra pages) closes.
 */
export const openPage = async (
  browser: Browser,
  width = 1280,
  /**
   * The app registers a service worker (decision 250). Blocked unless a test is about it: Playwright's
   * page.route() does not see the requests a service worker makes, and many tests stub answers.
   */
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<PageWatch> => {
  const reused = serviceWorkers === 'block' ? spares.get(browser)?.pop() : undefined;
  const context = reused?.context ?? (await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers }));
  const page = reused?.page ?? (await context.newPage());
  if (reused) await page.setViewportSize({ width, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${String(e)}`));
  page.on('console', (m) => {
    // 401/404 answers are expected in some tests and Chromium logs them as resource errors.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  const origins = new Set<string>();
  page.on('framenavigated', (f) => {
    const url = new URL(f.url());
    if (url.protocol.startsWith('http')) origins.add(url.origin);
  });
  let tainted = serviceWorkers === 'allow';
  let handedBack: Promise<void> | null = null;
  const finish = () => {
    closedErrors.push(...errors.splice(0));
    watched.delete(watch);
  };
  // A test closes its context as before; the proxy recycles it instead when it can be wiped clean.
  const handle = new Proxy(context, {
    get(target, prop, receiver) {
      if (prop === 'addInitScript' || prop === 'newPage' || prop === 'exposeBinding' || prop === 'exposeFunction' || prop === 'setExtraHTTPHeaders' || prop === 'setGeolocation') tainted = true;
      if (prop === 'close') {
        return () =>
          (handedBack ??= (async () => {
            finish();
            const origin = origins.size === 1 ? [...origins][0] : undefined;
            const spare = origin ? { context: target, page, origin } : undefined;
            if (spare && (await recycle(spare, tainted))) {
              const list = spares.get(browser) ?? [];
              list.push(spare);
              spares.set(browser, list);
            } else await target.close().catch(() => {});
          })());
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const watch: PageWatch = { page, context: handle, errors };
  watched.add(watch);
  onClose.set(context, () => {
    if (!handedBack) finish();
  });
  if (!reused)
    context.once('close', () => {
      onClose.get(context)?.();
      const list = spares.get(browser);
      if (list) spares.set(browser, list.filter((s) => s.context !== context));
    });
  return watch;
};

/** Collects (and clears) what every watched page logged since the last call. */
export const takePageErrors = (): string[] => [
  ...closedErrors.splice(0),
  ...[...watched].flatMap((w) => w.errors.splice(0)),
];

const require = createRequire(import.meta.url);

/** Runs axe-core in the page; returns serious and critical violations as `id (count)`. */
export const seriousAxeViolations = async (page: Page): Promise<string[]> => {
  // Evaluated rather than added as a <script>: the page's CSP (script-src 'self') blocks inline tags.
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } };
    const result = await w.axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  });
};

/**
 * Signs the page's context in through the API (one shell read for the CSRF value, one POST /login:
 * the cookies land in the page's own context), then opens `then` (a full URL) or, by default, the
 * account area's entry as the sign-in page would have. Typing into the sign-in page took about 2 s
 * of every signed-in test; the sign-in page itself is tested by the tests about it (foundation,
 * the accessibility and locale walks, sign-in links, OpenID Connect).
 */
export const signIn = async (page: Page, origin: string, email: string, password: string, prefix = '', then?: string) => {
  const request = page.context().request;
  const shell = await request.get(`${origin}${prefix}/my-account/login`);
  const csrf = readPageData(await shell.text())?.csrfToken;
  const res = await request.post(`${origin}/my-account/api/login`, {
    data: { email, password },
    headers: { 'x-csrf-token': String(csrf) },
  });
  if (!res.ok()) throw new Error(`sign-in as ${email}: ${res.status()} ${await res.text()}`);
  await page.goto(then ?? `${origin}${prefix}/my-account/`);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
};
