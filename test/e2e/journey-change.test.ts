import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stableId } from '#server/seed/context';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/**
 * Changing a journey in Chromium against the local server (decisions 600 and 691), and a season's
 * start date (decision 790), as a new customer would.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const booking = (key: string) => stableId('booking', `${key}:0`);
const york = booking('demo-upcoming-kingscross-york'); // Off-Peak Return, 09:00 out, 17:30 back
const manchester = booking('demo-upcoming-euston-manchester'); // Advance Single, 07:30
const departed = booking('demo-past-manchester-euston-advance'); // Advance, left an hour before seeding
const guestBooking = booking('guest-newcastle-edinburgh'); // a guest's Advance, its emailed link demo-guest-token-1
const season = booking('sam-season-monthly-ipswich'); // Sam Patel's monthly season, starting two weeks after seeding

const world = useE2eWorld();
let w: PageWatch;

beforeAll(async () => {
  w = await openPage(world.browser);
  await signIn(w.page, world.server.origin, demo.email, demo.password);
});
beforeEach(() => {
  w.errors.length = 0;
});

const go = (path: string) => w.page.goto(`${world.server.origin}/my-account${path}`);
const heading = (name: string | RegExp, level = 1) => w.page.getByRole('heading', { level, name });
const text = (t: string | RegExp) => w.page.getByText(t).first();

async function searchOutwardAndChoose(time: string) {
  await heading('Change your journey').waitFor();
  await w.page.getByRole('radio', { name: 'Outward', exact: true }).check();
  await w.page.getByRole('button', { name: 'Find trains' }).click();
  await heading('Choose your new outward train', 2).waitFor();
  // The 12:00 is full and the 15:00 cancelled: shown, not offered.
  await text('Full: no seats left to sell.').waitFor();
  await text('Cancelled.').waitFor();
  await w.page.getByRole('button', { name: `Choose the ${time} train` }).click();
  await heading('Check your change', 2).waitFor();
}

describe('change your journey', () => {
  it("King's Cross → York: a later, dearer train, the difference and the fee paid with the saved card", async () => {
    await go(`/bookings/${york}`);
    await heading("London King's Cross to York").waitFor();
    await w.page.getByRole('link', { name: 'Change journey' }).click();
    await searchOutwardAndChoose('18:00');
    // Old and new side by side, each ticket's fares, the difference, the fee and the total.
    await heading('Old journey', 3).waitFor();
    await heading('New journey', 3).waitFor();
    await text('£11.00').waitFor();
    await text('£20.00').waitFor();
    expect(await w.page.getByRole('radio', { name: 'Visa ending 4242' }).isChecked()).toBe(true);
    expect(await w.page.getByRole('radio', { name: 'American Express ending 1005 (expired)' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('button', { name: 'Pay £31.00 and change' }).click();

    // The new booking opens; the old one answers 308 and leads to it.
    await heading("London King's Cross to York").waitFor();
    await w.page.waitForURL(
      (url) => !url.pathname.endsWith(`/bookings/${york}/change`) && !url.pathname.endsWith(`/bookings/${york}`),
    );
    const newUrl = w.page.url();
    await text('18:00').waitFor();
    // The new booking says which booking it replaces, with the trail of both.
    await w.page.getByText('Journey changed', { exact: true }).waitFor();
    await text(/^This booking replaces booking TL-\w+/).waitFor();
    expect(
      await w.page
        .getByRole('link', { name: 'See the history of this booking and the one it replaces' })
        .getAttribute('href'),
    ).toMatch(/\/history$/);
    await go(`/bookings/${york}`);
    await w.page.waitForURL((url) => url.href !== `${world.server.origin}/my-account/bookings/${york}`);
    expect(w.page.url()).not.toBe(`${world.server.origin}/my-account/bookings/${york}`);
    expect(newUrl).not.toContain(york);
  });

  it('an Advance ticket to a cheaper train: told why nothing comes back; a refused card keeps the choice', async () => {
    await go(`/bookings/${manchester}/change`);
    await searchOutwardAndChoose('19:30');
    await heading('Why nothing comes back', 2).or(text('Why nothing comes back')).first().waitFor();
    await text('an Advance ticket changed to a lower fare gives no money back').waitFor();
    await text('If the new fare is lower, the difference is not refunded.').waitFor();
    await w.page.getByRole('radio', { name: 'A new card' }).check();
    await w.page.getByRole('button', { name: 'Pay £10.00 and change' }).click();
    await w.page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await w.page.getByLabel('Expiry date').fill('12/30');
    await w.page.getByLabel('Security code (CVC)').fill('123');
    await w.page.getByLabel('Name on card').fill('Alex Morgan');
    await w.page.getByRole('button', { name: 'Use this card and pay £10.00' }).click();
    // Refused: said so, nothing charged, the trains and the review kept.
    await text('Your card was refused').waitFor();
    await text('Your card was declined: nothing was charged. Try another card.').waitFor();
    await heading('Check your change', 2).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // At 375 px: axe clean, and nothing wider than the screen (the fares table scrolls in its own box).
    const wide = w.page.viewportSize();
    await w.page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (wide) await w.page.setViewportSize(wide);
  });

  it("a guest's emailed link offers the change, and the guest pays with a new card and sees the new booking", async () => {
    const guest = await openPage(world.browser);
    const g = guest.page;
    await g.goto(`${world.server.origin}/my-account/order-token/${guestBooking}#token=demo-guest-token-1`);
    await g.getByRole('link', { name: 'Change journey' }).click();
    await g.waitForURL(new RegExp(`/order-token/${guestBooking}/change$`));
    await g.getByRole('heading', { level: 2, name: 'What would you like to change?' }).waitFor();
    expect(await seriousAxeViolations(g)).toEqual([]);
    await g.getByRole('button', { name: 'Find trains' }).click();
    await g.getByRole('button', { name: 'Choose the 13:30 train' }).click();
    await g.getByRole('heading', { level: 2, name: 'Check your change' }).waitFor();
    // A guest has no saved cards: a new card is the one way to pay.
    expect(await g.getByRole('radio', { name: 'A new card' }).isChecked()).toBe(true);
    await g.getByRole('button', { name: /^Pay £[\d.]+ and change$/ }).click();
    await g.getByLabel('Card number').fill('4242 4242 4242 4242');
    await g.getByLabel('Expiry date').fill('12/30');
    await g.getByLabel('Security code (CVC)').fill('123');
    await g.getByLabel('Name on card').fill('Jordan Lee');
    await g.getByRole('button', { name: /^Use this card and pay/ }).click();
    // The new booking opens on the guest's own pages, saying which booking it replaces.
    await g.waitForURL((url) => /\/order-token\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(guestBooking));
    await g.getByText('Journey changed', { exact: true }).waitFor();
    await g.getByText('13:30').first().waitFor();
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });

  it('an Advance ticket whose train has left is refused with the reason', async () => {
    await go(`/bookings/${departed}`);
    await heading('Manchester Piccadilly to London Euston').waitFor();
    expect(await w.page.getByRole('link', { name: 'Change journey' }).count()).toBe(0);
    await go(`/bookings/${departed}/change`);
    await text("This journey can't be changed online").waitFor();
    await text(
      'Advance tickets can be changed only before the booked train leaves, and this train has left.',
    ).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
  });
});

describe("change a season ticket's start date", () => {
  it('Sam moves his monthly season two weeks on: a refused card keeps the date, another card pays, done shows the new dates', async () => {
    const sam = await openPage(world.browser);
    const s = sam.page;
    await signIn(
      s,
      world.server.origin,
      'sam.patel@example.com',
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${season}`,
    );
    await s.getByRole('link', { name: 'Change start date' }).click();
    await s.getByRole('heading', { level: 2, name: 'Choose the new start date' }).waitFor();
    const start = new Date(Date.now() + 28 * 24 * 3600_000);
    await s.getByLabel('Day').fill(String(start.getUTCDate()));
    await s.getByLabel('Month').fill(String(start.getUTCMonth() + 1));
    await s.getByLabel('Year').fill(String(start.getUTCFullYear() + 1));
    await s.getByLabel('Year').press('Tab');
    // Too far ahead: said beside the date, and Continue stays disabled.
    await s.getByText('Start date must be within 90 days from today').waitFor();
    await s.getByLabel('Year').fill(String(start.getUTCFullYear()));
    await s.getByRole('button', { name: 'Continue' }).click();
    await s.getByRole('heading', { level: 2, name: 'Check your new dates' }).waitFor();
    expect(await seriousAxeViolations(s)).toEqual([]);
    const pay = async (number: string) => {
      await s.getByRole('button', { name: 'Pay £10.00 and change' }).click();
      await s.getByLabel('Card number').fill(number);
      await s.getByLabel('Expiry date').fill('12/30');
      await s.getByLabel('Security code (CVC)').fill('123');
      await s.getByLabel('Name on card').fill('Sam Patel');
      await s.getByRole('button', { name: 'Use this card and pay £10.00' }).click();
    };
    await pay('4000 0000 0000 0002');
    await s.getByText('Your card was refused').waitFor();
    await s.getByRole('heading', { level: 2, name: 'Check your new dates' }).waitFor();
    await pay('4242 4242 4242 4242');
    await s.getByRole('heading', { level: 2, name: "Your season ticket's start date has changed" }).waitFor();
    await s.getByText(/^Your season ticket is now valid from /).waitFor();
    expect(await seriousAxeViolations(s)).toEqual([]);
    await s.getByRole('link', { name: 'See its history' }).click();
    await s.getByRole('heading', { level: 1, name: 'Booking history' }).waitFor();
    expect(sam.errors).toEqual([]);
    await sam.context.close();
  });

  it('a season that has started is refused with the rule', async () => {
    await go(`/bookings/${booking('demo-season-annual-reading')}/change-start-date`);
    await text("This season ticket's start date can't be changed").waitFor();
    await text(
      "A season ticket's start date can be changed only before it starts, and this season has started.",
    ).waitFor();
  });
});
