import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeAccountMachine, closeAccountValidators } from '#machines/close-account';
import { dataExportMachine } from '#machines/data-export';
import { closeAccountMessages } from '#src/copy/close-account';
import { dataExportMessages } from '#src/copy/data-export';
import { retailer } from '#src/config/retailer';
import { m } from '#src/paraglide/messages.js';
import type { DataExportState } from '#src/schemas/your-data';
import { formView } from '#src/ui/form-state';
import { errorBody } from '#server/lib/errors.ts';
import { LEAVING_ACCOUNT } from '#server/seed/accounts.ts';
import { describeBrowserReplay, SharedData } from './replay/replay';

/**
 * Your data on Account controls (decisions 610, 611), both charts replayed in Chromium signed in
 * as leaving@example.com (Casey Brooks), the account seeded to be exported and closed, which
 * holds no export and nothing under way.
 * - Download your data: asking for the file is the server's own (202, preparing). What the job
 *   answers later in its life (still preparing, ready, expired 7 days on: a clock moved a week
 *   would end the session) and the failures come from the /__test/answer switch with the model's
 *   answer; a host without these calls is its 404.
 * - Close your account: a wrong password is refused by the server and the right one closes the
 *   account (the next path starts from a reset). A refund under way (409 OPEN_MATTERS), a
 *   provider-only account's stale sign-in (403), too many tries (429) and a failure come from the
 *   switch.
 * test/e2e/your-data.test.ts downloads the real file and checks the closed account's after-life.
 */
/** Each chart's replay starts from the world's reset (its beforeAll), which ends the sessions: one sign-in each. */
const exportData = new SharedData();
const closeData = new SharedData();
const leaving = { email: LEAVING_ACCOUNT.email, password: LEAVING_ACCOUNT.password };
const WRONG = 'Not-the-password-1';
const PATH = /^\/customer\/data-export$/;

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const exportRegion = (page: Page) => page.getByRole('region', { name: m.your_data_export_heading() });
const closeRegion = (page: Page) => page.getByRole('region', { name: m.close_account_heading() });

const preparing: DataExportState = {
  status: 'preparing',
  requestedAt: new Date().toISOString(),
  readyAt: null,
  expiresAt: null,
};
const ready: DataExportState = {
  status: 'ready',
  requestedAt: preparing.requestedAt,
  readyAt: new Date(Date.now() + 3_000).toISOString(),
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
};
const expired: DataExportState = { ...ready, status: 'expired' };
const none: DataExportState = { status: 'none', requestedAt: null, readyAt: null, expiresAt: null };
const fetched = (output: DataExportState) => ({ type: 'xstate.done.actor.fetchExport', output }) as const;
const statusOf = (event: { type: string }) =>
  (event as { error?: { status?: number } }).error?.status ?? (event as { output?: DataExportState }).output?.status;

async function openAccountControls(page: Page, url: string): Promise<void> {
  await page.goto(`${url}account-controls`);
}

describeBrowserReplay(
  dataExportMachine,
  {
    name: 'dataExportMachine',
    events: {
      'xstate.done.actor.fetchExport': [fetched(none), fetched(preparing), fetched(ready), fetched(expired)],
      'xstate.error.actor.fetchExport': [
        { type: 'xstate.error.actor.fetchExport', error: { status: 500 } },
        // A host without these calls (beyond docs/product/api.md) answers 404.
        { type: 'xstate.error.actor.fetchExport', error: { status: 404 } },
      ],
      'xstate.done.actor.requestExport': [{ type: 'xstate.done.actor.requestExport', output: preparing }],
      'xstate.error.actor.requestExport': [
        { type: 'xstate.error.actor.requestExport', error: { status: 500 } },
        { type: 'xstate.error.actor.requestExport', error: { status: 409, code: 'EXPORT_EXISTS' } },
      ],
    },
    serializeContext: (c) => ({ error: c.error !== null, dated: c.requestedAt !== null }),
  },
  {
    async prepare(path, server, browser) {
      // A request the server accepted leaves an export behind: the next path starts from a reset.
      const changes = path.steps.some((s) => s.event.type === 'xstate.done.actor.requestExport');
      await exportData.use(server, 'leaving', changes);
      return exportData.signedIn(browser, server, leaving);
    },
    open: async (page, _path, server) => openAccountControls(page, server.url),
    calls: {
      fetchExport: { method: 'GET', path: PATH },
      requestExport: { method: 'POST', path: PATH },
    },
    events: {
      'export.request': async ({ page }) => button(exportRegion(page), m.your_data_export_request()).click(),
      'export.retry': async ({ page }) =>
        exportRegion(page).getByRole('button', { name: m.common_try_again() }).click(),
      // The screen asks again by itself after EXPORT_POLL_MS: the replay waits for its call.
      'xstate.after.exportPollMs.dataExport.preparing': async () => {},
      'xstate.done.actor.fetchExport': async ({ server, call, event }) => {
        const output = (event as { output?: DataExportState }).output;
        // None is the seed's own answer; the job's later life is the switch's.
        if (output && output.status !== 'none') await server.answer('GET', call!.path, 200, output);
        else if (output) await server.answer('GET', call!.path, 200, none);
      },
      'xstate.error.actor.fetchExport': async ({ server, call, event }) => {
        const status = statusOf(event) as number;
        await server.answer('GET', call!.path, status, errorBody(status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR'));
      },
      'xstate.error.actor.requestExport': async ({ server, call, event }) => {
        const status = statusOf(event) as number;
        await server.answer(
          'POST',
          call!.path,
          status,
          status === 409 ? { ...errorBody('EXPORT_EXISTS'), ...preparing } : errorBody('INTERNAL_ERROR'),
        );
      },
    },
    states: {
      // The first load is the route's loader (decision 730): its call is held like the chart's own,
      // and meanwhile the page shows its own loading words (the route's pending page) before the part's.
      loading: async ({ page, previous }) =>
        (previous === undefined ? page : exportRegion(page))
          .getByRole('status')
          .filter({ hasText: m.ui_page_loading() })
          .first()
          .waitFor(),
      absent: async ({ page }) => {
        await page.getByRole('heading', { level: 2, name: m.your_data_heading() }).waitFor();
        await page.getByText(m.your_data_unavailable({ retailer: retailer.legalName }), { exact: true }).waitFor();
      },
      loadFailed: async ({ page }) => {
        await exportRegion(page).getByText(dataExportMessages.loadError, { exact: true }).waitFor();
        await exportRegion(page).getByRole('button', { name: m.common_try_again() }).waitFor();
      },
      none: async ({ page, snapshot }) => {
        const request = button(exportRegion(page), m.your_data_export_request());
        await expect
          .poll(() => request.getAttribute('aria-busy'), { message: 'Request my data, not busy' })
          .not.toBe('true');
        if (snapshot.context.error === 'requestError')
          await exportRegion(page).getByText(dataExportMessages.requestError, { exact: true }).waitFor();
      },
      requested: async ({ page }) => {
        await exportRegion(page).locator('button[aria-busy="true"]').waitFor();
      },
      preparing: async ({ page }) => {
        await exportRegion(page).getByText(m.your_data_export_preparing(), { exact: false }).waitFor();
      },
      checking: async ({ page }) => {
        await exportRegion(page).getByText(m.your_data_export_preparing(), { exact: false }).waitFor();
      },
      ready: async ({ page }) => {
        await exportRegion(page).getByRole('link', { name: m.your_data_export_download() }).waitFor();
      },
      expired: async ({ page }) => {
        await exportRegion(page).getByText(m.your_data_export_expired(), { exact: true }).waitFor();
        await button(exportRegion(page), m.your_data_export_request()).waitFor();
      },
    },
    notUserActions: {
      '#dataExport.starting always [0]':
        "The route's loader makes the first call: the replay holds it as the chart's fetchExport and answers it at that step, so the page goes from its loading words to the part as the path says; an export the route loaded takes the chart's starting edge to the same sorting of answers, which the model test walks",
      '#dataExport.starting always [1]':
        "A host without these calls answers the route's loader 404, held and failed as the chart's fetchExport; the model test walks the starting edge",
      '#dataExport.starting always [2]':
        "The loader's failed call is held and failed as the chart's fetchExport, and the part shows the load's error with Try again; the model test walks the starting edge",
    },
  },
);

const incorrect = { status: 400, code: 'PASSWORD_INCORRECT' };
const closeError = (error: unknown) => ({ type: 'xstate.error.actor.closeAccount', error }) as const;
const matters = [{ kind: 'refund', reference: 'TL-ABC234' }] as const;
const canClose = (c: Parameters<typeof formView>[0]) => formView(c, closeAccountValidators, false).canSubmit;

describeBrowserReplay(
  closeAccountMachine,
  {
    name: 'closeAccountMachine',
    inputs: [{}],
    events: {
      // The right password or a wrong one, typed into the empty field.
      'form.change': (snap) =>
        snap.context.values.password === ''
          ? [
              { type: 'form.change', field: 'password', value: leaving.password } as const,
              { type: 'form.change', field: 'password', value: WRONG } as const,
            ]
          : [],
      'form.blur': [{ type: 'form.blur', field: 'password' }],
      'xstate.done.actor.closeAccount': (snap) =>
        snap.context.values.password === leaving.password
          ? [{ type: 'xstate.done.actor.closeAccount', output: undefined }]
          : [],
      'xstate.error.actor.closeAccount': (snap) =>
        snap.context.values.password === WRONG
          ? [closeError(incorrect)]
          : [
              closeError({ status: 409, code: 'OPEN_MATTERS', body: { errors: [{ code: 'OPEN_MATTERS' }], matters } }),
              closeError({ status: 403, code: 'RECENT_SIGN_IN_REQUIRED' }),
              closeError({
                problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: null },
              }),
              closeError({ status: 500, code: null }),
            ],
    },
    serializeContext: (c) => ({
      password: c.values.password,
      error: c.error,
      submitAttempted: c.submitAttempted,
      touched: c.touched,
    }),
    maxPaths: 400,
  },
  {
    async prepare(path, server, browser) {
      const closes = path.steps.some((s) => s.event.type === 'xstate.done.actor.closeAccount');
      await closeData.use(server, 'leaving', closes);
      return closeData.signedIn(browser, server, leaving);
    },
    open: async (page, _path, server) => openAccountControls(page, server.url),
    calls: { closeAccount: { method: 'POST', path: /^\/customer\/close-account$/ } },
    offers: {
      // Close my account permanently ignores clicks and Enter while the password is empty.
      'form.submit': (snap) => canClose(snap.context),
    },
    events: {
      'close.start': async ({ page }) => button(closeRegion(page), m.close_account_start()).click(),
      'close.cancel': async ({ page }) => button(closeRegion(page), m.common_cancel()).click(),
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change')
          await closeRegion(page).getByLabel(m.close_account_password_label()).fill(event.value);
      },
      'form.blur': async ({ page }) => {
        await closeRegion(page).getByLabel(m.close_account_password_label()).focus();
        await page.keyboard.press('Tab');
      },
      'form.submit': async ({ page }) => button(closeRegion(page), m.close_account_confirm()).click(),
      'xstate.error.actor.closeAccount': async ({ server, call, event }) => {
        const error = (event as { error?: { status?: number; code?: string | null; problem?: { status: number } } })
          .error;
        if (error?.code === 'PASSWORD_INCORRECT') return; // the server's own answer to a wrong password
        const status = error?.status ?? error?.problem?.status ?? 500;
        const body =
          status === 409
            ? { ...errorBody('OPEN_MATTERS'), matters }
            : status === 403
              ? errorBody('RECENT_SIGN_IN_REQUIRED')
              : status === 429
                ? errorBody('TOO_MANY_ATTEMPTS')
                : errorBody('INTERNAL_ERROR');
        await server.answer('POST', call!.path, status, body);
      },
    },
    states: {
      idle: async ({ page }) => {
        await button(closeRegion(page), m.close_account_start()).waitFor();
      },
      confirming: async ({ page, snapshot }) => {
        const c = snapshot.context;
        const region = closeRegion(page);
        await region.getByRole('heading', { level: 3, name: m.close_account_confirm_heading() }).waitFor();
        await expect
          .poll(() => region.getByLabel(m.close_account_password_label()).inputValue(), { message: 'the password' })
          .toBe(c.values.password);
        if (c.error) await region.getByText(closeAccountMessages[c.error], { exact: true }).waitFor();
        await expect
          .poll(
            async () => (await button(region, m.close_account_confirm()).getAttribute('aria-disabled')) !== 'true',
            {
              message: 'Close my account permanently usable',
            },
          )
          .toBe(canClose(c));
      },
      closing: async ({ page }) => {
        await closeRegion(page).locator('button[aria-busy="true"]').waitFor();
      },
      refused: async ({ page }) => {
        await closeRegion(page).getByText(m.close_account_refused_title(), { exact: true }).waitFor();
        await closeRegion(page)
          .getByText(m.close_account_matter_refund({ reference: 'TL-ABC234' }))
          .waitFor();
      },
      signInAgain: async ({ page }) => {
        await closeRegion(page).getByText(m.close_account_sign_in_again(), { exact: true }).waitFor();
      },
      throttled: async ({ page }) => {
        await closeRegion(page).getByRole('alert').first().waitFor();
        await button(closeRegion(page), m.common_cancel()).waitFor();
      },
      closed: async ({ page }) => {
        await page.getByText(m.close_account_closed_title(), { exact: true }).waitFor();
        await page.getByRole('link', { name: m.common_find_a_booking() }).first().waitFor();
      },
    },
    notUserActions: {
      '#closeAccount.confirming form.submit [1]':
        'Close my account permanently ignores clicks and Enter while the password is empty (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
    },
  },
);
