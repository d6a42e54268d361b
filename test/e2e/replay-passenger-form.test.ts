import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  passengerFormMachine,
  passengerFormView,
  type PassengerFormContext,
  type PassengerFormInput,
} from '#machines/passenger-form';
import { passengerFormMessages } from '#src/copy/passenger-form';
import { m } from '#src/paraglide/messages.js';
import { passengerMessages, type PassengerField } from '#src/schemas/passengers';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_PASSENGERS } from '#server/seed/passengers.ts';
import { errorBody } from '#server/lib/errors.ts';
import { describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * The passenger form replayed in Chromium, signed in as the demo account: a new passenger on
 * /passengers-and-railcards/add-passenger, and the seeded Jamie and Alex (the account holder) on
 * /passengers-and-railcards/edit-passenger/{id} (server/seed/passengers.ts). A failed load, save or
 * delete comes from the /__test/answer switch, and so does "saved, but the account's name was not
 * updated" (accountUpdateFailed, an answer the local server does not give on its own). Adding,
 * editing and deleting are the server's own.
 *
 * Deleting (a DELETE) is held like the other calls until its answer's step, so the `deleting`
 * state is seen on screen like the others.
 */
type Step = ReplayStep<typeof passengerFormMachine>;
type Snapshot = Step['snapshot'];
type Key = 'jamie' | 'alex';
const data = new SharedData();
const today = new Date().toISOString().slice(0, 10);
const added: Partial<Record<PassengerField, string>> = {
  firstName: 'Robin',
  lastName: 'Smith',
  day: '07',
  month: '03',
  year: '1990',
};
const order = Object.keys(added) as PassengerField[];
const seeded = (key: Key) => ({
  id: DEMO_PASSENGERS[key],
  firstName: key === 'alex' ? DEMO_ACCOUNT.firstName : 'Jamie',
  lastName: 'Morgan',
  nickName: null,
  emailAddress: key === 'alex' ? DEMO_ACCOUNT.email : 'jamie.morgan@example.com',
  day: '14',
  month: '03',
  year: '1990',
  isAccountHolder: key === 'alex',
});
const keyOf = (c: Pick<PassengerFormContext, 'passengerId'>): Key =>
  c.passengerId === DEMO_PASSENGERS.alex ? 'alex' : 'jamie';
const edit = (key: Key): PassengerFormInput => ({ mode: 'edit', passengerId: DEMO_PASSENGERS[key], today });

const labels: Partial<Record<PassengerField, string>> = {
  firstName: m.common_first_name(),
  lastName: m.common_last_name(),
  day: m.passenger_form_page_day(),
  month: m.passenger_form_page_month(),
  year: m.passenger_form_page_year(),
};
const field = (page: Page, name: PassengerField) => page.getByRole('textbox', { name: labels[name], exact: true });
const form = (page: Page) => page.getByRole('form');
const submit = (page: Page) => form(page).locator('button[type="submit"]');
const dialog = (page: Page) => page.getByRole('dialog', { name: m.passenger_form_page_delete_this_passenger() });
const canSave = (s: Snapshot) => passengerFormView(s.context, false).canSubmit;
const sync = (page: Page) =>
  page.getByRole('checkbox', { name: m.passenger_form_page_update_name_in_personal_details() });

/** The form as the context has it (the names: the date of birth the seed gives moves with the day). */
const formShown = async ({ page, snapshot }: Step) => {
  const c = snapshot.context;
  await form(page).waitFor();
  for (const f of ['firstName', 'lastName'] as const) {
    await expect.poll(() => field(page, f).inputValue(), { message: `${labels[f]} as typed` }).toBe(c.values[f]);
  }
  if (c.isAccountHolder)
    await expect
      .poll(() => sync(page).isChecked(), { message: 'update my personal details' })
      .toBe(c.shouldUpdateAccount);
  if (c.saveFailed)
    await page
      .getByText(c.mode === 'add' ? passengerMessages.addFailed : passengerMessages.editFailed, { exact: true })
      .waitFor();
  if (c.accountUpdateFailed) await page.getByText(passengerFormMessages.accountUpdateFailed, { exact: true }).waitFor();
  await expect
    .poll(async () => (await submit(page).getAttribute('aria-disabled')) !== 'true', { message: 'save usable' })
    .toBe(canSave(snapshot));
};

describeBrowserReplay(
  passengerFormMachine,
  {
    name: 'passengerFormMachine',
    inputs: [{ mode: 'add', passengerId: null, today }, edit('jamie'), edit('alex')],
    events: {
      // Add: the required fields in order. Edit: one change to the loaded first name.
      'form.change': (snap) => {
        const c = snap.context;
        if (c.mode === 'add') {
          const empty = order.find((f) => c.values[f] === '');
          return empty ? [{ type: 'form.change', field: empty, value: added[empty]! } as const] : [];
        }
        const loaded = seeded(keyOf(c)).firstName;
        return c.values.firstName === loaded
          ? [{ type: 'form.change', field: 'firstName', value: `${loaded}a` } as const]
          : [];
      },
      'form.blur': [{ type: 'form.blur', field: 'firstName' }],
      'form.toggleUpdateAccount': (snap) =>
        snap.context.isAccountHolder && !snap.context.shouldUpdateAccount
          ? [{ type: 'form.toggleUpdateAccount', value: true } as const]
          : [],
      'xstate.done.actor.fetchPassenger': (snap) => [
        { type: 'xstate.done.actor.fetchPassenger', output: seeded(keyOf(snap.context)) },
      ],
      'xstate.error.actor.fetchPassenger': (snap) =>
        keyOf(snap.context) === 'jamie'
          ? [
              {
                type: 'xstate.error.actor.fetchPassenger',
                error: { status: 500, problem: { kind: 'http', status: 500 } },
              },
            ]
          : [],
      'xstate.done.actor.savePassenger': (snap) => [
        {
          type: 'xstate.done.actor.savePassenger',
          output: { passenger: seeded(keyOf(snap.context)), accountUpdateFailed: false },
        },
        ...(snap.context.isAccountHolder
          ? [
              {
                type: 'xstate.done.actor.savePassenger',
                output: { passenger: seeded('alex'), accountUpdateFailed: true },
              },
            ]
          : []),
      ],
      'xstate.error.actor.savePassenger': [
        { type: 'xstate.error.actor.savePassenger', error: { status: 500, problem: { kind: 'http', status: 500 } } },
      ],
      'xstate.done.actor.deletePassenger': [{ type: 'xstate.done.actor.deletePassenger', output: { success: true } }],
      'xstate.error.actor.deletePassenger': [
        { type: 'xstate.error.actor.deletePassenger', error: { status: 500, problem: { kind: 'http', status: 500 } } },
      ],
    },
    serializeContext: (c) => ({
      values: [c.values.firstName, c.values.year],
      id: c.passengerId,
      sync: c.shouldUpdateAccount,
      saveFailed: c.saveFailed,
      accountUpdateFailed: c.accountUpdateFailed,
      deleteFailed: c.deleteFailed,
      dirty: c.dirty,
    }),
  },
  {
    async prepare(path, server, browser) {
      const changes = path.steps.some((s) => s.state.matches('saved') || s.state.matches('deleted'));
      await data.use(server, 'the demo account’s passengers', changes);
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      const input = path.input!;
      await page.goto(
        `${server.url}passengers-and-railcards/${input.mode === 'add' ? 'add-passenger' : `edit-passenger/${input.passengerId}`}`,
      );
    },
    calls: {
      fetchPassenger: { method: 'GET', path: /^\/passengers\/saved-passenger\/[^/]+$/ },
      savePassenger: {
        method: 'POST',
        path: /^\/(?:customer\/passengers-and-railcards\/add-passenger|passengers\/edit-passenger\/[^/]+)$/,
      },
      deletePassenger: { method: 'DELETE', path: /^\/passengers\/delete-passenger$/ },
    },
    offers: {
      // The save button ignores clicks and Enter unless the passenger can be saved.
      'form.submit': (snap) => canSave(snap),
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change') await field(page, event.field as PassengerField).fill(event.value);
      },
      'form.blur': async ({ page }) => {
        await field(page, 'firstName').focus();
        await page.keyboard.press('Tab');
      },
      'form.toggleUpdateAccount': async ({ page }) => sync(page).click(),
      'form.submit': async ({ page }) => submit(page).click(),
      'passenger.retry': async ({ page }) =>
        page.getByRole('button', { name: m.common_try_again(), exact: true }).click(),
      'delete.request': async ({ page }) =>
        form(page).getByRole('button', { name: m.passenger_form_page_delete_passenger(), exact: true }).click(),
      'delete.cancel': async ({ page }) =>
        dialog(page).getByRole('button', { name: m.common_cancel(), exact: true }).click(),
      'delete.confirm': async ({ page }) =>
        dialog(page).getByRole('button', { name: m.passenger_form_page_delete_passenger(), exact: true }).click(),
      'xstate.error.actor.deletePassenger': async ({ server, call }) =>
        server.answer('DELETE', call!.path, 500, errorBody('INTERNAL_ERROR')),
      'xstate.error.actor.fetchPassenger': async ({ server, call }) =>
        server.answer('GET', call!.path, 500, errorBody('INTERNAL_ERROR')),
      'xstate.done.actor.savePassenger': async ({ server, call, event }) => {
        const output = (event as { output?: { accountUpdateFailed?: boolean } }).output;
        // Saved, but the account holder's personal details were not: the switch's answer.
        if (output?.accountUpdateFailed) await server.answer('POST', call!.path, 200, output);
      },
      'xstate.error.actor.savePassenger': async ({ server, call }) =>
        server.answer('POST', call!.path, 500, errorBody('INTERNAL_ERROR')),
    },
    states: {
      // The edit's first load is its route's loader (decision 730), its call held like the chart's own.
      // Reached by a navigation, the route's pending page shows the form's loading words; opened by
      // its URL, the account area's loading indicator stays up until every loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page.getByRole('status').filter({ hasText: m.passenger_form_page_loading_passenger() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(passengerFormMessages.loadFailed, { exact: false }).first().waitFor();
        await page.getByRole('button', { name: m.common_try_again(), exact: true }).waitFor();
      },
      editing: async (step) => {
        await dialog(step.page).waitFor({ state: 'hidden' });
        await formShown(step);
      },
      submitting: async ({ page }) => {
        await page.locator('button[aria-busy="true"]').filter({ hasText: m.common_saving() }).waitFor();
      },
      confirmingDelete: async ({ page, snapshot }) => {
        await dialog(page).waitFor();
        if (snapshot.context.deleteFailed)
          await dialog(page).getByText(passengerFormMessages.deleteFailed, { exact: true }).waitFor();
      },
      deleting: async ({ page }) => {
        await dialog(page).locator('button[aria-busy="true"]').filter({ hasText: m.common_deleting() }).waitFor();
      },
      // Saved or deleted: back to the list.
      saved: async ({ page }) => page.waitForURL((u) => u.pathname.endsWith('/passengers-and-railcards')),
      deleted: async ({ page }) => page.waitForURL((u) => u.pathname.endsWith('/passengers-and-railcards')),
    },
    notUserActions: {
      '#passengerForm.starting always [0]':
        "The edit route's loader makes the first call: the replay holds it as the chart's fetchPassenger and answers it at that step, so the form goes from its loading words to the filled-in form as the path says; the chart takes its starting edge from the loaded passenger, which the model test walks",
      '#passengerForm.starting always [1]':
        "The loader's failed call is held and failed as the chart's fetchPassenger, and the form shows its error with Try again; the model test walks the starting edge",
      '#passengerForm.editing form.submit [1]':
        'The save button ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
    },
  },
);
