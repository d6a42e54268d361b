/**
 * `npm run a11y:screen-reader`: a screen-reader session over the account area's main tasks, in
 * Chromium against the local server, with a virtual screen reader (@guidepup/virtual-screen-reader,
 * docs/decisions/850-virtual-screen-reader-session.md) that reads the page as NVDA or VoiceOver would
 * from its accessibility tree: item by item, and every live-region announcement as it comes.
 *
 * Writes docs/quality/screen-reader-session.md: for each task, what a listener hears, and the
 * checks every task must pass (one level-1 heading, no control without a name, required fields
 * heard as required, refusals heard once). Exits 1 when a check fails.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import type * as Reader from '@guidepup/virtual-screen-reader';
import { startTestServer } from '#test/helpers/server.ts';
import { launchBrowser, signIn } from '#test/e2e/browser.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
if (process.env.SESSION_BUILD !== '0') execSync('npx vite build', { cwd: root, stdio: 'ignore' });

const require = createRequire(import.meta.url);
const readerSource = readFileSync(
  join(require.resolve('@guidepup/virtual-screen-reader/package.json'), '..', 'lib', 'esm', 'index.browser.js'),
  'utf8',
);
/** Served from the page's own origin, so the page's CSP (script-src 'self') lets it load. */
const READER_PATH = '/my-account/__screen-reader.js';

type Heard = { phrases: string[]; announced: string[] };

/** Starts the reader on the page (after `act`, if given) and reads it from the top, item by item, to its end. */
const readPage = async (page: Page, limit = 250): Promise<string[]> =>
  page.evaluate(
    async ({ path, limit }) => {
      const { virtual } = (await import(path)) as typeof Reader;
      // Chromium with scripts on never shows <noscript>; the virtual reader would read its text all the same.
      for (const n of document.querySelectorAll('noscript')) n.remove();
      await virtual.start({ container: document.body, displayCursor: false });
      for (let i = 0; i < limit; i++) {
        await virtual.next();
        if ((await virtual.lastSpokenPhrase()) === 'end of document') break;
      }
      const log = await virtual.spokenPhraseLog();
      await virtual.stop();
      return log;
    },
    { path: READER_PATH, limit },
  );

/**
 * Listens to the page's live regions while `act` runs (keyboard, as the customer would): one
 * announcement per region per batch of changes, its whole text (role=status and role=alert are
 * atomic), as Chromium raises one live-region event per region for the changes of one task. The
 * virtual reader reports each changed node of a batch instead, so it is not used for this part.
 */
const listen = async (page: Page, act: () => Promise<void>, settle = 1500): Promise<string[]> => {
  await page.evaluate(() => {
    const w = window as unknown as { __heard: string[]; __observer?: MutationObserver };
    w.__heard = [];
    w.__observer = new MutationObserver((records) => {
      const regions = new Set<HTMLElement>();
      for (const r of records) {
        const element = r.target instanceof HTMLElement ? r.target : r.target.parentElement;
        const region = element?.closest<HTMLElement>(
          '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]',
        );
        if (region) regions.add(region);
      }
      for (const region of regions) {
        const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim();
        const live =
          region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
        if (text) w.__heard.push(`${live}: ${text}`);
      }
    });
    w.__observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await act();
  await page.waitForTimeout(settle);
  return page.evaluate(() => {
    const w = window as unknown as { __heard: string[]; __observer?: MutationObserver };
    w.__observer?.disconnect();
    // Where the focus ended: what a screen reader says next, after the announcements.
    const focused = document.activeElement;
    let said = 'the page itself (focus lost)';
    if (focused instanceof HTMLElement && focused !== document.body) {
      const label = focused instanceof HTMLInputElement ? focused.labels?.[0]?.innerText : undefined;
      const name = (focused.getAttribute('aria-label') ?? label ?? focused.innerText).replace(/\s+/g, ' ').trim();
      said = `${focused.getAttribute('role') ?? focused.tagName.toLowerCase()}, ${name.slice(0, 160)}`;
    }
    return [...w.__heard, `focus: ${said}`];
  });
};

const server = await startTestServer({ distDir: dist });
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
await context.route(`**${READER_PATH}`, (route) =>
  route.fulfill({ body: readerSource, contentType: 'text/javascript' }),
);
const page = await context.newPage();
const origin = server.origin;
const tasks: { name: string; url: string; heard: Heard; problems: string[] }[] = [];

/** The checks every task's reading must pass. */
const check = (phrases: string[], announced: string[]): string[] => {
  const problems: string[] = [];
  const h1 = phrases.filter((p) => /^heading, .*, level 1$/.test(p));
  if (h1.length !== 1) problems.push(`${h1.length} level-1 headings heard (one expected)`);
  for (const p of phrases) {
    if (
      /^(button|link|textbox|combobox|checkbox|radio)(, (required|disabled|checked|not checked|has popup.*))?$/.test(p)
    )
      problems.push(`a control heard without a name: "${p}"`);
  }
  const counts = new Map<string, number>();
  for (const a of announced) counts.set(a, (counts.get(a) ?? 0) + 1);
  for (const [a, n] of counts) if (n > 1) problems.push(`announced ${n} times: "${a}"`);
  if (announced.includes('focus: the page itself (focus lost)')) problems.push('the focus was lost to the page');
  return problems;
};

const task = async (name: string, url: string, act?: () => Promise<void>) => {
  await page.goto(`${origin}${url}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const phrases = await readPage(page);
  const announced = act ? await listen(page, act) : [];
  tasks.push({ name, url, heard: { phrases, announced }, problems: check(phrases, announced) });
};

await task('Sign in, then send the form empty', '/my-account/login', async () => {
  await page
    .getByRole('button', { name: /sign in/i })
    .first()
    .focus();
  await page.keyboard.press('Enter');
});
await signIn(page, origin, 'demo@example.com', 'RailDemo!2026');
await task('Upcoming bookings', '/my-account/bookings/upcoming');
const bookingLinks = await page
  .locator('main a[href*="/bookings/"]')
  .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
const firstBooking = bookingLinks.find((href) => !/\/bookings\/(upcoming|past|season|guest)$/.test(href));
if (firstBooking) {
  await task('A booking', new URL(firstBooking, origin).pathname);
  await task('Cancel and refund: the refund checked', `${new URL(firstBooking, origin).pathname}/refund`);
}
await task(
  'Add a passenger: a first name, then on past the others',
  '/my-account/passengers-and-railcards/add-passenger',
  async () => {
    await page.getByRole('textbox').first().focus();
    await page.keyboard.type('Ann');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  },
);
await task('Add an address: a postcode the form refuses', '/my-account/address-book/add-address', async () => {
  await page
    .getByRole('textbox', { name: /postcode/i })
    .first()
    .focus();
  await page.keyboard.type('ZZ');
  await page.keyboard.press('Tab');
});
await task('Personal details', '/my-account/personal-details');
await task('Change password: a new password too short', '/my-account/change-password', async () => {
  await page.getByRole('textbox').first().focus();
  await page.keyboard.type('short');
  await page.keyboard.press('Tab');
});
await task('Address book', '/my-account/address-book');
await task('Passengers and railcards', '/my-account/passengers-and-railcards');
await task('Account overview', '/my-account/account-overview');
await task('Past bookings', '/my-account/bookings/past');
await task('Contact preferences', '/my-account/contact-preferences');
await task('Account controls', '/my-account/account-controls');

await browser.close();
await server.close();

const lines = [
  '# A screen-reader session',
  '',
  'Written by `npm run a11y:screen-reader` (scripts/screen-reader-session.ts); do not edit by hand. A virtual screen',
  'reader (docs/decisions/850-virtual-screen-reader-session.md) reads each screen of the demo account from top to end, item',
  'by item as NVDA or VoiceOver would in browse mode, and listens to the live regions while the customer acts by keyboard.',
  'Checks on each task: exactly one level-1 heading, no control heard without a name, no announcement heard twice, the focus\nnever left on the page itself after an action.',
  '',
];
/** The account navigation is the same on every screen: heard in full the first time, then named once. */
let navigationHeard = false;
const shown = (phrases: string[]): string[] => {
  const start = phrases.findIndex((p) => p.startsWith('navigation, '));
  const end = phrases.findIndex((p) => p.startsWith('end of navigation, '));
  if (start < 0 || end < start || !navigationHeard) {
    navigationHeard ||= start >= 0;
    return phrases;
  }
  return [...phrases.slice(0, start + 1), '(the account navigation, as on the first screen)', ...phrases.slice(end)];
};
for (const t of tasks) {
  lines.push(`## ${t.name}`, '', `\`${t.url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|BK[0-9A-Z]+/gi, '{bookingId}')}\``, '');
  lines.push(t.problems.length ? `**Problems:** ${t.problems.join('; ')}` : 'Checks: pass.', '');
  lines.push('Heard, in reading order:', '', ...shown(t.heard.phrases).map((p) => `1. ${p.replace(/\|/g, '\\|')}`), '');
  if (t.heard.announced.length)
    lines.push('Announced while acting:', '', ...t.heard.announced.map((p) => `- ${p}`), '');
}
writeFileSync(join(root, 'docs', 'quality', 'screen-reader-session.md'), `${lines.join('\n')}\n`);
const failed = tasks.filter((t) => t.problems.length);
for (const t of tasks)
  console.log(
    `${t.problems.length ? 'FAIL' : 'pass'}  ${t.name}${t.problems.length ? `: ${t.problems.join('; ')}` : ''}`,
  );
process.exit(failed.length ? 1 : 0);
