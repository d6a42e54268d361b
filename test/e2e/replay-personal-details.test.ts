import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { personalDetailsMachine, personalDetailsValidators } from '#machines/personal-details';
import { personalDetailsMessages } from '#src/copy/personal-details';
import { formView } from '#src/ui/form-state';
import { m } from '#src/paraglide/messages.js';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { errorBody } from '#server/lib/errors.ts';
import { describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * Personal details replayed in Chromium, signed in as the demo account (Alex Morgan) on
 * /personal-details. The load's and the save's failures come from the /__test/answer switch. A 401
 * on save is the switch's too: the app then goes to sign in, and signing in again brings the screen
 * back with what was typed (decision 160). The input's draft is made that way in `open`; after a
 * 401 within a path the replay signs in again the same way and goes on from the kept draft.
 */
type Step = ReplayStep<typeof personalDetailsMachine>;
type Snapshot = Step['snapshot'];
const data = new SharedData();
const draft = { values: { firstName: 'Alexandra', lastName: 'Morgan' }, shouldUpdatePassenger: false };
const API = /\/api\/customer\/personal-details$/;
/** Paths whose screen was signed out by a 401 and signed in again: the kept draft shows, not the failure. */
const signedInAgain = new Set<unknown>();

const firstName = (page: Page) => page.getByRole('textbox', { name: m.common_first_name() });
const lastName = (page: Page) => page.getByRole('textbox', { name: m.common_last_name() });
const update = (page: Page) =>
  page.getByRole('checkbox', { name: m.personal_details_form_also_update_my_passenger_and() });
const save = (page: Page) =>
  page.getByRole('form', { name: m.common_personal_details() }).locator('button[type="submit"]');
const canSave = (s: Snapshot, saving = false) => formView(s.context, personalDetailsValidators, saving).canSubmit;
const unauthorised = (event: { type: string; error?: unknown }) =>
  event.type === 'xstate.error.actor.savePersonalDetails' &&
  (event.error as { status?: number } | undefined)?.status === 401;

async function signInOnPage(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: m.common_email_address() }).first().fill(DEMO_ACCOUNT.email);
  await page.getByLabel(m.login_page_password(), { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: m.common_sign_in(), exact: true }).click();
}

/** On the sign-in page after a 401: signs in again, the details' load let through (not a step of the path), back to the kept draft. */
async function backAfterSignIn(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  await page.route(API, (route: Route) => route.continue());
  await signInOnPage(page);
  await page.getByText(m.personal_details_draft_restored(), { exact: false }).first().waitFor();
}

describeBrowserReplay(
  personalDetailsMachine,
  {
    name: 'personalDetailsMachine',
    inputs: [{}, { draft }],
    events: {
      'xstate.done.actor.fetchPersonalDetails': [
        {
          type: 'xstate.done.actor.fetchPersonalDetails',
          output: { firstName: 'Alex', lastName: 'Morgan', email: DEMO_ACCOUNT.email, shouldUpdatePassenger: false },
        },
      ],
      'xstate.error.actor.fetchPersonalDetails': [
        { type: 'xstate.error.actor.fetchPersonalDetails', error: { status: 500 } },
      ],
      // One valid edit and one invalid edit of the loaded name keep the model finite.
      'form.change': (snap) =>
        snap.context.values.firstName === 'Alex'
          ? [
              { type: 'form.change', field: 'firstName', value: 'Alexandra' } as const,
              { type: 'form.change', field: 'firstName', value: '' } as const,
            ]
          : [],
      'form.blur': [{ type: 'form.blur', field: 'firstName' }],
      'form.toggleUpdatePassenger': (snap) =>
        snap.context.shouldUpdatePassenger ? [] : [{ type: 'form.toggleUpdatePassenger', checked: true } as const],
      'xstate.done.actor.savePersonalDetails': (snap) => [
        {
          type: 'xstate.done.actor.savePersonalDetails',
          output: {
            firstName: snap.context.values.firstName,
            lastName: 'Morgan',
            email: DEMO_ACCOUNT.email,
            updatePassengerFailed: false,
          },
        },
      ],
      'xstate.error.actor.savePersonalDetails': [
        { type: 'xstate.error.actor.savePersonalDetails', error: { status: 503 } },
        { type: 'xstate.error.actor.savePersonalDetails', error: { status: 401 } },
      ],
    },
    serializeContext: (c) => ({
      values: c.values,
      update: c.shouldUpdatePassenger,
      dirty: c.dirty,
      savedOnce: c.savedOnce,
      updateFailed: c.updateFailed,
      draft: c.draft !== null,
      draftRestored: c.draftRestored,
    }),
  },
  {
    async prepare(path, server, browser) {
      // A 401 signs the app out, which may end the shared session: the next path signs in afresh.
      const signsOut = Boolean(path.input?.draft) || path.steps.some((s) => unauthorised(s.event));
      await data.use(server, 'the demo account’s session', signsOut);
      await data.use(
        server,
        'the demo account',
        path.steps.some((s) => s.event.type === 'xstate.done.actor.savePersonalDetails'),
      );
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      await page.goto(`${server.url}personal-details`);
      if (!path.input?.draft) return;
      // The draft: typed, then a 401 on save takes the customer to sign in; signed in again, the
      // details load once more with what was typed (the load the path starts with).
      const before = (route: Route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 401,
              contentType: 'application/json',
              body: JSON.stringify(errorBody('UNAUTHORISED')),
            })
          : route.continue();
      await page.route(API, before);
      await firstName(page).fill(path.input.draft.values.firstName);
      await save(page).click();
      await page.waitForURL((u) => u.pathname.endsWith('/login'));
      await page.unroute(API, before);
      await signInOnPage(page);
    },
    calls: {
      fetchPersonalDetails: { method: 'GET', path: /^\/customer\/personal-details$/ },
      savePersonalDetails: { method: 'POST', path: /^\/customer\/personal-details$/ },
    },
    offers: {
      // The save button ignores clicks and Enter unless the form can be saved.
      'form.submit': (snap) => canSave(snap),
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change')
          await (event.field === 'firstName' ? firstName(page) : lastName(page)).fill(event.value);
      },
      'form.blur': async ({ page }) => {
        await firstName(page).focus();
        await page.keyboard.press('Tab');
      },
      'form.toggleUpdatePassenger': async ({ page }) => update(page).click(),
      'form.submit': async ({ page }) => save(page).click(),
      'details.retry': async ({ page }) =>
        page.getByRole('button', { name: m.common_try_again(), exact: true }).click(),
      'xstate.error.actor.fetchPersonalDetails': async ({ server, call }) =>
        server.answer('GET', call!.path, 500, errorBody('INTERNAL_ERROR')),
      'xstate.error.actor.savePersonalDetails': async ({ server, call, event }) => {
        const status = unauthorised(event) ? 401 : 503;
        await server.answer('POST', call!.path, status, errorBody(status === 401 ? 'UNAUTHORISED' : 'UNAVAILABLE'));
      },
    },
    states: {
      // The first load is the route's loader (decision 730), its call held like the chart's own.
      // Reached by a navigation, the route's pending page shows the form's loading words; opened by
      // its URL, the account area's loading indicator stays up until every loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page
          .getByRole('status')
          .filter({ hasText: m.personal_details_form_loading_your_personal_details() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(personalDetailsMessages.fetchFailed, { exact: true }).waitFor();
        await page.getByRole('button', { name: m.common_try_again(), exact: true }).waitFor();
      },
      editing: async (step) => {
        const { page, snapshot, event, path } = step;
        // docs/product/roles.md: a 401 goes to sign in; signed in again, what was typed is back.
        if (unauthorised(event)) {
          await backAfterSignIn(page);
          signedInAgain.add(path);
        }
        const { values, shouldUpdatePassenger, updateFailed, draftRestored, savedOnce, dirty } = snapshot.context;
        await expect.poll(() => firstName(page).inputValue(), { message: 'the first name' }).toBe(values.firstName);
        await expect.poll(() => lastName(page).inputValue(), { message: 'the last name' }).toBe(values.lastName);
        await expect
          .poll(() => update(page).isChecked(), { message: 'update my passenger' })
          .toBe(shouldUpdatePassenger);
        if (updateFailed && !signedInAgain.has(path))
          await page.getByText(personalDetailsMessages.updateFailed, { exact: true }).waitFor();
        if (draftRestored)
          await page.getByText(m.personal_details_draft_restored(), { exact: false }).first().waitFor();
        if (savedOnce && !dirty) await save(page).filter({ hasText: m.personal_details_form_saved() }).waitFor();
        await expect
          .poll(async () => (await save(page).getAttribute('aria-disabled')) !== 'true', { message: 'Save usable' })
          .toBe(canSave(snapshot));
      },
      saving: async ({ page }) => {
        await page.locator('button[aria-busy="true"]').filter({ hasText: m.common_saving() }).waitFor();
      },
    },
    notUserActions: {
      '#personalDetails.editing form.submit [1]':
        'Save changes ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
      '#personalDetails.starting always [0]':
        "The route's loader makes the first call after signing in again: the replay holds it as the chart's fetchPersonalDetails and answers it at that step, so the form goes from its loading words to the kept draft over the loaded details as the path says; the chart takes its starting edge from the loaded details, which the model test walks",
      '#personalDetails.starting always [1]':
        "The route's loader makes the first call: the replay holds it as the chart's fetchPersonalDetails and answers it at that step, so the form goes from its loading words to the filled-in form as the path says; the chart takes its starting edge from the loaded details, which the model test walks",
      '#personalDetails.starting always [2]':
        "The loader's failed call is held and failed as the chart's fetchPersonalDetails, and the form shows its error with Try again; the model test walks the starting edge",
    },
  },
);
