/**
 * Bench (decision 240): gzip size of the JS the browser loads for the upcoming bookings screen in
 * en-GB (no prefix) and in German (/de), signed in. Each locale loads its own bundle, with only its
 * own copy, so the two differ by the length of their words, not by how many locales exist.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export const measureLocaleJs = async (browser: Browser, origin: string, dist: string) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/my-account/login`);
    await page.locator('input[type="email"]').first().fill('demo@example.com');
    await page.locator('input[type="password"]').first().fill('RailDemo!2026');
    await page.locator('form button[type="submit"]').first().click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.close();
    const lines: string[] = [];
    for (const prefix of ['', '/de']) {
      const loaded = new Set<string>();
      const fresh = await context.newPage();
      fresh.on('response', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/my-account/assets/') && path.endsWith('.js'))
          loaded.add(path.replace('/my-account/assets/', ''));
      });
      await fresh.goto(`${origin}${prefix}/my-account/bookings/upcoming`);
      await fresh.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });
      await fresh.waitForLoadState('networkidle');
      const bytes = [...loaded].reduce((n, f) => n + gz(join(dist, 'assets', f)), 0);
      lines.push(
        `bookings/upcoming JS loaded (gzip) ${prefix ? prefix.slice(1) : 'en-GB'}: ${(bytes / 1024).toFixed(1)} kB in ${loaded.size} files`,
      );
      await fresh.close();
    }
    for (const line of lines) console.log(line);
  } finally {
    await context.close();
  }
};
