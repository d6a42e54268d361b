import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stableId } from '#server/seed/context';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/** Address book, payment methods and smartcards in Chromium against the local server. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const ADDRESSES_API = '**/my-account/api/customer/all-addresses';

const world = useE2eWorld();
let w: PageWatch;

// One signed-in page for the whole file (the budget is tight): the tests are ordered so that
// what one changes does not matter to the next; the last one loads the empty scenario.
beforeAll(async () => {
  w = await openPage(world.browser);
  await signIn(w.page, world.server.origin, demo.email, demo.password);
});
beforeEach(async () => {
  await w.page.unrouteAll();
  w.errors.length = 0;
});

const go = (path: string) => w.page.goto(`${world.server.origin}/my-account${path}`);
const heading = (name: string) => w.page.getByRole('heading', { level: 1, name });
const addressItems = () => w.page.getByRole('list', { name: 'Saved addresses' }).locator(':scope > li');

describe('address book', () => {
  it('lists every address, adds one with UK postcode validation, and returns to the refreshed book', async () => {
    await go('/address-book');
    await heading('Address book').waitFor();
    await w.page.getByRole('heading', { level: 2, name: 'Paris flat' }).waitFor();
    expect(await addressItems().count()).toBe(3);
    await w.page.getByText('Last used for delivery').waitFor();
    await w.page.getByText('France').waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.getByRole('link', { name: 'Add a new address' }).click();
    await heading('Add an address').waitFor();
    const save = w.page.getByRole('button', { name: 'Save address' });
    expect(await save.isDisabled()).toBe(true); // pristine
    await w.page.getByLabel('Nickname (optional)').fill('Parents');
    await w.page.getByLabel('Address line 1').fill('3 Castle Street');
    await w.page.getByLabel('Town or city').fill('Edinburgh');
    const postcode = w.page.getByLabel('Postcode');
    await postcode.fill('EH1');
    await postcode.blur();
    await w.page.getByText('Please enter a valid UK postcode, e.g. SW1A 1AA').waitFor();
    expect(await save.isDisabled()).toBe(true); // invalid
    // A NUL (pasted from elsewhere) is named on its field; the API would only answer 400.
    const line2 = w.page.getByLabel('Address line 2 (optional)');
    await line2.fill('Flat 1\u0000');
    await line2.blur();
    await w.page
      .getByText('This field contains an invisible control character. Please delete it and type the text again.')
      .waitFor();
    expect(await line2.getAttribute('aria-invalid')).toBe('true');
    await line2.fill('');
    await postcode.fill('eh12dp');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await save.click();
    await w.page.waitForURL(/\/address-book\?saved=added$/);
    await w.page.getByText('Your new address has been saved.').waitFor();
    await w.page.getByRole('heading', { level: 2, name: 'Parents' }).waitFor();
    await w.page.getByText('EH1 2DP').waitFor();
    expect(w.errors).toEqual([]);
  });

  it('edits an address; a failed update keeps the input and shows the edit error', async () => {
    await go('/address-book');
    await w.page.getByRole('link', { name: 'Edit Work' }).click();
    await heading('Edit address').waitFor();
    const nickname = w.page.getByLabel('Nickname (optional)');
    await expect.poll(() => nickname.inputValue()).toBe('Work');
    expect(await w.page.getByLabel('Address line 2 (optional)').inputValue()).toBe('2 Whitworth Street');
    expect(await w.page.getByLabel('Billing address').isChecked()).toBe(true);
    const update = w.page.getByRole('button', { name: 'Update address' });
    expect(await update.isDisabled()).toBe(true); // pristine after loading

    await nickname.fill('Office');
    await w.page.route('**/my-account/api/customer/address/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { errors: [{ code: 'UNAVAILABLE' }] } })
        : route.fallback(),
    );
    await update.click();
    await w.page.getByText('Sorry, we could not update this address. Please try again.').waitFor();
    expect(await nickname.inputValue()).toBe('Office');

    await w.page.unroute('**/my-account/api/customer/address/*');
    await update.click();
    await w.page.waitForURL(/\/address-book\?saved=updated$/);
    await w.page.getByRole('heading', { level: 2, name: 'Office' }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('switching the country to the United States asks for a state; the US address saves', async () => {
    await go('/address-book/add-address');
    await w.page.getByLabel('Country').selectOption('US');
    await w.page.getByLabel('Address line 1').fill('350 Fifth Avenue');
    await w.page.getByLabel('Town or city').fill('New York');
    await w.page.getByLabel('ZIP code (optional)').fill('10118');
    const state = w.page.getByLabel('State');
    await state.focus();
    await state.blur();
    await w.page.getByText('Please enter the 2-letter state code, e.g. NY').waitFor();
    await state.fill('ny');
    await w.page.getByRole('button', { name: 'Save address' }).click();
    await w.page.waitForURL(/\/address-book\?saved=added$/);
    await w.page.getByText('United States').waitFor();
  });

  it('an unknown address id says it was not found', async () => {
    await go('/address-book/00000000-0000-4000-8000-000000000000');
    await w.page.getByText('We could not find this address. It may have been deleted.').waitFor();
  });

  it('delete asks in a modal: Escape cancels and focus returns; a failure shows in the modal; success closes it and refetches', async () => {
    await go('/address-book');
    const deleteParis = w.page.getByRole('button', { name: 'Delete Paris flat' });
    await deleteParis.waitFor();
    const before = await addressItems().count();
    await deleteParis.click();
    const dialog = w.page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.waitFor();
    await dialog.getByText('8 Rue de Rivoli').waitFor();
    expect(await w.page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await deleteParis.evaluate((el) => el === document.activeElement)).toBe(true);

    // Keyboard only: open again and confirm, with the server failing once.
    await w.page.route('**/my-account/api/customer/delete-address', (route) =>
      route.fulfill({ status: 500, json: { errors: [{ code: 'INTERNAL_ERROR' }] } }),
    );
    await w.page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await dialog.getByText('Sorry, we could not delete this address. Please try again.').waitFor();
    expect(await addressItems().count()).toBe(before);

    await w.page.unroute('**/my-account/api/customer/delete-address');
    let refetched = 0;
    w.page.on('request', (r) => r.url().endsWith('/customer/all-addresses') && refetched++);
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await w.page.getByText('The address has been deleted.').waitFor();
    await expect.poll(() => addressItems().count()).toBe(before - 1);
    expect(await w.page.getByRole('heading', { level: 2, name: 'Paris flat' }).count()).toBe(0);
    await expect.poll(() => refetched).toBe(1);
    expect(w.errors).toEqual([]);
  });

  it('a failed or malformed address fetch shows the error flag, and Try again recovers', async () => {
    await w.page.route(ADDRESSES_API, (route) => route.fulfill({ status: 200, json: { addresses: [{ id: 1 }] } }));
    await go('/address-book');
    await w.page.getByText('Sorry, we could not load your addresses. Please try again.').waitFor();
    await w.page.unroute(ADDRESSES_API);
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByRole('heading', { level: 2, name: 'Home' }).waitFor();
    expect(w.errors).toEqual([]);
  });
});

describe('payment methods', () => {
  it('shows saved cards without card numbers; deletes one; a refused delete flags that card', async () => {
    await go('/payment-methods');
    await heading('Payment methods').waitFor();
    await w.page.getByRole('heading', { level: 2, name: 'Visa ending 4242' }).waitFor();
    await w.page.getByRole('heading', { level: 2, name: 'Mastercard ending 5100' }).waitFor();
    await w.page.getByRole('heading', { level: 2, name: 'American Express ending 1005' }).waitFor();
    await w.page.getByText('Expired', { exact: true }).waitFor();
    expect(await w.page.locator('body').innerText()).not.toMatch(/\d{12,}/);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.getByRole('button', { name: 'Delete Visa ending 4242' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Delete this card?' });
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await w.page.getByText('Your card has been deleted.').waitFor();
    await expect.poll(() => w.page.getByRole('heading', { name: 'Visa ending 4242' }).count()).toBe(0);

    // The demo Mastercard pays a season renewal: the server refuses (409 CARD_IN_USE).
    const mastercard = w.page
      .getByRole('list', { name: 'Saved cards' })
      .getByRole('listitem')
      .filter({ hasText: 'Mastercard ending 5100' });
    await w.page.getByRole('button', { name: 'Delete Mastercard ending 5100' }).click();
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    // The refusal says which renewal uses the card and what to do, not "try again later".
    await mastercard
      .getByText(
        /^This card pays for the automatic renewal of your annual season ticket from Reading to London Paddington, which renews on .+\. To delete it, first turn off automatic renewal/,
      )
      .waitFor();
    expect(await mastercard.getByText('Please try again later.', { exact: false }).count()).toBe(0);
    await mastercard.getByRole('link', { name: 'View your season tickets' }).waitFor();
    await mastercard.getByRole('button', { name: 'Delete Mastercard ending 5100' }).waitFor();
    expect(await w.page.getByRole('list', { name: 'Saved cards' }).locator(':scope > li').count()).toBe(2); // Mastercard, Amex
    expect(w.errors).toEqual([]);
  });

  it("turns the season ticket's automatic renewal off, then deletes the card it used (decision 440)", async () => {
    await go('/payment-methods');
    const renewals = w.page.getByRole('region', { name: 'Season ticket renewals' });
    const annual = renewals.getByRole('listitem').filter({ hasText: 'Reading to London Paddington season ticket' });
    await annual.getByText('Paid with Mastercard ending 5100.').waitFor();
    await annual.getByText(/^Automatic renewal is on: your season ticket renews when it ends on .+\.$/).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await annual.getByRole('button', { name: 'Turn off automatic renewal' }).click();
    await annual.getByText('Automatic renewal is now off.').waitFor();
    // The button pressed went: the focus is on the one that replaced it.
    const turnOn = annual.getByRole('button', { name: 'Turn on automatic renewal' });
    await expect.poll(() => turnOn.evaluate((el) => el === document.activeElement)).toBe(true);
    // The Visa was deleted above and the Amex has expired: the Mastercard is the card on offer.
    expect(await annual.getByLabel('Card to pay with').locator('option').allTextContents()).toEqual([
      'Mastercard ending 5100',
    ]);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.getByRole('button', { name: 'Delete Mastercard ending 5100' }).click();
    await w.page
      .getByRole('dialog', { name: 'Delete this card?' })
      .getByRole('button', { name: 'Delete card' })
      .click();
    await w.page.getByText('Your card has been deleted.').waitFor();
    await expect.poll(() => w.page.getByRole('heading', { level: 2, name: 'Mastercard ending 5100' }).count()).toBe(0);
    // No card left that could pay: the renewal says so instead of offering the deleted card.
    await annual.getByText(/^You have no saved card that can pay for the renewal\./).waitFor();
    expect(await annual.getByLabel('Card to pay with').count()).toBe(0);

    // The season ticket's own page shows the same renewal, off.
    await go(`/bookings/${stableId('booking', 'demo-season-annual-reading:0')}`);
    const onBooking = w.page.getByRole('region', { name: 'Automatic renewal' });
    await onBooking.getByText(/^Automatic renewal is off: your season ticket ends on .+\.$/).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('marks the card deleting while the call runs', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await w.page.route('**/my-account/api/customer/delete-card', async (route) => {
      await held;
      await route.fallback();
    });
    await go('/payment-methods');
    await w.page.getByRole('button', { name: 'Delete American Express ending 1005' }).click();
    await w.page
      .getByRole('dialog', { name: 'Delete this card?' })
      .getByRole('button', { name: 'Delete card' })
      .click();
    const amex = w.page.getByRole('listitem').filter({ hasText: 'American Express ending 1005' });
    await amex.getByRole('button', { name: 'Deleting…' }).waitFor();
    expect(await amex.getAttribute('aria-busy')).toBe('true');
    release();
    await expect.poll(() => amex.count()).toBe(0);
  });
});

describe('smartcards', () => {
  it('shows each smartcard with its state and the ticket waiting to be loaded', async () => {
    await go('/smartcards');
    await heading('Smartcards').waitFor();
    const northern = w.page.getByRole('listitem').filter({ hasText: 'Northern smartcard ending 8901' }).first();
    await northern.getByText('Active', { exact: true }).waitFor();
    await northern.getByText('Off-Peak Day Return').waitFor();
    const anglia = w.page.getByRole('listitem').filter({ hasText: 'Greater Anglia smartcard ending 3317' });
    await anglia.getByText('Inactive', { exact: true }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
  });

  it('a failed fetch shows an error with Try again', async () => {
    await w.page.route('**/my-account/api/customer/smartcards', (route) =>
      route.fulfill({ status: 502, body: 'Bad gateway' }),
    );
    await go('/smartcards');
    await w.page.getByText('Sorry, we could not load your smartcards. Please try again.').waitFor();
    await w.page.unroute('**/my-account/api/customer/smartcards');
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByRole('heading', { name: 'Northern smartcard ending 8901' }).waitFor();
  });
});

describe('empty account and small screens', () => {
  it('shows the empty states, and the screens fit 375 px', async () => {
    await world.server.reset('empty');
    await w.context.close();
    w = await openPage(world.browser, 375);
    await signIn(w.page, world.server.origin, demo.email, demo.password);
    const fits = () => w.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await go('/address-book');
    await w.page.getByText("You haven't saved any addresses yet.").waitFor();
    expect(await fits()).toBe(true);
    await go('/payment-methods');
    await w.page.getByText("You don't have any saved cards.").waitFor();
    expect(await fits()).toBe(true);
    await go('/smartcards');
    await w.page.getByText("You don't have any smartcards linked to your account.").waitFor();
    expect(await fits()).toBe(true);
    await go('/address-book/add-address');
    await heading('Add an address').waitFor();
    expect(await fits()).toBe(true);
    expect(w.errors).toEqual([]);
  });
});
