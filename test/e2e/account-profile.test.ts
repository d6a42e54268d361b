import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { alertTexts, useE2eWorld } from './world';

/** Account overview, personal details, account controls, sustainability dashboard. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
/** Set by tests that change the demo account; the next test starts from a fresh seed. */
let changedData = false;

beforeEach(async () => {
  await w?.context.close();
  if (changedData) await world.server.reset('demo');
  changedData = false;
  w = await openPage(world.browser);
});

const heading = (name: string | RegExp) => w.page.getByRole('heading', { level: 1, name });
const text = (t: string) => w.page.getByText(t, { exact: true });
const open = async (path: string, width?: number) => {
  if (width) await w.page.setViewportSize({ width, height: 900 });
  await signIn(w.page, world.server.origin, demo.email, demo.password, '', `${world.server.origin}/my-account/${path}`);
};
/** LOOK_DIR=/tmp/x saves screenshots of the states tests reach, for people to look at. */
const shot = async (name: string) => {
  if (process.env.LOOK_DIR) await w.page.screenshot({ path: `${process.env.LOOK_DIR}/${name}.png`, fullPage: true });
};
const setPageData = (body: object) =>
  fetch(`${world.server.origin}/__test/page-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The link the server "sent" to a new email address (test switch), as the customer would open it. */
const confirmLink = async (email: string) => {
  const res = await fetch(`${world.server.origin}/__test/last-email-change-token?email=${encodeURIComponent(email)}`);
  const { token } = (await res.json()) as { token: string };
  return `${world.server.origin}/my-account/confirm-email#token=${token}`;
};

const failApi = (page: Page, path: string, method: 'GET' | 'POST', how: 'abort' | 500 = 'abort') =>
  page.route(`**/my-account/api/${path}`, (route) => {
    if (route.request().method() !== method) return route.fallback();
    return how === 'abort'
      ? route.abort('failed')
      : route.fulfill({
          status: how,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ code: 'INTERNAL_ERROR' }] }),
        });
  });

describe('account overview', () => {
  it('summarises the account and links to every section', async () => {
    await open('account-overview');
    await heading('My account').waitFor();
    await text('Alex Morgan').waitFor();
    const stats = w.page.getByRole('link', { name: /upcoming booking/ });
    expect(await stats.getAttribute('href')).toBe('/my-account/bookings/upcoming');
    expect(Number((await stats.innerText()).split('\n')[0])).toBeGreaterThan(0);
    await w.page.getByRole('link', { name: /saved passenger/ }).waitFor();
    const sections = w.page.getByRole('navigation', { name: 'Account sections' }).getByRole('link');
    expect(await sections.count()).toBe(11); // 10 + passenger assistance (flag on)
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('shows an error when the summary fails, and the links still work; portal headings apply', async () => {
    await setPageData({ portal: 'BrandedBusinessTravel' });
    try {
      await failApi(w.page, 'customer/account-summary', 'GET', 500);
      await open('account-overview', 375);
      await heading('Account').waitFor();
      await text('Sorry, we could not load your account summary right now.').waitFor();
      await shot('overview-error-375');
      const nav = w.page.getByRole('navigation', { name: 'Account sections' });
      await nav.getByRole('link', { name: /^Trips/ }).waitFor();
      await nav.getByRole('link', { name: /^Personal details/ }).click();
      await heading('Personal details').waitFor();
    } finally {
      await setPageData({});
    }
  });
});

describe('personal details', () => {
  it('shows every name message from the spec and keeps submit disabled while pristine or invalid', async () => {
    await open('personal-details', 375);
    const first = w.page.getByLabel('First name');
    const last = w.page.getByLabel('Last name');
    const save = w.page.getByRole('button', { name: 'Save changes' });
    await first.waitFor();
    expect(await first.inputValue()).toBe('Alex');
    // No maxlength: a 31st character is kept, so the spec's 'can only be up to 30 characters' shows.
    expect(await first.getAttribute('maxlength')).toBeNull();
    expect(await last.getAttribute('maxlength')).toBeNull();
    expect(await save.isDisabled()).toBe(true);

    await first.fill('');
    await first.blur();
    await text('Please enter first name').waitFor();
    await first.fill('R2D2');
    await text('Must be a valid first name').waitFor();
    await first.fill('');
    await first.pressSequentially('A'.repeat(31));
    expect(await first.inputValue()).toBe('A'.repeat(31));
    await text('First name can only be up to 30 characters').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await first.fill('Zoë');

    await last.fill('');
    await last.blur();
    await text('Please enter surname').waitFor();
    await last.fill('Morg@n');
    await text('Must be a valid last name').waitFor();
    await last.fill('');
    await last.pressSequentially('B'.repeat(31));
    expect(await last.inputValue()).toBe('B'.repeat(31));
    await text('Last name can only be up to 30 characters').waitFor();
    await shot('personal-details-errors-375');
    expect(await save.isDisabled()).toBe(true);
    await last.fill("O'Brien-Smith");
    expect(await save.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
  });

  it('saves, reads "Saved!" while pristine, and updates the passenger when asked', async () => {
    changedData = true;
    await open('personal-details');
    const first = w.page.getByLabel('First name');
    await first.fill('Alexandra');
    await w.page.getByLabel('Also update my passenger and railcard details with this name').check();
    await w.page.getByRole('button', { name: 'Save changes' }).click();
    const saved = w.page.getByRole('button', { name: 'Saved!' });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(true);
    await first.fill('Alexandr');
    await w.page.getByRole('button', { name: 'Save changes' }).waitFor();
    // The passenger list shows the account holder's new name.
    await w.page.goto(`${world.server.origin}/my-account/passengers-and-railcards`);
    await w.page.getByText('Alexandra', { exact: false }).first().waitFor();
    expect(w.errors).toEqual([]);
  });

  it('says separately when the passenger could not be updated', async () => {
    changedData = true;
    await open('personal-details');
    // 'J' is a valid personal-details name but too short for a saved passenger (2-30).
    await w.page.getByLabel('First name').fill('J');
    await w.page.getByLabel('Also update my passenger and railcard details with this name').check();
    await w.page.getByRole('button', { name: 'Save changes' }).click();
    await w.page.getByRole('button', { name: 'Saved!' }).waitFor();
    await w.page
      .getByText(
        'Your personal details have been saved, but we could not update your passenger details. Please update them in Passengers and railcards.',
      )
      .waitFor();
    await shot('personal-details-passenger-failed');
    // No error shown (the form's error summary is on the page, empty, until a submit attempt).
    expect(await alertTexts(w.page)).toEqual([]);
  });

  it('keeps what was typed when the save fails, and retries a failed load', async () => {
    await failApi(w.page, 'customer/personal-details', 'GET');
    await open('personal-details');
    await text('Sorry, we could not load your personal details. Please try again.').waitFor();
    await w.page.unroute('**/my-account/api/customer/personal-details');
    await w.page.getByRole('button', { name: 'Try again' }).click();
    const first = w.page.getByLabel('First name');
    await first.waitFor();

    await failApi(w.page, 'customer/personal-details', 'POST');
    await first.fill('Jo');
    await w.page.getByRole('button', { name: 'Save changes' }).click();
    await w.page
      .getByRole('alert')
      .getByText('Sorry, we could not save your personal details. Please try again.')
      .waitFor();
    expect(await first.inputValue()).toBe('Jo');
    await shot('personal-details-save-failed');
    expect(await w.page.getByRole('button', { name: 'Save changes' }).isEnabled()).toBe(true);
  });

  it('a 401 while saving goes to sign in, then back to personal details with what was typed (kept in memory only)', async () => {
    await open('personal-details');
    const first = w.page.getByLabel('First name');
    await first.waitFor();
    // The session ends while the customer types (idle timeout, sign-out elsewhere): the save answers 401.
    await w.page.route('**/my-account/api/customer/personal-details', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ errors: [{ code: 'UNAUTHORISED' }] }),
          })
        : route.fallback(),
    );
    await first.fill('Joanna');
    await w.page.getByRole('button', { name: 'Save changes' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith('/login') && u.searchParams.get('redirect') !== null);
    await w.page.unroute('**/my-account/api/customer/personal-details');
    expect(await w.page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Joanna');
    await w.page.getByLabel('Email address').first().fill(demo.email);
    await w.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith('/personal-details'));
    await text(
      "You were signed out before your changes were saved. We've kept what you typed: check it and save again.",
    ).waitFor();
    expect(await w.page.getByLabel('First name').inputValue()).toBe('Joanna');
    expect(await w.page.getByRole('button', { name: 'Save changes' }).isEnabled()).toBe(true);
    await shot('personal-details-draft-restored');
  });

  it('with change-email and passengers-and-railcards off: a read-only email and no passenger checkbox', async () => {
    await setPageData({ features: { 'change-email': false, 'passengers-and-railcards': false } });
    try {
      await open('personal-details');
      const email = w.page.getByLabel('Email address');
      await email.waitFor();
      expect(await email.inputValue()).toBe(demo.email);
      expect(await email.isDisabled()).toBe(true);
      await text('Your email address for this account cannot be changed').waitFor();
      await shot('personal-details-flags-off');
      expect(await w.page.getByRole('checkbox').count()).toBe(0);
      await w.page.goto(`${world.server.origin}/my-account/account-controls`);
      await heading('Account controls').waitFor();
      await w.page.getByRole('form', { name: 'Change password' }).waitFor();
      expect(await w.page.getByRole('form', { name: 'Change email address' }).count()).toBe(0);
    } finally {
      await setPageData({});
    }
  });
});

describe('account controls', () => {
  it('change email: spec email messages, password incorrect, already exists, generic error, link sent, confirmed', async () => {
    changedData = true;
    await open('account-controls', 375);
    const form = w.page.getByRole('form', { name: 'Change email address' });
    const email = form.getByLabel('New email address');
    const password = form.getByLabel('Current password');
    const submit = form.getByRole('button', { name: 'Change email address' });
    await email.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await email.focus();
    await email.blur();
    await form.getByText('Please enter an email address', { exact: true }).waitFor();
    await email.fill('not-an-email');
    await form.getByText('Please enter an email address, e.g. name@example.com').waitFor();
    await password.focus();
    await password.blur();
    await form.getByText('Please enter a password', { exact: true }).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await email.fill('alex.new@example.com');
    await password.fill('not-my-password');
    await submit.click();
    await form.getByText('The password you entered is incorrect.').waitFor();

    // The account's own address: another account's address answers as a free one (decision 560).
    await email.fill(demo.email);
    await password.fill(demo.password);
    await submit.click();
    await form.getByText('An account already exists with this email address.').waitFor();

    await failApi(w.page, 'customer/change-email', 'POST', 500);
    await email.fill('alex.new@example.com');
    await submit.click();
    await form.getByText('Sorry, we could not change your email address right now. Please try again later.').waitFor();
    await shot('change-email-generic-375');
    expect(await email.inputValue()).toBe('alex.new@example.com');
    await w.page.unroute('**/my-account/api/customer/change-email');

    await submit.click();
    // Decision 150: nothing changes until the link sent to the new address is followed.
    await form
      .getByText(
        "We've sent a confirmation link to alex.new@example.com. Your email address will change when you follow that link, which works for 24 hours. Until then, keep signing in with your current email address.",
      )
      .waitFor();
    await shot('change-email-link-sent-375');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('banner').getByText(demo.email).waitFor();
    const link = await confirmLink('alex.new@example.com');
    await w.page.goto(link);
    await w.page.getByText('Your email address alex.new@example.com is confirmed.').waitFor();
    await shot('change-email-confirmed-375');
    // The token left the address bar once read.
    expect(w.page.url()).not.toContain('token');
    // The header follows the new address; the new session works.
    await w.page.getByRole('banner').getByText('alex.new@example.com').waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.getByRole('link', { name: 'Go to account controls' }).click();
    await w.page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: /Account menu/ })
      .click();
    await w.page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Personal details' })
      .click();
    await w.page.getByLabel('First name').waitFor();
    expect(w.errors).toEqual([]);
  });

  it('change email tokenFailure at confirm: says so, the link then expires, sign in with the new address', async () => {
    changedData = true;
    await fetch(`${world.server.origin}/__test/change-email-token-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    await open('account-controls');
    const form = w.page.getByRole('form', { name: 'Change email address' });
    await form.getByLabel('New email address').fill('alex.moved@example.com');
    await form.getByLabel('Current password').fill(demo.password);
    await form.getByRole('button', { name: 'Change email address' }).click();
    await form.getByText(/We've sent a confirmation link to alex\.moved@example\.com\./).waitFor();
    const link = await confirmLink('alex.moved@example.com');
    await w.page.goto(link);
    await w.page.getByText('Your email address alex.moved@example.com is confirmed. Please sign in with it.').waitFor();
    await shot('change-email-token-failure');
    // The page still showed this browser signed in: "Sign in" signs it out and goes to sign in.
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    await w.page.waitForURL(/\/my-account\/login/);
    // The link works once: opened again (a new document, not a hash change) it has expired.
    await w.page.goto('about:blank');
    await w.page.goto(link);
    await w.page
      .getByText(
        'This confirmation link has expired or has already been used. You can ask for a new one from your account controls.',
      )
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await signIn(w.page, world.server.origin, 'alex.moved@example.com', demo.password);
    await w.page.getByRole('banner').getByText('alex.moved@example.com').waitFor();
  });

  it('change password from account controls: incorrect current password, then success', async () => {
    changedData = true;
    await open('account-controls');
    const form = w.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('wrong-password-1');
    await form.getByLabel('New password', { exact: true }).fill('Trains2027x');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password you entered is incorrect.').waitFor();
    await form.getByLabel('Current password').fill(demo.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your password has been changed.').waitFor();
  });
});

describe('sustainability dashboard', () => {
  it('shows one tree per booking', async () => {
    await open('sustainability-dashboard');
    await heading('Sustainability dashboard').waitFor();
    await text('trees planted').waitFor();
    const count = await w.page.getByText(/^You've made \d+ bookings with us\./).innerText();
    const bookings = Number(/made (\d+)/.exec(count)![1]);
    expect(bookings).toBeGreaterThan(0);
    expect(await text(String(bookings)).count()).toBe(1);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
  });

  it('still renders with 0 trees and a quiet note when the count fails', async () => {
    await failApi(w.page, 'customer/order-count', 'GET', 500);
    await open('sustainability-dashboard', 375);
    await text("We couldn't count your bookings just now, so your trees may not all show yet.").waitFor();
    await text('0').waitFor();
    await shot('trees-failed-375');
    await text('trees planted').waitFor();
    await w.page.unroute('**/my-account/api/customer/order-count');
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByText(/^You've made \d+ bookings with us\./).waitFor();
  });
});
