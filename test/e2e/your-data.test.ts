import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn } from './browser';
import { useE2eWorld } from './world';

/**
 * Your data on Account controls (decisions 610, 611), as a customer would: download everything the
 * account holds, then close it; it cannot sign in again and its orders are still found. On the
 * account seeded for it (leaving@example.com), at 375 px.
 */
const leaving = { email: 'leaving@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();

/** data.json out of the ZIP: the first entry, deflated (server/lib/zip.ts writes it first). */
const firstEntry = (zip: Buffer) => {
  const packed = zip.readUInt32LE(18);
  const start = 30 + zip.readUInt16LE(26) + zip.readUInt16LE(28);
  return {
    name: zip.subarray(30, 30 + zip.readUInt16LE(26)).toString('utf8'),
    text: inflateRawSync(zip.subarray(start, start + packed)).toString('utf8'),
  };
};

describe('your data', () => {
  it("downloads the account's data, then closes the account: no sign-in, orders still found", async () => {
    const { page, context } = await openPage(world.browser, 375);
    await signIn(
      page,
      world.server.origin,
      leaving.email,
      leaving.password,
      '',
      `${world.server.origin}/my-account/account-controls`,
    );

    const download = page.getByRole('region', { name: 'Download your data' });
    await download.getByRole('button', { name: 'Request my data' }).click();
    await download.getByText("We're preparing your file. We'll email you when it's ready.").waitFor();
    const link = download.getByRole('link', { name: 'Download your data (ZIP)' });
    await link.waitFor({ timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename()).toMatch(/^my-account-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entry = firstEntry(await readFile((await file.path())!));
    expect(entry.name).toBe('data.json');
    const data = JSON.parse(entry.text) as {
      profile: { email: string };
      bookings: { reference: string; orderEmail: string }[];
    };
    expect(data.profile.email).toBe(leaving.email);
    expect(data.bookings).toHaveLength(3);

    // Close: the consequences first, then the password.
    const close = page.getByRole('region', { name: 'Close your account' });
    await close.getByText(/can still find them with Find a booking/).waitFor();
    await close.getByRole('button', { name: 'Close my account' }).click();
    const confirm = close.getByRole('button', { name: 'Close my account permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    await close.getByLabel('Password').fill(leaving.password);
    await confirm.click();
    await close.getByText('Your account is closed').waitFor();
    // Nobody is signed in any more: the header offers to sign in, the account navigation is gone.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'My account' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The sign-in is refused; the first order is still found with Find a booking.
    await context.clearCookies();
    await page.goto(`${world.server.origin}/my-account/login`);
    await page.getByLabel('Email address').first().fill(leaving.email);
    await page.getByLabel('Password', { exact: true }).fill(leaving.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toContain('/login');

    const [order] = await world.server.query<{ friendly_order_id: string; date: string }>(
      `select o.friendly_order_id, b.data->'outward'->>'date' as date from orders o join bookings b on b.order_id = o.id
       where o.email = $1 order by b.outward_date desc limit 1`,
      [leaving.email],
    );
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(order!.date));
    await page.goto(`${world.server.origin}/my-account/find-booking`);
    await page.getByLabel('Booking reference').fill(order!.friendly_order_id);
    await page.getByLabel('Departure date').fill(day);
    await page.getByLabel("Passenger's surname").fill('Brooks');
    await page.getByLabel('Email address').fill(leaving.email);
    await page.getByRole('button', { name: 'Find booking' }).click();
    await page.waitForURL(/\/order-token\//);
    await page.getByText(order!.friendly_order_id).first().waitFor();
    // A booking of no account now: nobody is told to sign in to an account that is gone.
    expect(await page.getByText('This booking belongs to an account', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
