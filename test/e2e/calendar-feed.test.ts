import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn } from './browser';
import { useE2eWorld } from './world';
import { parseCalendar } from '../helpers/parse-ics';

/** The private calendar feed on Account controls (decision 191), in Chromium against the local world.server. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();

/** The feed as a calendar app fetches it: the path of the address shown, on the test world.server. */
const fetchFeed = (url: string) => fetch(`${world.server.origin}${new URL(url).pathname}`);

describe('calendar feed', () => {
  it('turns on with an address shown once, renews it and turns off, each asked first; keyboard and 375 px', async () => {
    const { page, context } = await openPage(world.browser, 375);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.origin });
    await signIn(
      page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/account-controls`,
    );
    const section = page.getByRole('region', { name: 'Your journeys in your calendar' });
    await section.getByRole('button', { name: 'Get a calendar address' }).click();

    const address = section.getByRole('textbox', { name: 'Your private calendar address' });
    await address.waitFor();
    const first = await address.inputValue();
    expect(first).toMatch(/\/my-account\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await section.getByRole('link', { name: 'Open in your calendar app' }).getAttribute('href')).toBe(
      first.replace(/^https?:/, 'webcal:'),
    );
    await section.getByRole('button', { name: 'Copy address' }).click();
    await section.getByRole('button', { name: 'Address copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(parseCalendar(await (await fetchFeed(first)).text()).events.length).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A new address, asked first (Escape cancels), by keyboard.
    const renew = section.getByRole('button', { name: 'Get a new address' });
    await renew.focus();
    await page.keyboard.press('Enter');
    const renewDialog = page.getByRole('dialog', { name: 'Get a new calendar address?' });
    await renewDialog.waitFor();
    await page.keyboard.press('Escape');
    await renewDialog.waitFor({ state: 'hidden' });
    expect(await renew.evaluate((el) => el === document.activeElement)).toBe(true);
    await renew.click();
    await renewDialog.getByRole('button', { name: 'Get a new address' }).click();
    await renewDialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      (old) => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value !== old,
      first,
    );
    const second = await address.inputValue();
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    // After a reload the address is not shown again, only that the feed is on.
    await page.reload();
    await section.getByText(/^Your calendar feed is on \(address made /).waitFor();
    expect(await address.count()).toBe(0);

    // Turn off, asked first: the old address answers 404 at once.
    await section.getByRole('button', { name: 'Turn off' }).click();
    const offDialog = page.getByRole('dialog', { name: 'Turn off your calendar feed?' });
    await offDialog.getByRole('button', { name: 'Turn off' }).click();
    await section.getByText('Your calendar feed is off. The old address no longer works.').waitFor();
    expect((await fetchFeed(second)).status).toBe(404);
    await section.getByRole('button', { name: 'Get a calendar address' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('keeps the feed as it was when a change fails, and says so', async () => {
    const { page, context } = await openPage(world.browser);
    await signIn(page, world.server.origin, demo.email, demo.password);
    await page.route('**/my-account/api/customer/calendar-feed', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"code":"SERVER_ERROR"}]}' })
        : route.fallback(),
    );
    await page.goto(`${world.server.origin}/my-account/account-controls`);
    const section = page.getByRole('region', { name: 'Your journeys in your calendar' });
    await section.getByRole('button', { name: 'Get a calendar address' }).click();
    await section.getByText("We couldn't update your calendar feed. Please try again.").waitFor();
    expect(await section.getByRole('button', { name: 'Get a calendar address' }).isEnabled()).toBe(true);
    await context.close();
  });
});
