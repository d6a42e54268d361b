import { chromium, type Browser, type BrowserContext, type Page, type Request, type Route } from 'playwright-core';
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

/** Every page opened by openPage in this test file (until its context closes or goes back to the pool). */
const watched = new Set<PageWatch>();
/** Errors of pages whose context closed during the current test (still this test's to report). */
const closedErrors: string[] = [];

/**
 * Contexts whose test is over, reset and kept with their page for the next openPage. A new context
 * and its first page load cost about 2.6 s of Chromium's CPU (a renderer process started, the
 * bundle compiled again) against 0.8 s for a kept page, and the browser tests are bound by CPU.
 */
const spare = new WeakMap<Browser, { context: BrowserContext; page: Page }[]>();
/** At most this many kept per browser: the largest test files open about as many pages. */
const SPARE_LIMIT = 12;
/** What a test may do that a reset cannot take back: a context where one was done is closed, not kept. */
const IRREVERSIBLE = ['addInitScript', 'exposeFunction', 'exposeBinding'] as const;
const IRREVERSIBLE_IN_CONTEXT = [
  ...IRREVERSIBLE,
  'setHTTPCredentials',
  'setExtraHTTPHeaders',
  'setGeolocation',
] as const;

type Emitter = {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, l: unknown): unknown;
};
type Listeners = Map<string | symbol, Set<unknown>>;
const listenersOf = (e: Emitter): Listeners => new Map(e.eventNames().map((n) => [n, new Set(e.rawListeners(n))]));
/** Removes the listeners added since `before` (Playwright's own, added when the object was made, stay). */
const removeAdded = (e: Emitter, before: Listeners) => {
  for (const n of e.eventNames()) for (const l of e.rawListeners(n)) if (!before.get(n)?.has(l)) e.removeListener(n, l);
};

type Lease = {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
  kept: boolean;
  origins: Set<string>;
  listeners: { context: Listeners; page: Listeners };
  /** Requests a route handler of the test still holds. */
  held: Set<Route>;
};
type RouteHandler = (route: Route, request: Request) => unknown;

/**
 * A context with one page for a test. A kept one (see `spare`) is reset first: the test's routes,
 * listeners, cookies, storage and history are gone, as in a new context; what cannot be reset
 * (an init script, an exposed function, a permission) makes its context close instead of being kept.
 */
async function lease(browser: Browser, width: number, serviceWorkers: 'allow' | 'block'): Promise<Lease> {
  const kept = serviceWorkers === 'block' ? spare.get(browser)?.pop() : undefined;
  let context: BrowserContext;
  let page: Page;
  if (kept) {
    ({ context, page } = kept);
    await page.setViewportSize({ width, height: 900 });
  } else {
    context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers });
    page = await context.newPage();
  }
  const origins = new Set<string>();
  const listeners = {
    context: listenersOf(context as unknown as Emitter),
    page: listenersOf(page as unknown as Emitter),
  };
  const l: Lease = {
    context,
    page,
    close: context.close.bind(context),
    kept: serviceWorkers === 'block',
    origins,
    listeners,
    held: new Set(),
  };
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http')) origins.add(url.origin);
  });
  for (const name of IRREVERSIBLE_IN_CONTEXT) taintOn(context, name, l);
  for (const name of IRREVERSIBLE) taintOn(page, name, l);
  for (const target of [page, context]) holdTrack(target, l);
  return l;
}

/** Replaces `target[name]` for this lease with a call that marks the context as not to be kept. */
function taintOn(target: object, name: string, l: Lease): void {
  const t = target as Record<string, unknown>;
  const original = t[name] as (...args: unknown[]) => unknown;
  t[name] = (...args: unknown[]) => {
    l.kept = false;
    return original.apply(target, args);
  };
}

/**
 * Replaces `target.route` for this lease with one that notes each request a handler has not let
 * go yet (continued, fulfilled, aborted or passed on): a test that holds a call until a step (the
 * replays) may end with calls still held, and those are aborted before the context is kept.
 */
function holdTrack(target: Page | BrowserContext, l: Lease): void {
  type Route_ = (url: unknown, handler: RouteHandler, options?: unknown) => Promise<unknown>;
  type Unroute = (url: unknown, handler?: RouteHandler) => Promise<unknown>;
  const route = target.route.bind(target) as unknown as Route_;
  const unroute = target.unroute.bind(target) as unknown as Unroute;
  // A test that unroutes one handler names its own function: the wrapper registered for it goes.
  const wrappers = new Map<RouteHandler, RouteHandler>();
  const wrap = (handler: RouteHandler): RouteHandler => {
    const wrapper: RouteHandler = (held, request) => {
      l.held.add(held);
      for (const name of ['continue', 'fulfill', 'abort', 'fallback'] as const) {
        const settle = held[name].bind(held) as (...args: unknown[]) => Promise<void>;
        (held as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          l.held.delete(held);
          return settle(...args);
        };
      }
      return handler(held, request);
    };
    wrappers.set(handler, wrapper);
    return wrapper;
  };
  (target as { route: unknown }).route = ((url, handler, options) => route(url, wrap(handler), options)) as Route_;
  (target as { unroute: unknown }).unroute = ((url, handler) =>
    unroute(url, handler ? (wrappers.get(handler) ?? handler) : undefined)) as Unroute;
}

/** Resets a leased context for the next test, or closes it when it cannot be reset. */
async function giveBack(browser: Browser, l: Lease): Promise<void> {
  const { context, page } = l;
  const list = spare.get(browser) ?? spare.set(browser, []).get(browser)!;
  const pages = context.pages();
  if (!l.kept || list.length >= SPARE_LIMIT || pages.length !== 1 || pages[0] !== page || page.isClosed())
    return l.close();
  try {
    removeAdded(context as unknown as Emitter, l.listeners.context);
    removeAdded(page as unknown as Emitter, l.listeners.page);
    // Held requests are aborted, and the page left, before the routes go: unrouted first, a held
    // request would go on to the server after its test (a claim sent, a miss counted).
    await Promise.all([...l.held].map((route) => route.abort().catch(() => undefined)));
    await page.goto('about:blank');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // A new page costs as much as a new context (its own renderer process): the page stays, emptied.
    const cdp = await context.newCDPSession(page);
    for (const origin of l.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Page.resetNavigationHistory');
    await cdp.detach();
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
    page.setDefaultTimeout(30_000);
    page.setDefaultNavigationTimeout(30_000);
    // The lease's own versions of these methods go: the prototype's serve the next test.
    for (const name of [...IRREVERSIBLE_IN_CONTEXT, 'close', 'route', 'unroute']) Reflect.deleteProperty(context, name);
    for (const name of [...IRREVERSIBLE, 'route', 'unroute']) Reflect.deleteProperty(page, name);
    list.push({ context, page });
  } catch {
    await l.close().catch(() => undefined);
  }
}

/**
 * A context and page that records page errors and console errors. The e2e project's setup
 * file (test/e2e/setup-page-errors.ts) fails any test during which a watched page logged one.
 * `context.close()` (by the test, or closeContexts after the file) ends the test's use of it: it
 * reads as a new context to the next test (see `spare`).
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
  const l = await lease(browser, width, serviceWorkers);
  const { page, context } = l;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${String(e)}`));
  page.on('console', (m) => {
    // 401/404 answers are expected in some tests and Chromium logs them as resource errors.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  const watch = { page, context, errors };
  watched.add(watch);
  let ended: Promise<void> | undefined;
  const end = () => {
    closedErrors.push(...errors.splice(0));
    watched.delete(watch);
  };
  context.on('close', end);
  (context as { close: () => Promise<void> }).close = () =>
    (ended ??= (async () => {
      end();
      await giveBack(browser, l);
    })());
  return watch;
};

/**
 * Ends every test's use of the browser's contexts (a file's afterAll): each goes back to be kept,
 * or closes. Contexts already kept stay as they are.
 */
export const closeContexts = async (browser: Browser | undefined): Promise<void> => {
  if (!browser) return;
  const kept = new Set(spare.get(browser)?.map((k) => k.context));
  await Promise.all(
    browser
      .contexts()
      .filter((c) => !kept.has(c))
      .map((c) => c.close()),
  );
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
  // Loaded once per document (a test may check a screen more than once).
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
    };
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
export const signIn = async (
  page: Page,
  origin: string,
  email: string,
  password: string,
  prefix = '',
  then?: string,
) => {
  await signInContext(page, origin, email, password, prefix);
  await page.goto(then ?? `${origin}${prefix}/my-account/`);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
};

/**
 * Opens `path` (an address on the page's own origin, e.g. '/my-account/smartcards') as the app's
 * own links do: its router follows history.pushState, so the document, its scripts and the app's
 * boot are not loaded again. For a test that walks many screens of one session; the test waits for
 * the new screen's own content (a wait the screen before could meet proves nothing).
 */
export const openInApp = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => history.pushState(null, '', to), path);
};

/**
 * The API half of signIn: the page's context holds the session's cookies, and no page is opened.
 * For a test whose first screen comes after a step of its own (a stubbed or held call): opening the
 * account's entry first would load the whole app, and its bookings, for nothing.
 */
export const signInContext = async (page: Page, origin: string, email: string, password: string, prefix = '') => {
  const request = page.context().request;
  const shell = await request.get(`${origin}${prefix}/my-account/login`);
  const csrf = readPageData(await shell.text())?.csrfToken;
  const res = await request.post(`${origin}/my-account/api/login`, {
    data: { email, password },
    headers: { 'x-csrf-token': String(csrf) },
  });
  if (!res.ok()) throw new Error(`sign-in as ${email}: ${res.status()} ${await res.text()}`);
};
