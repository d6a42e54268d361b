import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, launchBrowser } from './browser';
import { startTestServer, type TestServer } from '../helpers/server';

export type E2eWorld = { server: TestServer; browser: Browser };

/**
 * One local server and one Chromium per e2e worker. The e2e project runs with `isolate: false`
 * (vitest.config.ts), so this module, and the two of them, outlive a test file: starting the server
 * (database, migrations, seed) took about 5 s and the browser about 1 s for each of 15 files.
 * Playwright closes the browser when the worker exits; the in-memory database goes with it.
 */
let world: Promise<E2eWorld> | null = null;

/**
 * For a file's beforeAll: the worker's server, its database wiped and the demo data loaded again
 * (test switches cleared too), and its browser with no context left open by an earlier file.
 */
export async function e2eWorld(): Promise<E2eWorld> {
  world ??= Promise.all([startTestServer(), launchBrowser()]).then(([server, browser]) => ({ server, browser }));
  const current = await world;
  await Promise.all([closeContexts(current.browser), current.server.reset('demo')]);
  return current;
}

/** For a file's afterAll: ends the file's pages (their errors are still reported to it; browser.ts keeps some for the next file). */
export { closeContexts };

/**
 * A file's e2e world in one line: registers the beforeAll (e2eWorld) and afterAll (closeContexts)
 * hooks every browser test file needs, and returns the worker's server and browser, readable from
 * the first test on (`world.server.origin`, `openPage(world.browser)`).
 */
export function useE2eWorld(): E2eWorld {
  let current: E2eWorld | undefined;
  beforeAll(async () => {
    current = await e2eWorld();
  });
  afterAll(async () => {
    await closeContexts(current?.browser);
  });
  const live = (): E2eWorld => {
    if (!current) throw new Error('the e2e world starts in beforeAll: use it inside a hook or a test');
    return current;
  };
  return {
    get server() {
      return live().server;
    },
    get browser() {
      return live().browser;
    },
  };
}

/**
 * The texts of the alerts on the page that say something. A form's error summary is an alert
 * region that stays empty until a submit attempt (decision 460), so only alerts with text count:
 * "no error shown" is `expect(await alertTexts(page)).toEqual([])`.
 */
export async function alertTexts(page: Page): Promise<string[]> {
  return (await page.getByRole('alert').allTextContents()).filter((t) => t.trim() !== '');
}
