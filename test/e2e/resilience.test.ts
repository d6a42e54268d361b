import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signInContext, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { requestTimeoutMs } from '#src/config/timeouts';

/**
 * "Nothing hangs": a dead upstream, made by the server's /__test/hang switch, ends in the
 * screen's error state with a retry once the client's 10 s deadline passes, against the real world.server.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  await world.server.reset();
  w = await openPage(world.browser, 375);
});

const hang = async (path: string, count = 1) => {
  const res = await fetch(`${world.server.origin}/__test/hang`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, count }),
  });
  expect(res.status).toBe(200);
};
/** Waits for `text`, allowing the client's deadline plus room for a loaded machine. */
const afterDeadline = { timeout: requestTimeoutMs + 15_000 };

describe('a hung API call', () => {
  it('GET /api/user: a loading indicator at once, then the account error with "Try again", which recovers', async () => {
    await signInContext(w.page, world.server.origin, demo.email, demo.password);
    await hang('/user');
    const started = Date.now();
    await w.page.goto(`${world.server.origin}/my-account/bookings/upcoming`);
    await w.page.getByRole('status').filter({ hasText: 'Loading…' }).first().waitFor();
    await w.page
      .getByText("We couldn't load your account. Please check your connection and try again.")
      .waitFor(afterDeadline);
    // Not before the deadline: the client waits its full 10 s for a slow answer.
    expect(Date.now() - started).toBeGreaterThanOrEqual(requestTimeoutMs - 500);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByRole('heading', { level: 1, name: 'My bookings' }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('GET /api/bookings/upcoming: the list says it could not fetch bookings, and "Try again" loads them', async () => {
    await signInContext(w.page, world.server.origin, demo.email, demo.password);
    await hang('/bookings/upcoming');
    await w.page.goto(`${world.server.origin}/my-account/bookings/upcoming`);
    await w.page.getByText('Unable to fetch bookings').waitFor(afterDeadline);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page
      .getByRole('link', { name: /View booking|to/ })
      .first()
      .waitFor();
    expect(await w.page.getByText('Unable to fetch bookings').count()).toBe(0);
    expect(w.errors).toEqual([]);
  });
});
