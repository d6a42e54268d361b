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

/** Every page opened by openPage in this test file (until its context closes). */
const watched = new Set<PageWatch>();
/** Errors of pages whose context closed during the current test (still this test's to report). */
const closedErrors: string[] = [];

/**
 * A fresh context and page that records page errors and console errors. The e2e project's setup
 * file (test/e2e/setup-page-errors.ts) fails any test during which a watched page logged one.
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
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${String(e)}`));
  page.on('console', (m) => {
    // 401/404 answers are expected in some tests and Chromium logs them as resource errors.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  const watch = { page, context, errors };
  watched.add(watch);
  context.on('close', () => {
    closedErrors.push(...errors.splice(0));
    watched.delete(watch);
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
