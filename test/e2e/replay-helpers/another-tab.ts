import type { Page } from 'playwright-core';
import { readPageData } from '#test/helpers/server';

/**
 * Sends a state-changing call as another tab of the same signed-in customer would (the page's
 * cookies, the page's CSRF value, an Idempotency-Key of its own), so that the server's own answer
 * to the screen's held call is the real "already done" one (decision 310).
 */
export async function postFromAnotherTab(
  page: Page,
  serverUrl: string,
  apiPath: string,
  body: unknown = {},
): Promise<number> {
  // The shell hands back the caller's own valid CSRF value (server/lib/csrf.ts): the page's stays good.
  const csrf = readPageData(await (await page.request.get(serverUrl)).text())?.csrfToken;
  const res = await page.request.post(`${serverUrl}api${apiPath}`, {
    data: body,
    headers: {
      'x-csrf-token': String(csrf),
      'Idempotency-Key': `another-tab-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  return res.status();
}
