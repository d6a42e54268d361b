import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { addressFormMachine } from '#machines/address-form';
import { addressFormMessages } from '#src/copy/address-form';
import { m } from '#src/paraglide/messages.js';
import { addressValidators, type Address, type AddressField } from '#src/schemas/addresses';
import { formView } from '#src/ui/form-state';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { WALLET_IDS } from '#server/seed/wallet.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * The address form replayed in Chromium, signed in as the demo account: a new address on
 * /address-book/add-address (input addressId null), the seeded home address (server/seed/wallet.ts)
 * on /address-book/{id}, and an address the account does not have (the server's 404). A failed
 * load or save comes from the /__test/answer switch; a save is the server's own (a new address is
 * added with POST, an edit saved with PUT: both are held until the answer's step).
 */
type Step = ReplayStep<typeof addressFormMachine>;
type Snapshot = Step['snapshot'];
const data = new SharedData();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const home: Address = {
  id: WALLET_IDS.homeAddress,
  countryCode: 'GBR',
  isoCountryCode: 'GB',
  isoStateCode: null,
  countryName: 'United Kingdom',
  isLastUsedDelivery: true,
  line1: '14 Clifton Road',
  line2: null,
  line3: null,
  line4: 'York',
  line5: 'North Yorkshire',
  nickName: 'Home',
  postCode: 'YO30 6AE',
  type: 'delivery',
};
/** A new address filled in this order; an edit changes the nickname. */
const fill: [AddressField, string][] = [
  ['line1', '1 Piccadilly'],
  ['line4', 'Manchester'],
  ['postCode', 'M1 1AA'],
];
const labels: Partial<Record<AddressField, string>> = {
  nickName: m.address_book_address_form_page_nickname_optional(),
  line1: m.address_book_address_form_page_address_line_1(),
  line4: m.address_book_address_form_page_town_or_city(),
  postCode: m.address_book_address_form_page_postcode(),
};
const shownFields = Object.keys(labels) as AddressField[];

const field = (page: Page, name: AddressField) => page.getByRole('textbox', { name: labels[name] });
const submit = (page: Page) => page.getByRole('form').locator('button[type="submit"]');
const canSave = (s: Snapshot) => formView(s.context, addressValidators(s.context.values), false).canSubmit;

describeBrowserReplay(
  addressFormMachine,
  {
    name: 'addressFormMachine',
    inputs: [{ addressId: null }, { addressId: WALLET_IDS.homeAddress }, { addressId: UNKNOWN }],
    events: {
      'form.change': (snap) => {
        const { values, addressId } = snap.context;
        if (addressId === null) {
          const next = fill.find(([f]) => values[f] === '');
          return next ? [{ type: 'form.change', field: next[0], value: next[1] } as const] : [];
        }
        return values.nickName === 'Home'
          ? [{ type: 'form.change', field: 'nickName', value: 'Old home' } as const]
          : [];
      },
      'form.blur': [{ type: 'form.blur', field: 'line1' }],
      'xstate.done.actor.fetchAddress': (snap) =>
        snap.context.addressId === UNKNOWN ? [] : [{ type: 'xstate.done.actor.fetchAddress', output: home }],
      'xstate.error.actor.fetchAddress': (snap) =>
        snap.context.addressId === UNKNOWN
          ? [{ type: 'xstate.error.actor.fetchAddress', error: httpError(404, 'NOT_FOUND') }]
          : [{ type: 'xstate.error.actor.fetchAddress', error: httpError(500, 'INTERNAL_ERROR') }],
      'xstate.done.actor.saveAddress': [{ type: 'xstate.done.actor.saveAddress', output: home }],
      'xstate.error.actor.saveAddress': [
        { type: 'xstate.error.actor.saveAddress', error: httpError(500, 'INTERNAL_ERROR') },
      ],
    },
    serializeContext: (c) => ({
      values: c.values,
      dirty: c.dirty,
      saveError: c.saveError,
      fetchError: c.fetchError,
      id: c.addressId,
    }),
  },
  {
    async prepare(path, server, browser) {
      await data.use(
        server,
        'the demo account’s addresses',
        path.steps.some((s) => s.state.matches('saved')),
      );
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      const id = path.input?.addressId;
      await page.goto(`${server.url}address-book/${id ?? 'add-address'}`);
    },
    calls: {
      fetchAddress: { method: 'GET', path: /^\/customer\/address\/[^/]+$/ },
      saveAddress: { method: ['POST', 'PUT'], path: /^\/customer\/address(?:\/[^/]+)?$/ },
    },
    offers: {
      // The save button ignores clicks and Enter unless the address can be saved.
      'form.submit': (snap) => canSave(snap),
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change') await field(page, event.field as AddressField).fill(event.value);
      },
      'form.blur': async ({ page }) => {
        await field(page, 'line1').focus();
        await page.keyboard.press('Tab');
      },
      'form.submit': async ({ page }) => submit(page).click(),
      'address.retry': async ({ page }) =>
        page.getByRole('button', { name: m.common_try_again(), exact: true }).click(),
      'xstate.error.actor.fetchAddress': async (step) => {
        // The unknown address is the server's own 404.
        if (step.previous!.context.addressId !== UNKNOWN) await answerWithModelError(step);
      },
      'xstate.error.actor.saveAddress': answerWithModelError,
    },
    states: {
      // The first load is the edit route's loader (decision 730), its call held like the chart's own.
      // Opened from a link, the route's pending page shows the form's loading words; opened by its
      // URL, the account area's loading indicator stays up until every loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page
          .getByRole('status')
          .filter({ hasText: m.address_book_address_form_page_loading_this_address() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(addressFormMessages.fetchError, { exact: true }).waitFor();
        await page.getByRole('button', { name: m.common_try_again(), exact: true }).waitFor();
      },
      notFound: async ({ page }) => page.getByText(addressFormMessages.notFound, { exact: true }).waitFor(),
      editing: async ({ page, snapshot }) => {
        const { values, saveError, addressId } = snapshot.context;
        for (const f of shownFields) {
          await expect
            .poll(() => field(page, f).inputValue(), { message: `${labels[f]} as typed` })
            .toBe(values[f] ?? '');
        }
        if (saveError)
          await page
            .getByText(addressId ? addressFormMessages.editError : addressFormMessages.addError, { exact: true })
            .waitFor();
        await expect
          .poll(async () => (await submit(page).getAttribute('aria-disabled')) !== 'true', { message: 'save usable' })
          .toBe(canSave(snapshot));
      },
      saving: async ({ page }) => {
        await page.locator('button[aria-busy="true"]').filter({ hasText: m.common_saving() }).waitFor();
      },
      // Saved: back to the address book, which says so.
      saved: async ({ page }) => {
        await page.waitForURL((u) => u.pathname.endsWith('/address-book') && u.searchParams.has('saved'));
      },
    },
    notUserActions: {
      '#addressForm.starting always [0]':
        "The route's loader makes the first call: the replay holds it as the chart's fetchAddress and answers it at that step, so the form goes from its loading words to the filled-in form as the path says; the chart takes its starting edge from the loaded address, which the model test walks",
      '#addressForm.starting always [1]':
        "The loader's 404 is held and answered as the chart's fetchAddress, and the form shows its not-found message; the model test walks the starting edge",
      '#addressForm.starting always [2]':
        "The loader's failed call is held and failed as the chart's fetchAddress, and the form shows its error with Try again; the model test walks the starting edge",
      '#addressForm.editing form.submit [1]':
        'The save button ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
    },
  },
);
