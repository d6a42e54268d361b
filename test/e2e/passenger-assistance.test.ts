import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_HISTORY_KEYS } from '#server/seed/booking-history';
import { stableId } from '#server/seed/context';
import { ASSISTANCE_BOOKING_KEY } from '#server/seed/passenger-assistance';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/** Passenger assistance in Chromium against the local server. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const york = stableId('booking', `${ASSISTANCE_BOOKING_KEY}:0`); // Alex and Jamie; Jamie's wheelchair seeded
const coventry = stableId('booking', `${BOOKING_HISTORY_KEYS.activatedToday}:0`); // leaves 90 minutes after seeding

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
const heading = (name: string) => w.page.getByRole('heading', { level: 1, name });
const text = (t: string | RegExp) => w.page.getByText(t).first();
const fits = () => w.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const setPageData = (body: object) =>
  fetch(`${world.server.origin}/__test/page-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('passenger assistance on a booking', () => {
  it('books assistance from the booking, reviews it and cancels it', async () => {
    await go(`/bookings/${york}`);
    await heading("London King's Cross to York").waitFor();
    await w.page.getByRole('link', { name: 'Passenger assistance' }).click();

    await heading('Passenger assistance').waitFor();
    const jamie = w.page.getByRole('region', { name: 'Jamie Morgan' });
    await jamie.getByText('Travels in a manual wheelchair (not folding); please have a ramp ready at York.').waitFor();
    await jamie.getByRole('listitem').filter({ hasText: 'Wheelchair' }).first().waitFor();
    await w.page.getByRole('region', { name: 'Alex Morgan' }).getByText('Cancelled', { exact: true }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.getByRole('link', { name: 'Request assistance' }).click();
    await heading('Request passenger assistance').waitFor();
    const book = w.page.getByRole('button', { name: 'Book assistance' });
    expect(await book.isDisabled()).toBe(true); // pristine
    const who = w.page.getByRole('group', { name: 'Who needs assistance?' });
    const journey = w.page.getByRole('group', { name: 'Which journey?' });
    const help = w.page.getByRole('group', { name: 'What help do you need?' });
    // Keyboard: arrow keys move between a group's radios, space ticks a checkbox.
    await who.getByRole('radio', { name: 'Alex Morgan' }).focus();
    await w.page.keyboard.press('Space');
    expect(await who.getByRole('radio', { name: 'Alex Morgan' }).isChecked()).toBe(true);
    await journey.getByRole('radio', { name: /^Outward: London King's Cross to York/ }).check();
    await help.getByRole('checkbox', { name: /^Ramp/ }).focus();
    await w.page.keyboard.press('Space');
    await w.page.keyboard.press('Space'); // and off again: nothing chosen
    await text('Please choose at least one kind of help').waitFor();
    expect(await book.isDisabled()).toBe(true); // invalid
    await help.getByRole('checkbox', { name: /^Guidance/ }).check();
    await w.page
      .getByLabel('Anything staff should know? (optional)')
      .fill('Partially sighted; please meet me at the ticket gates.');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await book.click();

    await heading('Review passenger assistance').waitFor();
    await text('Your assistance is booked. Staff will be ready to help at the station.').waitFor();
    await text('Partially sighted; please meet me at the ticket gates.').waitFor();
    expect(await w.page.locator('dd').filter({ hasText: 'Alex Morgan' }).count()).toBe(1);
    await w.page
      .locator('dd')
      .filter({ hasText: /^Guidance$/ })
      .waitFor();
    await w.page
      .locator('dd')
      .filter({ hasText: /^Outward: London King's Cross to York/ })
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.getByRole('link', { name: 'Cancel this assistance' }).click();
    await heading('Cancel passenger assistance').waitFor();
    await text('Do you want to cancel this assistance?').waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('button', { name: 'Cancel assistance' }).click();

    await heading('Passenger assistance').waitFor();
    await text('The assistance has been cancelled.').waitFor();
    const alex = w.page.getByRole('region', { name: 'Alex Morgan' });
    const outward = alex.getByRole('listitem').filter({ has: w.page.getByRole('heading', { name: /^Outward/ }) });
    await outward.getByText('Cancelled', { exact: true }).waitFor();
    await outward.getByText('No assistance booked.').waitFor();
    expect(w.errors).toEqual([]);
  });

  it("shows the server's message when the train leaves in under 2 hours, keeping what was typed", async () => {
    await go(`/bookings/${coventry}/passenger-assistance/create`);
    await heading('Request passenger assistance').waitFor();
    // One passenger and one leg: both chosen already.
    expect(await w.page.getByRole('radio', { name: 'Alex Morgan' }).isChecked()).toBe(true);
    expect(await w.page.getByRole('radio', { name: /^Outward: London Euston to Coventry/ }).isChecked()).toBe(true);
    await w.page.getByRole('checkbox', { name: /^Wheelchair/ }).check();
    const details = w.page.getByLabel('Anything staff should know? (optional)');
    await details.fill('Please bring a station wheelchair to the taxi rank.');
    await w.page.getByRole('button', { name: 'Book assistance' }).click();

    // About the journey chosen: the question is marked and described by it, and the error summary links to it.
    const refusal =
      /^Assistance must be booked at least 2 hours before the train leaves\. This train leaves at \d\d:\d\d, so please ask the staff at London Euston for help on the day\.$/;
    const journey = w.page.getByRole('group', { name: 'Which journey?' });
    await journey.getByText(refusal).waitFor();
    expect(await journey.getAttribute('aria-invalid')).toBe('true');
    await w.page.getByRole('link', { name: /^Which journey\?: Assistance must be booked at least 2 hours/ }).waitFor();
    expect(await w.page.getByRole('checkbox', { name: /^Wheelchair/ }).isChecked()).toBe(true);
    expect(await details.inputValue()).toBe('Please bring a station wheelchair to the taxi rank.');
    expect(await w.page.getByRole('button', { name: 'Book assistance' }).isDisabled()).toBe(false);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });
});

describe('the account page, small screens and the flag', () => {
  it('lists assistance across upcoming journeys, and every screen fits 375 px', async () => {
    await w.context.close();
    w = await openPage(world.browser, 375);
    await signIn(w.page, world.server.origin, demo.email, demo.password);

    await go('/passenger-assistance');
    await heading('Passenger assistance').waitFor();
    const booked = w.page.getByRole('region', { name: 'Assistance booked' });
    await booked.getByRole('heading', { name: "London King's Cross to York" }).waitFor();
    await booked.getByText('Jamie Morgan').waitFor();
    const others = w.page.getByRole('region', { name: 'Other upcoming journeys' });
    await others.getByRole('heading', { name: 'London Euston to Coventry' }).waitFor();
    expect(await fits()).toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await booked.getByRole('link', { name: /^Manage assistance for London King's Cross to York/ }).click();
    await heading('Passenger assistance').waitFor();
    await text('Travels in a manual wheelchair').waitFor();
    expect(await fits()).toBe(true);
    await go(`/bookings/${york}/passenger-assistance/create`);
    await heading('Request passenger assistance').waitFor();
    await w.page.getByRole('radio', { name: 'Jamie Morgan' }).check();
    await w.page.getByRole('radio', { name: /^Outward: London King's Cross to York/ }).check();
    // What is booked already is pointed out before the server would refuse a second booking.
    await text('Jamie Morgan already has Wheelchair, Ramp booked for this journey.').waitFor();
    expect(await fits()).toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('shows the not-found screen and no entry point while enable-passenger-assistance is off', async () => {
    await setPageData({ features: { 'enable-passenger-assistance': false } });
    try {
      await go(`/bookings/${york}/passenger-assistance`);
      await heading('Page not found').waitFor();
      await go(`/bookings/${york}`);
      await heading("London King's Cross to York").waitFor();
      await w.page.getByRole('heading', { name: 'Passengers' }).waitFor();
      expect(await w.page.getByRole('link', { name: 'Passenger assistance' }).count()).toBe(0);
      expect(w.errors).toEqual([]);
    } finally {
      await setPageData({});
    }
  });
});
