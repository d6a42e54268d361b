/**
 * `node --import tsx bench/lh-only.ts [dist]`: only the Lighthouse part of `npm run bench`
 * (bench/lighthouse.ts, its BENCH_LH_* settings), against a build already made.
 */
import { resolve } from 'node:path';
import { startTestServer } from '#test/helpers/server.ts';
import { launchBrowser } from '#test/e2e/browser.ts';
import { benchLighthouse } from '#bench/lighthouse.ts';

const server = await startTestServer({ distDir: resolve(process.argv[2] ?? 'dist') });
const browser = await launchBrowser();
try {
  await benchLighthouse(browser, server.origin);
} finally {
  await browser.close();
  await server.close();
}
