import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { contactPreferencesMachine } from '#machines/contact-preferences';
import { contactPreferencesMessages as messages } from '#src/copy/contact-preferences';
import { m } from '#src/paraglide/messages.js';
import type { ContactPreference, ConsentsResponse } from '#src/schemas/consents';
import { CONSENT_CATEGORIES } from '#server/domain/consents.ts';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_MARKETING_TOKEN } from '#server/seed/consents.ts';
import { errorBody } from '#server/lib/errors.ts';
import { describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * Contact preferences replayed in Chromium: signed in on /contact-preferences (input
 * action null) and from the marketing email link (/contact-preferences-token?action=…), each path
 * on the seeded data. The model's answers are what the server holds: the demo account's
 * choices, all off after a revoke, the earlier choices after a restore, a save's list after a
 * save. A failed fetch, save, revoke (and a restore that had something to restore) come from the
 * /__test/answer switch; a resubscribe with nothing revoked fails for real (409).
 */
type Step = ReplayStep<typeof contactPreferencesMachine>;
type Consents = ContactPreference[];

/** The demo account's seeded choices (server/seed/consents.ts): three chosen before, personalised recommendations never. */
const seededChoices: Record<string, boolean> = { 'email-offers': true, 'text-messages': false, 'partner-offers': true };
const seeded: Consents = CONSENT_CATEGORIES.map((c) => ({
  ...c,
  selected: seededChoices[c.id] ?? false,
  hasEverBeenUpdated: c.id in seededChoices,
}));
/** After a revoke: every consent off, each counting as updated (its old choice kept for a restore). */
const allOff: Consents = CONSENT_CATEGORIES.map((c) => ({ ...c, selected: false, hasEverBeenUpdated: true }));
const same = (a: Consents, b: Consents) => JSON.stringify(a) === JSON.stringify(b);
/** A path that saves, revokes or restores changes the demo account: the next one starts from the seed again. */
const data = new SharedData();

/** What GET /customer/consents answers in this snapshot's `loading`, from what the path did. */
function serverHolds({
  outcome,
  consents,
  revoked,
}: {
  outcome: string | null;
  consents: Consents;
  revoked: boolean;
}): ConsentsResponse {
  if (outcome === 'unsubscribed') return { consents: allOff, revoked: true };
  // Revoke is only replayed from the seeded choices (below), so a restore brings those back.
  if (outcome === 'subscribed') return { consents: seeded, revoked: false };
  return consents.length ? { consents, revoked } : { consents: seeded, revoked: false };
}

const toggle = (page: Page, c: ContactPreference) => page.getByRole('switch', { name: c.title, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const attribute = (page: Page, c: ContactPreference, name: string) => toggle(page, c).getAttribute(name);
/** The messages the context says are showing. */
const messagesShown = async ({ page, snapshot }: Step) => {
  const { outcome, saved, updateError } = snapshot.context;
  if (outcome) await page.getByText(messages[outcome], { exact: true }).waitFor();
  if (saved === 'firstTime') await page.getByText(messages.firstTimeSaved, { exact: true }).waitFor();
  if (saved === 'updated') await page.getByText(messages.saved, { exact: true }).waitFor();
  if (updateError) await page.getByText(messages.updateError, { exact: true }).waitFor();
};
/** A busy screen: `empty` in place of a list not loaded yet; else the list locked, and `label` on the busy marketing button. */
const busy = (label: string | null, empty: string) => async (step: Step) => {
  const { page, snapshot } = step;
  await messagesShown(step);
  if (!snapshot.context.consents.length) await page.getByRole('status').filter({ hasText: empty }).waitFor();
  else if (label) await page.locator('button[aria-busy="true"]').filter({ hasText: label }).waitFor();
  for (const c of snapshot.context.consents.filter((x) => x.hasEverBeenUpdated)) {
    await expect.poll(() => attribute(page, c, 'aria-disabled'), { message: `${c.title} locked` }).toBe('true');
  }
};

describeBrowserReplay(
  contactPreferencesMachine,
  {
    name: 'contactPreferencesMachine',
    inputs: [{ action: null }, { action: 'unsubscribe' }, { action: 'resubscribe' }],
    events: {
      // Answer the first prompt (yes) or flip Text messages.
      'consent.select': (snap) => {
        const prompt = snap.context.consents.find((c) => !c.hasEverBeenUpdated);
        const text = snap.context.consents.find((c) => c.id === 'text-messages');
        return [
          ...(prompt ? [{ type: 'consent.select' as const, id: prompt.id, selected: true }] : []),
          ...(text ? [{ type: 'consent.select' as const, id: text.id, selected: !text.selected }] : []),
        ];
      },
      // Revoke from the seeded choices only: the model then knows what a restore brings back.
      'marketing.revoke': (snap) =>
        same(snap.context.consents, seeded) ? [{ type: 'marketing.revoke' as const }] : [],
      'xstate.done.actor.fetchConsents': (snap) => [
        { type: 'xstate.done.actor.fetchConsents', output: serverHolds(snap.context) },
      ],
      'xstate.error.actor.fetchConsents': [{ type: 'xstate.error.actor.fetchConsents', error: { status: 500 } }],
      // The server's answer to a save is its list: the one the screen already shows.
      'xstate.done.actor.updateConsents': (snap) => [
        { type: 'xstate.done.actor.updateConsents', output: { consents: snap.context.consents, revoked: false } },
      ],
      'xstate.error.actor.updateConsents': [{ type: 'xstate.error.actor.updateConsents', error: { status: 503 } }],
      'xstate.done.actor.revokeMarketing': [{ type: 'xstate.done.actor.revokeMarketing', output: { revoked: true } }],
      'xstate.error.actor.revokeMarketing': [{ type: 'xstate.error.actor.revokeMarketing', error: { status: 500 } }],
      // Something to restore only after a revoke.
      'xstate.done.actor.restoreMarketing': (snap) =>
        snap.context.revoked ? [{ type: 'xstate.done.actor.restoreMarketing', output: { restored: true } }] : [],
      'xstate.error.actor.restoreMarketing': [{ type: 'xstate.error.actor.restoreMarketing', error: { status: 409 } }],
    },
    serializeContext: (c) => ({
      revoked: c.revoked,
      list: c.consents.map((x) => [x.selected, x.hasEverBeenUpdated]),
      pending: c.pending?.id ?? null,
      outcome: c.outcome,
    }),
  },
  {
    async prepare(path, server, browser) {
      const saves = path.steps.some(
        (s) => s.event.type.startsWith('xstate.done.actor.') && s.event.type !== 'xstate.done.actor.fetchConsents',
      );
      await data.use(server, 'the demo account', saves);
      if (!path.input?.action) return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      const action = path.input?.action;
      await page.goto(
        action
          ? `${server.url}contact-preferences-token?action=${action}#token=${DEMO_MARKETING_TOKEN}`
          : `${server.url}contact-preferences`,
      );
    },
    calls: {
      fetchConsents: { method: 'GET', path: /^\/customer\/consents$/ },
      updateConsents: { method: 'POST', path: /^\/customer\/consents$/ },
      revokeMarketing: { method: 'POST', path: /^\/customer\/consents\/revoke$/ },
      restoreMarketing: { method: 'POST', path: /^\/customer\/consents\/restore$/ },
    },
    events: {
      'consent.select': async ({ page, event, previous }) => {
        if (event.type !== 'consent.select') return;
        const consent = previous!.context.consents.find((c) => c.id === event.id)!;
        if (consent.hasEverBeenUpdated) await toggle(page, consent).click();
        else
          await button(
            page,
            event.selected ? consent.missingCategoryDescriptor.optInCopy : consent.missingCategoryDescriptor.optOutCopy,
          ).click();
      },
      'marketing.revoke': async ({ page }) =>
        button(page, m.contact_preferences_panel_unsubscribe_from_all_marketing()).click(),
      'marketing.restore': async ({ page }) => button(page, m.contact_preferences_panel_resubscribe()).click(),
      'consents.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'xstate.error.actor.fetchConsents': async ({ server, call }) =>
        server.answer('GET', call!.path, 500, errorBody('INTERNAL_ERROR')),
      'xstate.error.actor.updateConsents': async ({ server, call }) =>
        server.answer('POST', call!.path, 503, errorBody('UNAVAILABLE')),
      'xstate.error.actor.revokeMarketing': async ({ server, call }) =>
        server.answer('POST', call!.path, 500, errorBody('INTERNAL_ERROR')),
      // With nothing revoked the server refuses for real (409 NOTHING_TO_RESTORE).
      'xstate.error.actor.restoreMarketing': async ({ server, call, previous }) => {
        if (previous!.context.revoked) await server.answer('POST', call!.path, 500, errorBody('INTERNAL_ERROR'));
      },
    },
    states: {
      // The signed-in first load is the route's loader (decision 730), its call held like the chart's
      // own; opened by its URL, the account area's loading indicator stays up until every loader of
      // the first load has settled, else the route's pending page shows the panel's loading words.
      loading: async (step) => {
        if (step.previous !== undefined)
          return busy(null, m.contact_preferences_panel_loading_your_contact_preferences())(step);
        const words = step.page
          .getByRole('status')
          .filter({ hasText: m.contact_preferences_panel_loading_your_contact_preferences() });
        await words
          .or(step.page.getByRole('status').filter({ hasText: m.ui_page_loading() }))
          .first()
          .waitFor();
      },
      failed: async ({ page }) => {
        await page.getByRole('alert').filter({ hasText: messages.fetchError }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      loaded: async (step) => {
        const { page, snapshot } = step;
        // Every consent in one read per poll: a usable switch, on or off, or the prompt of one never updated.
        const expected = snapshot.context.consents.map((c) =>
          c.hasEverBeenUpdated
            ? `${c.title}: ${c.selected ? 'on' : 'off'}`
            : `${c.missingCategoryDescriptor.title}: prompt`,
        );
        const shown = () =>
          page
            .getByRole('list', { name: m.contact_preferences_panel_marketing_preferences() })
            .locator(':scope > li')
            .evaluateAll((items) =>
              items.map((li) => {
                const toggle = li.querySelector<HTMLInputElement>('input[role="switch"]');
                if (!toggle) return `${li.querySelector('h2')?.textContent ?? '?'}: prompt`;
                const title = li.querySelector(`label[for="${toggle.id}"]`)?.textContent ?? '?';
                return `${title}: ${toggle.getAttribute('aria-disabled') === 'true' ? 'locked' : toggle.getAttribute('aria-checked') === 'true' ? 'on' : 'off'}`;
              }),
            );
        await expect.poll(shown, { message: 'the consents' }).toEqual(expected);
        await messagesShown(step);
        const marketing = snapshot.context.revoked
          ? m.contact_preferences_panel_resubscribe()
          : m.contact_preferences_panel_unsubscribe_from_all_marketing();
        await button(page, marketing).waitFor();
      },
      saving: async (step) => {
        const { page, snapshot } = step;
        const pending = snapshot.context.pending!;
        const consent = snapshot.context.consents.find((c) => c.id === pending.id)!;
        await expect
          .poll(() => attribute(page, consent, 'aria-busy'), { message: `${consent.title} saving` })
          .toBe('true');
        expect(await attribute(page, consent, 'aria-checked'), 'flipped at once').toBe(String(pending.selected));
      },
      revoking: busy(m.contact_preferences_panel_unsubscribing(), m.contact_preferences_panel_unsubscribing_you()),
      restoring: busy(m.contact_preferences_panel_resubscribing(), m.contact_preferences_panel_resubscribing_you()),
    },
    notUserActions: {
      '#contactPreferences.starting always [2]':
        "The signed-in route's loader makes the first call: the replay holds it as the chart's fetchConsents and answers it at that step, so the panel goes from its loading words to the list as the path says; the chart takes its starting edge from the loaded list, which the model test walks",
      '#contactPreferences.starting always [3]':
        "The loader's failed call is held and failed as the chart's fetchConsents, and the panel shows its error with Try again; the model test walks the starting edge",
    },
  },
);
