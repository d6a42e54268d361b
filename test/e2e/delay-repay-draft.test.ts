import { beforeEach, describe, expect, it } from 'vitest';
import { claimId } from '#server/seed/delay-repay.ts';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/**
 * A 401 while sending a Delay Repay claim: signing in again brings back what was typed,
 * kept in memory only; the sort code and account number are never written to storage (decision 161).
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  await world.server.reset();
  w = await openPage(world.browser);
});

describe('Delay Repay draft across a 401', () => {
  it('goes to sign in, then back to the claim with what was typed; bank details never in storage', async () => {
    const id = claimId('demo-past-leeds-sheffield');
    const claimPath = `**/my-account/api/claim/${id}`;
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/claim/${id}`,
    );
    await w.page.getByRole('heading', { name: 'You can claim Delay Repay' }).waitFor();
    await w.page.getByLabel('How many minutes late did you arrive?').fill('34');
    await w.page.getByRole('radio', { name: 'Bank transfer' }).check();
    await w.page.getByLabel('Sort code').fill('40-12-34');
    await w.page.getByLabel('Account number').fill('31926819');
    // The session ends while the customer types (idle timeout, sign-out elsewhere): the submit answers 401.
    await w.page.route(claimPath, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ errors: [{ code: 'UNAUTHORISED' }] }),
          })
        : route.fallback(),
    );
    await w.page.getByRole('button', { name: 'Send claim' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith('/login') && u.searchParams.get('redirect') !== null);
    await w.page.unroute(claimPath);
    const stored = await w.page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href,
    );
    for (const secret of ['401234', '40-12-34', '31926819']) expect(stored).not.toContain(secret);

    await w.page.getByLabel('Email address').first().fill(demo.email);
    await w.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/claim/${id}`));
    await w.page
      .getByText(
        "You were signed out before your claim was sent. We've kept what you typed: check it and send it again.",
      )
      .waitFor();
    expect(await w.page.getByLabel('How many minutes late did you arrive?').inputValue()).toBe('34');
    expect(await w.page.getByRole('radio', { name: 'Bank transfer' }).isChecked()).toBe(true);
    expect(await w.page.getByLabel('Sort code').inputValue()).toBe('40-12-34');
    expect(await w.page.getByLabel('Account number').inputValue()).toBe('31926819');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    const send = w.page.getByRole('button', { name: 'Send claim' });
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await w.page.getByText('Thank you, your claim has been sent').waitFor();
    expect(w.errors).toEqual([]);
  });
});
