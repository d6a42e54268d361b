/**
 * The JS files a page loads on a cold load (a fresh browser context), and their gzip -9 size on
 * disk: one collector for the bench cases that print a page's JS (login-js.ts, offline.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

export const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export async function pageJs(
  browser: Browser,
  {
    url,
    dist,
    ready,
    context: options = {},
  }: { url: string; dist: string; ready: (page: Page) => Promise<unknown>; context?: BrowserContextOptions },
): Promise<{ files: string[]; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  try {
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/my-account/') && path.endsWith('.js')) loaded.add(path.replace('/my-account/', ''));
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const files = [...loaded].sort();
    return { files, bytes: files.reduce((n, f) => n + gzipBytes(join(dist, f)), 0) };
  } finally {
    await context.close();
  }
}
