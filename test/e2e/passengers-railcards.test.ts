import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { DEMO_PASSENGERS, DEMO_RAILCARDS } from '#server/seed/passengers';

const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
/** One signed-in page for the whole file (signing in is deliberately slow); tests run in order. */
let w: PageWatch;
let page: Page;

beforeAll(async () => {
  w = await openPage(world.browser);
  page = w.page;
  await signIn(page, world.server.origin, demo.email, demo.password);
});

const base = () => `${world.server.origin}/my-account/passengers-and-railcards`;
const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const text = (t: string) => page.getByText(t, { exact: true });
const dob = () => page.getByRole('group', { name: 'Date of birth' });
const passengerCard = (name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });

describe('passengers list', () => {
  it('shows the account holder first, railcards with expiry and status, and passes axe', async () => {
    await page.goto(base());
    await heading('Passengers and railcards').waitFor();
    const names = await page
      .getByRole('list', { name: 'Saved passengers' })
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(names[0]).toBe('Alex Morgan');
    expect(names.slice(1).map((n) => n.replace(/\s*\(.*\)$/, ''))).toEqual([
      'Jamie Morgan',
      'Ruby Morgan',
      'Patricia Morgan',
    ]);
    await passengerCard('Alex Morgan').getByText('Account holder').waitFor();
    await passengerCard('Jamie Morgan').getByText('Expired', { exact: true }).waitFor();
    expect(
      await passengerCard('Jamie Morgan')
        .getByText(/^Expired on \d+ \w+ \d{4}$/)
        .count(),
    ).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('fits a 375 px screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(base());
    await heading('Passengers and railcards').waitFor();
    await passengerCard('Alex Morgan').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('add passenger', () => {
  it('shows the spec messages, keeps Save disabled while invalid, limits the date parts', async () => {
    await page.goto(`${base()}/add-passenger`);
    await heading('Add passenger').waitFor();
    const save = page.getByRole('button', { name: 'Save passenger' });
    expect(await save.isDisabled()).toBe(true);
    const first = page.getByLabel('First name');
    await first.focus();
    await first.blur();
    await text('Required').waitFor();
    await first.fill('R');
    await text('Names cannot be shorter than 2 characters').waitFor();
    await first.fill('Rob!n');
    await text('Name contains invalid characters').waitFor();
    await page.getByLabel('Last name').fill('x'.repeat(31));
    await page.getByLabel('Last name').blur();
    await text('Names cannot be longer than 30 characters').waitFor();
    await page.getByLabel('Nickname (optional)').fill('   ');
    await page.getByLabel('Nickname (optional)').blur();
    await text('Invalid').waitFor();
    await page.getByLabel('Email address (optional)').fill('not-an-email');
    await page.getByLabel('Email address (optional)').blur();
    await text('Must be a valid email address').waitFor();

    expect(await dob().getByLabel('Day').getAttribute('maxlength')).toBe('2');
    expect(await dob().getByLabel('Month').getAttribute('maxlength')).toBe('2');
    expect(await dob().getByLabel('Year').getAttribute('maxlength')).toBe('4');
    await dob().getByLabel('Day').fill('31');
    await dob().getByLabel('Month').fill('02');
    await dob().getByLabel('Year').fill('1990');
    await page.getByLabel('Nickname (optional)').focus(); // leaves the date-of-birth group
    await text('Date of birth must be in the format DD MM YYYY').waitFor();
    // The group's one message describes the fieldset.
    expect(await dob().getAttribute('aria-describedby')).toContain('-error');
    await dob().getByLabel('Day').fill('12');
    await dob().getByLabel('Year').fill('1899');
    await text('Date of birth cannot be before 1900').waitFor();
    await dob()
      .getByLabel('Year')
      .fill(String(new Date().getFullYear() + 1));
    await text('Date of birth cannot be in the future').waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('says the passenger could not be added and keeps what was typed when the save fails', async () => {
    await page.goto(`${base()}/add-passenger`);
    await heading('Add passenger').waitFor();
    await fillPassenger('Robin', 'Hughes', ['07', '03', '1990']);
    await page.route('**/my-account/api/customer/passengers-and-railcards/add-passenger', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"code":"INTERNAL_ERROR"}]}' }),
    );
    await page.getByRole('button', { name: 'Save passenger' }).click();
    await text('Oops! Unfortunately this passenger could not be added. Please try again later.').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Robin');
    await page.unrouteAll();
  });

  it('saves a valid passenger and goes back to the list', async () => {
    await page.goto(`${base()}/add-passenger`);
    await heading('Add passenger').waitFor();
    await fillPassenger('Robin', 'Hughes', ['7', '3', '1990']);
    await page.getByLabel('Email address (optional)').fill('robin.hughes@example.com');
    await page.getByRole('button', { name: 'Save passenger' }).click();
    await page.waitForURL(/\/my-account\/passengers-and-railcards$/);
    await passengerCard('Robin Hughes')
      .getByText(/Date of birth: 7 March 1990/)
      .waitFor();
    expect(w.errors).toEqual([]);
  });
});

describe('edit passenger', () => {
  it('the account holder gets the Personal Details checkbox instead of email, and no delete', async () => {
    await page.goto(`${base()}/edit-passenger/${DEMO_PASSENGERS.alex}`);
    await heading('Edit passenger').waitFor();
    await page.getByLabel('Update name in Personal Details').waitFor();
    await text('This passenger is the account holder and cannot be deleted').waitFor();
    expect(await page.getByLabel('Email address (optional)').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete passenger' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
  });

  it('holds a passenger name to the one name rule of the account and the server: no digits or emoji', async () => {
    // The account-update flag itself is replayed in replay-passenger-form (the server gives it no more on its own).
    await page.goto(`${base()}/edit-passenger/${DEMO_PASSENGERS.alex}`);
    await heading('Edit passenger').waitFor();
    for (const name of ['Alex 2', "O'Brien-😀"]) {
      await page.getByLabel('First name').fill(name);
      await page.getByLabel('First name').blur();
      await text('Name contains invalid characters').waitFor();
      expect(await page.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    }
  });

  it('says the passenger could not be updated when the save fails', async () => {
    await page.goto(`${base()}/edit-passenger/${DEMO_PASSENGERS.ruby}`);
    await heading('Edit passenger').waitFor();
    await page.getByLabel('Nickname (optional)').fill('Rubes');
    await page.route('**/my-account/api/passengers/edit-passenger/**', (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await page.getByRole('button', { name: 'Update' }).click();
    await text('Oops! Unfortunately this passenger could not be updated. Please try again later.').waitFor();
    expect(await page.getByLabel('Nickname (optional)').inputValue()).toBe('Rubes');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/\/passengers-and-railcards$/);
    await passengerCard('Ruby Morgan').getByText('(Rubes)').waitFor();
  });

  it('deletes a passenger after confirming in a dialog (Escape cancels)', async () => {
    await page.goto(base());
    await passengerCard('Robin Hughes')
      .getByRole('link', { name: /Edit passenger/ })
      .click();
    await heading('Edit passenger').waitFor();
    await page.getByRole('button', { name: 'Delete passenger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this passenger?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete passenger' }).click();
    await dialog.getByRole('button', { name: 'Delete passenger' }).click();
    await page.waitForURL(/\/passengers-and-railcards$/);
    await heading('Passengers and railcards').waitFor();
    await passengerCard('Jamie Morgan').waitFor();
    expect(await passengerCard('Robin Hughes').count()).toBe(0);
  });
});

describe('railcards', () => {
  it('selects a railcard with its price, refuses an expired card, saves a valid one', async () => {
    await page.goto(base());
    await passengerCard('Jamie Morgan')
      .getByRole('link', { name: /Add a railcard/ })
      .click();
    await heading('Select a railcard').waitFor();
    const option = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '26-30 Railcard' }) });
    await option.getByText('£35.00').waitFor();
    expect(await page.getByRole('heading', { name: 'Network Railcard' }).count()).toBe(0); // already held
    await option.getByRole('link', { name: /Add this railcard/ }).click();
    await heading('Add railcard: 26-30 Railcard').waitFor();
    await page.getByLabel('Railcard number').fill('TST1234567');
    await page.getByLabel('Expiry date').fill('2020-01-31');
    await page.getByRole('button', { name: 'Save railcard' }).click();
    await text('This railcard has expired. Check the expiry date, or buy a new railcard.').waitFor();
    const next = new Date(Date.now() + 100 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Expiry date').fill(next);
    await page.getByRole('button', { name: 'Save railcard' }).click();
    await page.waitForURL(/\/passengers-and-railcards$/);
    await passengerCard('Jamie Morgan').getByText('26-30 Railcard', { exact: true }).first().waitFor();
    expect(w.errors).toEqual([]);
  });

  it('offers a child only the railcards she can hold, says why others are missing, and words a refusal', async () => {
    await page.goto(base());
    await passengerCard('Ruby Morgan')
      .getByRole('link', { name: /Add a railcard/ })
      .click();
    await heading('Select a railcard').waitFor();
    await page.getByRole('heading', { name: 'Disabled Persons Railcard' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Family & Friends Railcard' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Veterans Railcard' }).count()).toBe(0);
    const notShown = page.getByRole('region', { name: 'Railcards not shown' });
    await notShown
      .getByText('Family & Friends Railcard: For up to 4 adults and 4 children aged 5 to 15 travelling together.')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Reached anyway (an old link): the server refuses, and the screen says why and what to do.
    await page.goto(`${base()}/${DEMO_PASSENGERS.ruby}/add-railcard/family-and-friends`);
    await heading('Add railcard: Family & Friends Railcard').waitFor();
    await page.getByLabel('Railcard number').fill('FAM1234567');
    await page.getByLabel('Expiry date').fill(new Date(Date.now() + 100 * 24 * 3600 * 1000).toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Save railcard' }).click();
    await text(
      "Ruby can't hold a Family & Friends Railcard: for up to 4 adults and 4 children aged 5 to 15 travelling together. Choose a railcard Ruby can hold from the list of railcards.",
    ).waitFor();
    expect(await page.getByText('try again later', { exact: false }).count()).toBe(0);
    expect(await page.getByLabel('Railcard number').inputValue()).toBe('FAM1234567');
    await page.getByRole('link', { name: 'See the railcards this passenger can hold' }).click();
    await heading('Select a railcard').waitFor();
  });

  it('edits and removes a railcard after confirming', async () => {
    await page.goto(`${base()}/${DEMO_PASSENGERS.jamie}/edit-railcard/network`);
    await heading('Edit railcard: Network Railcard').waitFor();
    await page.getByText(/^Expired on /).waitFor();
    await page.getByRole('button', { name: 'Remove railcard' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this railcard?' })
      .getByRole('button', { name: 'Remove railcard' })
      .click();
    await page.waitForURL(/\/passengers-and-railcards$/);
    await passengerCard('Jamie Morgan').getByText('26-30 Railcard', { exact: true }).first().waitFor();
    expect(await passengerCard('Jamie Morgan').getByText('Network Railcard', { exact: true }).count()).toBe(0);
  });

  it('shows the digital railcard with its holders, number and expiry', async () => {
    await page.goto(base());
    await passengerCard('Alex Morgan')
      .getByRole('link', { name: /Show railcard/ })
      .click();
    await heading('Digital railcard').waitFor();
    const card = page.getByRole('article', { name: /Two Together Railcard for/ });
    await card.getByText('Alex Morgan & Jamie Morgan').waitFor();
    await card.getByText('TWO7730516').waitFor();
    await card.getByText('Valid', { exact: true }).waitFor();
    expect(page.url()).toContain(DEMO_RAILCARDS.alexTwoTogether);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('feature flag', () => {
  it('shows the not-found screen when passengers-and-railcards is off', async () => {
    const flag = (on: boolean) =>
      fetch(`${world.server.origin}/__test/page-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ features: { 'passengers-and-railcards': on } }),
      });
    await flag(false);
    try {
      await page.goto(base());
      await heading('Page not found').waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'My account' })
          .getByRole('link', { name: 'Passengers and railcards' })
          .count(),
      ).toBe(0);
    } finally {
      await flag(true);
    }
  });
});

async function fillPassenger(firstName: string, lastName: string, [d, m, y]: [string, string, string]) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await dob().getByLabel('Day').fill(d);
  await dob().getByLabel('Month').fill(m);
  await dob().getByLabel('Year').fill(y);
}
