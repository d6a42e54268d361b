/**
 * Bench (issues 11/12, decision 240): the JS a signed-out visitor's browser loads for the sign-in
 * screen, /my-account/login in en-GB and /de/my-account/login, gzip -9 of the files on disk and
 * how many there are. A fresh context each, so nothing is cached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export async function benchLoginJs(browser: Browser, origin: string, dist: string): Promise<void> {
  for (const prefix of ['', '/de']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/my-account/assets/') && path.endsWith('.js')) loaded.add(path.replace('/my-account/assets/', ''));
      });
      await page.goto(`${origin}${prefix}/my-account/login`);
      await page.locator('input[type="email"]').first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const bytes = [...loaded].reduce((n, f) => n + gz(join(dist, 'assets', f)), 0);
      console.log(`login JS loaded (gzip) ${prefix ? prefix.slice(1) : 'en-GB'}: ${(bytes / 1024).toFixed(1)} kB in ${loaded.size} files`);
    } finally {
      await context.close();
    }
  }
}
