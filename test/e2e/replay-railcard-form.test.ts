import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  railcardFormMachine,
  railcardFormView,
  type LoadedRailcard,
  type RailcardFormInput,
} from '#machines/railcard-form';
import { m } from '#src/paraglide/messages.js';
import { railcardMessages } from '#src/schemas/railcards';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_PASSENGERS } from '#server/seed/passengers.ts';
import { errorBody } from '#server/lib/errors.ts';
import { describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * The railcard form replayed in Chromium, signed in as the demo account, on Alex's seeded 26-30
 * Railcard (server/seed/passengers.ts) at /passengers-and-railcards/{passengerId}/edit-railcard/26-30. The server's status check answers
 * "valid" for a good expiry date; "expired", "invalid" and a failed check, load, save or removal
 * come from the /__test/answer switch. Saving (PUT) and removing (DELETE) are held like the other
 * calls until their answer's step, so `saving` and `deleting` are seen on screen.
 */
type Step = ReplayStep<typeof railcardFormMachine>;
type Snapshot = Step['snapshot'];
const data = new SharedData();
const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const today = isoDay(0);
const TYPE = '26-30';
const input: RailcardFormInput = { mode: 'edit', passengerId: DEMO_PASSENGERS.alex, railcardId: TYPE, today };
/** A later expiry date, within the railcard's 12 months. */
const LATER = isoDay(300);
/** The seeded card as the model needs it (the form reads the number, expiry, attributes and digital flag). */
const loaded = {
  passenger: { id: DEMO_PASSENGERS.alex, firstName: 'Alex', lastName: 'Morgan' },
  railcard: {
    id: TYPE,
    name: '26-30 Railcard',
    price: { amount: 30, currencyCode: 'GBP' },
    scopes: ['national'],
    termsAndConditions: '',
    railcardDetails: {
      code: 'YNG',
      discount: '1/3 off',
      eligibility: 'Aged 26 to 30',
      validityMonths: 12,
      maxCardHolders: 1,
    },
    attributes: [],
  },
  held: {
    id: 'held',
    railcardId: TYPE,
    name: '26-30 Railcard',
    price: { amount: 30, currencyCode: 'GBP' },
    scopes: ['national'],
    termsAndConditions: '',
    railcardDetails: { code: 'YNG', discount: '1/3 off', cardNumber: 'TST4821907', isDigital: false },
    cardHolders: ['Alex Morgan'],
    expiryDate: isoDay(214),
    status: 'valid',
    attributes: {},
  },
} as unknown as LoadedRailcard;
const form = (page: Page) => page.getByRole('form', { name: m.railcard_form_page_edit_railcard() });
const cardNumber = (page: Page) => page.getByRole('textbox', { name: m.railcard_form_page_railcard_number() });
const expiry = (page: Page) => page.getByLabel(m.railcard_form_page_expiry_date(), { exact: true });
const digital = (page: Page) => page.getByRole('checkbox', { name: m.railcard_form_page_this_is_a_digital_railcard() });
const submit = (page: Page) => form(page).locator('button[type="submit"]');
const dialog = (page: Page) => page.getByRole('dialog', { name: m.railcard_form_page_remove_this_railcard() });
const canSave = (s: Snapshot) => railcardFormView(s.context, false).canSubmit;

describeBrowserReplay(
  railcardFormMachine,
  {
    name: 'railcardFormMachine',
    input,
    events: {
      // The expiry moves to a later date once; the model stays finite.
      'form.change': (snap) =>
        snap.context.values.expiryDate !== LATER
          ? [{ type: 'form.change', field: 'expiryDate', value: LATER } as const]
          : [],
      'form.blur': [{ type: 'form.blur', field: 'cardNumber' }],
      'form.toggleDigital': (snap) =>
        snap.context.isDigital ? [] : [{ type: 'form.toggleDigital', value: true } as const],
      'xstate.done.actor.loadRailcard': [{ type: 'xstate.done.actor.loadRailcard', output: loaded }],
      'xstate.error.actor.loadRailcard': [
        { type: 'xstate.error.actor.loadRailcard', error: { status: 500, problem: { kind: 'http', status: 500 } } },
      ],
      'xstate.done.actor.checkRailcardStatus': [
        { type: 'xstate.done.actor.checkRailcardStatus', output: { status: 'valid', expiryDate: LATER } },
        { type: 'xstate.done.actor.checkRailcardStatus', output: { status: 'expired', expiryDate: isoDay(-1) } },
        { type: 'xstate.done.actor.checkRailcardStatus', output: { status: 'invalid', expiryDate: null } },
      ],
      'xstate.error.actor.checkRailcardStatus': [
        {
          type: 'xstate.error.actor.checkRailcardStatus',
          error: { status: 500, problem: { kind: 'http', status: 500 } },
        },
      ],
      'xstate.done.actor.saveRailcard': [{ type: 'xstate.done.actor.saveRailcard', output: {} }],
      'xstate.error.actor.saveRailcard': [
        { type: 'xstate.error.actor.saveRailcard', error: { status: 500, problem: { kind: 'http', status: 500 } } },
      ],
      'xstate.done.actor.deleteRailcard': [{ type: 'xstate.done.actor.deleteRailcard', output: { success: true } }],
      'xstate.error.actor.deleteRailcard': [
        { type: 'xstate.error.actor.deleteRailcard', error: { status: 500, problem: { kind: 'http', status: 500 } } },
      ],
    },
    serializeContext: (c) => ({
      expiry: c.values.expiryDate === LATER,
      digital: c.isDigital,
      statusProblem: c.statusProblem,
      saveFailed: c.saveFailed,
      deleteFailed: c.deleteFailed,
      dirty: c.dirty,
    }),
  },
  {
    async prepare(path, server, browser) {
      const changes = path.steps.some((s) => s.state.matches('saved') || s.state.matches('deleted'));
      await data.use(server, 'Alex’s railcards', changes);
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, _path, server) {
      await page.goto(`${server.url}passengers-and-railcards/${DEMO_PASSENGERS.alex}/edit-railcard/${TYPE}`);
    },
    calls: {
      loadRailcard: { method: 'GET', path: /^\/passenger\/[^/]+\/railcard\/[^/]+$/ },
      checkRailcardStatus: { method: 'POST', path: /^\/passenger\/[^/]+\/railcard-status\/[^/]+$/ },
      saveRailcard: { method: 'PUT', path: /^\/passenger\/[^/]+\/railcard\/[^/]+$/ },
      deleteRailcard: { method: 'DELETE', path: /^\/passenger\/[^/]+\/railcard\/[^/]+$/ },
    },
    offers: {
      // The save button ignores clicks and Enter unless the railcard can be saved.
      'form.submit': (snap) => canSave(snap),
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change') await expiry(page).fill(event.value);
      },
      'form.blur': async ({ page }) => {
        await cardNumber(page).focus();
        await page.keyboard.press('Tab');
      },
      'form.toggleDigital': async ({ page }) => digital(page).click(),
      'form.submit': async ({ page }) => submit(page).click(),
      'railcard.retry': async ({ page }) =>
        page.getByRole('button', { name: m.common_try_again(), exact: true }).click(),
      'delete.request': async ({ page }) =>
        form(page).getByRole('button', { name: m.railcard_form_page_remove_railcard(), exact: true }).click(),
      'delete.cancel': async ({ page }) =>
        dialog(page).getByRole('button', { name: m.common_cancel(), exact: true }).click(),
      'delete.confirm': async ({ page }) =>
        dialog(page).getByRole('button', { name: m.railcard_form_page_remove_railcard(), exact: true }).click(),
      'xstate.error.actor.deleteRailcard': async ({ server, call }) =>
        server.answer('DELETE', call!.path, 500, errorBody('INTERNAL_ERROR')),
      'xstate.error.actor.loadRailcard': async ({ server, call }) =>
        server.answer('GET', call!.path, 500, errorBody('INTERNAL_ERROR')),
      // Valid is the server's own answer, and saving starts at once (its PUT is held until its answer).
      'xstate.done.actor.checkRailcardStatus': async ({ server, call, event }) => {
        const output = (event as { output?: { status: string; expiryDate: string | null } }).output!;
        if (output.status !== 'valid') await server.answer('POST', call!.path, 200, output);
      },
      'xstate.error.actor.checkRailcardStatus': async ({ server, call }) =>
        server.answer('POST', call!.path, 500, errorBody('INTERNAL_ERROR')),
      'xstate.error.actor.saveRailcard': async ({ server, call }) =>
        server.answer('PUT', call!.path, 500, errorBody('INTERNAL_ERROR')),
    },
    states: {
      // The first load is the route's loader (decision 730), its held card's call held like the chart's own.
      // Reached by a navigation, the route's pending page shows the form's loading words; opened by
      // its URL, the account area's loading indicator stays up until every loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page.getByRole('status').filter({ hasText: m.railcard_form_page_loading_railcard() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(railcardMessages.loadFailed, { exact: false }).first().waitFor();
        await page.getByRole('button', { name: m.common_try_again(), exact: true }).waitFor();
      },
      editing: async ({ page, snapshot }) => {
        const c = snapshot.context;
        await dialog(page).waitFor({ state: 'hidden' });
        await expect
          .poll(() => cardNumber(page).inputValue(), { message: 'the card number' })
          .toBe(c.values.cardNumber);
        if (c.values.expiryDate === LATER)
          await expect.poll(() => expiry(page).inputValue(), { message: 'the expiry date' }).toBe(LATER);
        await expect.poll(() => digital(page).isChecked(), { message: 'digital' }).toBe(c.isDigital);
        if (c.statusProblem) await page.getByText(railcardMessages[c.statusProblem], { exact: true }).waitFor();
        if (c.saveFailed) await page.getByText(railcardMessages.saveFailed, { exact: false }).first().waitFor();
        await expect
          .poll(async () => (await submit(page).getAttribute('aria-disabled')) !== 'true', { message: 'save usable' })
          .toBe(canSave(snapshot));
      },
      checking: async ({ page }) =>
        page.locator('button[aria-busy="true"]').filter({ hasText: m.common_saving() }).waitFor(),
      saving: async ({ page }) =>
        page.locator('button[aria-busy="true"]').filter({ hasText: m.common_saving() }).waitFor(),
      confirmingDelete: async ({ page, snapshot }) => {
        await dialog(page).waitFor();
        if (snapshot.context.deleteFailed)
          await dialog(page).getByText(railcardMessages.deleteFailed, { exact: true }).waitFor();
      },
      deleting: async ({ page }) =>
        dialog(page).locator('button[aria-busy="true"]').filter({ hasText: m.railcard_form_page_removing() }).waitFor(),
      // Saved or removed: back to the list.
      saved: async ({ page }) => page.waitForURL((u) => u.pathname.endsWith('/passengers-and-railcards')),
      deleted: async ({ page }) => page.waitForURL((u) => u.pathname.endsWith('/passengers-and-railcards')),
    },
    notUserActions: {
      '#railcardForm.starting always [0]':
        "The route's loader makes the first calls: the replay holds the held card's as the chart's loadRailcard and answers it at that step, so the form goes from its loading words to the filled-in form as the path says; the chart takes its starting edge from the loaded railcard, which the model test walks",
      '#railcardForm.starting always [1]':
        "The loader's failed call is held and failed as the chart's loadRailcard, and the form shows its error with Try again; the model test walks the starting edge",
      '#railcardForm.editing form.submit [1]':
        'The save button ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
    },
  },
);
