/**
 * Bench (decision 240): the JS a signed-out visitor's browser loads for the sign-in
 * screen, /my-account/login in en-GB and /de/my-account/login, gzip -9 of the files on disk and
 * how many there are. A fresh context each, so nothing is cached.
 */
import type { Browser } from 'playwright-core';
import { pageJs } from '#bench/page-js.ts';

export async function benchLoginJs(browser: Browser, origin: string, dist: string): Promise<void> {
  for (const prefix of ['', '/de']) {
    const { files, bytes } = await pageJs(browser, {
      url: `${origin}${prefix}/my-account/login`,
      dist,
      ready: (page) => page.locator('input[type="email"]').first().waitFor({ state: 'visible', timeout: 30_000 }),
    });
    console.log(
      `login JS loaded (gzip) ${prefix ? prefix.slice(1) : 'en-GB'}: ${(bytes / 1024).toFixed(1)} kB in ${files.length} files`,
    );
  }
}
