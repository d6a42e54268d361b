import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  passengerAssistanceCancelMachine,
  type PassengerAssistanceCancelInput,
} from '#machines/passenger-assistance-cancel';
import { passengerAssistanceCancelMessages } from '#src/copy/passenger-assistance-cancel';
import { m } from '#src/paraglide/messages.js';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { ASSISTANCE_BOOKING_KEY, ASSISTANCE_IDS } from '#server/seed/passenger-assistance.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { alexLuggageCancelled, jamieWheelchair, returnBooking } from '#test/model/fixtures/passenger-assistance';
import { answerWithModelError, describeBrowserReplay, SharedData } from './replay/replay';
import { postFromAnotherTab } from './replay-helpers/another-tab';

/**
 * Cancelling passenger assistance replayed in Chromium, signed in as the demo account on
 * /bookings/{bookingId}/passenger-assistance/{id}/cancel of the seeded King's Cross → York booking
 * (server/seed/passenger-assistance.ts). The input's assistanceId names the seeded help:
 * - jamieOutward: booked; cancelled when confirmed.
 * - alexInwardCancelled: cancelled already.
 * - unknown: no such assistance on the booking (the server's 404).
 * - hostLacksItem: Jamie's booked help on a host without the call that reads one assistance (not in
 *   docs/product/api.md): that call answers 404 through the answer switch, the spec's list still names it.
 * The load's failure and a failed cancel come from the /__test/answer switch. "Already cancelled"
 * (409 ALREADY_CANCELLED) is real: the same help is cancelled from another tab first. The load is
 * held at its first call, GET booking/{id}. Each confirm is one attempt of the lost-answer chart,
 * whose checks after a lost answer are its own model test and test/e2e/lost-answers.test.ts.
 */
type Key = keyof typeof ASSISTANCE_IDS | 'unknown' | 'hostLacksItem';
const data = new SharedData();
const input = (key: Key): PassengerAssistanceCancelInput => ({
  bookingId: 'its booking',
  assistanceId: key,
  keySeed: 'replay-assistance-cancel',
});
const keyOf = (c: { assistanceId: string }) => c.assistanceId as Key;
const alreadyCancelled = httpError(409, 'ALREADY_CANCELLED', 'This assistance has already been cancelled.');

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const cancelButton = (page: Page) => button(page, m.passenger_assistance_assistance_cancel_page_cancel_assistance());

describeBrowserReplay(
  passengerAssistanceCancelMachine,
  {
    name: 'passengerAssistanceCancelMachine',
    inputs: [input('jamieOutward'), input('alexInwardCancelled'), input('unknown'), input('hostLacksItem')],
    events: {
      'xstate.done.actor.fetchAssistance': (snap) => {
        const key = keyOf(snap.context);
        if (key === 'unknown') return [];
        if (key === 'hostLacksItem') return [{ type: 'xstate.done.actor.fetchAssistance', output: null }];
        return [
          {
            type: 'xstate.done.actor.fetchAssistance',
            output: {
              booking: returnBooking,
              assistance: key === 'jamieOutward' ? jamieWheelchair : alexLuggageCancelled,
            },
          },
        ];
      },
      'xstate.error.actor.fetchAssistance': (snap) =>
        keyOf(snap.context) === 'unknown'
          ? [{ type: 'xstate.error.actor.fetchAssistance', error: httpError(404, 'NOT_FOUND') }]
          : keyOf(snap.context) === 'jamieOutward'
            ? [{ type: 'xstate.error.actor.fetchAssistance', error: httpError(500, 'INTERNAL_ERROR') }]
            : [],
      'xstate.done.actor.cancelAssistance': [
        {
          type: 'xstate.done.actor.cancelAssistance',
          output: { kind: 'answered', answer: { ...jamieWheelchair, status: 'cancelled' } },
        },
        { type: 'xstate.done.actor.cancelAssistance', output: { kind: 'refused', error: alreadyCancelled } },
        {
          type: 'xstate.done.actor.cancelAssistance',
          output: { kind: 'refused', error: httpError(500, 'INTERNAL_ERROR') },
        },
      ],
      // The attempt itself failing: no user can cause it.
      'xstate.error.actor.cancelAssistance': [],
    },
    serializeContext: (c) => ({ key: c.assistanceId, item: c.item !== null, cancelError: c.cancelError?.code ?? null }),
  },
  {
    async prepare(path, server, browser) {
      const cancels = path.steps.some(
        (s) =>
          s.state.matches('cancelled') ||
          (s.state.matches('alreadyCancelled') && s.event.type === 'xstate.done.actor.cancelAssistance'),
      );
      await data.use(server, 'the King’s Cross → York assistance', cancels);
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      const key = keyOf(path.input!);
      const id =
        key === 'unknown'
          ? '00000000-0000-4000-8000-000000000000'
          : key === 'hostLacksItem'
            ? ASSISTANCE_IDS.jamieOutward
            : ASSISTANCE_IDS[key];
      await page.goto(`${server.url}bookings/${bookingIdOf(ASSISTANCE_BOOKING_KEY)}/passenger-assistance/${id}/cancel`);
    },
    calls: {
      fetchAssistance: { method: 'GET', path: /^\/booking\/[^/]+$/ },
      cancelAssistance: {
        method: 'POST',
        path: /^\/customer\/passenger-assistance\/orders\/[^/]+\/products\/[^/]+\/[^/]+\/cancel$/,
      },
    },
    events: {
      'cancel.confirm': async ({ page }) => cancelButton(page).click(),
      'assistance.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'xstate.done.actor.fetchAssistance': async ({ previous, server }) => {
        if (keyOf(previous!.context) !== 'hostLacksItem') return;
        const orderId = stableId('order', ASSISTANCE_BOOKING_KEY);
        const itemPath = `/customer/passenger-assistance/orders/${orderId}/products/${bookingIdOf(ASSISTANCE_BOOKING_KEY)}/${ASSISTANCE_IDS.jamieOutward}`;
        await server.answer('GET', itemPath, 404, { errors: [{ code: 'NOT_FOUND' }] });
      },
      'xstate.error.actor.fetchAssistance': async (step) => {
        // The unknown assistance is the server's own 404.
        if (keyOf(step.previous!.context) !== 'unknown') await answerWithModelError(step);
      },
      'xstate.done.actor.cancelAssistance': async (step) => {
        const outcome = (step.event as { output?: { kind: string; error?: { problem?: { codes?: string[] } } } })
          .output;
        if (outcome?.kind !== 'refused') return;
        if (outcome.error?.problem?.codes?.[0] === 'ALREADY_CANCELLED') {
          expect(
            await postFromAnotherTab(step.page, step.server.url, step.call!.path),
            'cancelled from another tab',
          ).toBe(200);
        } else await answerWithModelError({ ...step, event: { type: step.event.type, error: outcome.error } });
      },
    },
    // Check again shows only once the attempt could not confirm its outcome: the attempt's own chart.
    offers: { 'cancel.check': () => false },
    notUserActions: {
      '#passengerAssistanceCancel.starting always [0]':
        "The route's loader makes the first calls: the replay holds its GET booking as the chart's fetchAssistance and answers it at that step (a host without the call to read one assistance answers that call 404 before it is released), so the page goes from its loading words to what the path says; the chart takes its starting edge from what the route loaded, which the model test walks",
      '#passengerAssistanceCancel.starting always [1]':
        "The loader's assistance cancelled already is held and answered as the chart's fetchAssistance; the model test walks the starting edge",
      '#passengerAssistanceCancel.starting always [2]':
        "The loader's assistance to confirm is held and answered as the chart's fetchAssistance; the model test walks the starting edge",
      '#passengerAssistanceCancel.starting always [3]':
        "The loader's 404 is held and answered as the chart's fetchAssistance, and the page shows its not-found message; the model test walks the starting edge",
      '#passengerAssistanceCancel.starting always [4]':
        "The loader's failed call is held and failed as the chart's fetchAssistance, and the page shows its error with Try again; the model test walks the starting edge",
      '#passengerAssistanceCancel.cancelling cancel.check [0]':
        "Check again, passed to the attempt, shows only after a lost answer whose check got no answer either: the lost-answer chart's model test and test/e2e/lost-answers.test.ts",
      '#passengerAssistanceCancel.cancelling xstate.error.actor.cancelAssistance [0]':
        'the attempt chart itself failing: no answer of the server causes it',
    },
    states: {
      // The first load is the route's loader (docs/decisions/730), its call held like the chart's own.
      // Opened from a link, the route's pending page shows the page's loading words; opened by its
      // URL, the account area's loading indicator stays up until every loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page
          .getByRole('status')
          .filter({ hasText: m.passenger_assistance_assistance_cancel_page_loading_this_assistance() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(passengerAssistanceCancelMessages.loadError, { exact: true }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      notFound: async ({ page }) =>
        page.getByText(passengerAssistanceCancelMessages.notFound, { exact: true }).waitFor(),
      absent: async ({ page }) => {
        await page.getByText(passengerAssistanceCancelMessages.notOffered, { exact: true }).waitFor();
        await page
          .getByRole('main')
          .getByRole('link', { name: m.passenger_assistance_assistance_list_page_back_to_booking() })
          .waitFor();
        expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count(), 'no error box').toBe(0);
      },
      alreadyCancelled: async ({ page }) => {
        await page.getByText(passengerAssistanceCancelMessages.alreadyCancelled, { exact: true }).waitFor();
        expect(await cancelButton(page).count(), 'nothing left to cancel').toBe(0);
      },
      confirming: async ({ page, snapshot }) => {
        await page
          .getByText(m.passenger_assistance_assistance_cancel_page_do_you_want_to_cancel(), { exact: true })
          .waitFor();
        const error = snapshot.context.cancelError;
        if (error) {
          const alert = page
            .getByRole('alert')
            .filter({ hasText: m.passenger_assistance_assistance_cancel_page_we_couldnt_cancel_this_assistance() });
          await alert
            .getByText(error.detail ?? passengerAssistanceCancelMessages.cancelError, { exact: true })
            .waitFor();
        }
        await expect
          .poll(() => cancelButton(page).getAttribute('aria-disabled'), { message: 'Cancel assistance usable' })
          .toBeNull();
      },
      cancelling: async ({ page }) => {
        await page
          .locator('button[aria-busy="true"]')
          .filter({ hasText: m.passenger_assistance_assistance_cancel_page_cancelling() })
          .waitFor();
      },
      // The screen goes back to the booking's assistance list.
      cancelled: async ({ page }) => {
        await page.waitForURL((u) => u.pathname.endsWith('/passenger-assistance'));
      },
    },
  },
);
