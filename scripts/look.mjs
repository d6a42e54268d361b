#!/usr/bin/env node
// Look at screens as a person would: for each URL, a screenshot at 375 px and 1280 px wide and an
// axe-core accessibility check, in headless Debian Chromium.
//
//   node scripts/look.mjs [--login EMAIL:PASSWORD] [--out DIR] URL...
//
// Run it from the project's root: playwright-core (and axe-core, if installed) are taken from the
// project's node_modules. Sign-in uses the login page's email and password fields. Prints one line
// per screen and width: the PNG's path, then serious or critical axe violations, if any.
import { createRequire } from 'node:module';
import { mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
let axePath = null;
try {
  axePath = require.resolve('axe-core/axe.min.js');
} catch {
  /* axe-core not installed: screenshots only */
}

const args = process.argv.slice(2);
let login = null,
  out = '/tmp/look';
const urls = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--login') login = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else urls.push(args[i]);
}
if (!urls.length) {
  console.error('usage: look.mjs [--login EMAIL:PASSWORD] [--out DIR] URL...');
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let failed = 0;
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  if (login) {
    const [email, password] = [login.slice(0, login.indexOf(':')), login.slice(login.indexOf(':') + 1)];
    await page.goto(new URL('/my-account/login', urls[0]).href);
    await page.getByLabel(/email/i).first().fill(email);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(password);
    await page
      .getByRole('button', { name: /sign in|log in|login/i })
      .first()
      .click();
    await page.waitForURL((u) => !/\/login/.test(u.pathname), { timeout: 15_000 });
  }
  for (const url of urls) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.waitForLoadState('networkidle').catch(() => {});
      const name = new URL(url).pathname.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
      const file = join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      let note = '';
      if (axePath) {
        await page.addScriptTag({ path: axePath });
        const v = await page.evaluate(async () =>
          (await window.axe.run()).violations
            .filter((x) => x.impact === 'serious' || x.impact === 'critical')
            .map((x) => `${x.id} (${x.nodes.length})`),
        );
        if (v.length) {
          failed++;
          note = `  axe: ${v.join(', ')}`;
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) {
        failed++;
        note += '  wider than the viewport';
      }
      console.log(`${file}${note}`);
    }
  }
  if (errors.length) {
    failed++;
    console.log(`page errors: ${errors.slice(0, 3).join(' | ')}`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
