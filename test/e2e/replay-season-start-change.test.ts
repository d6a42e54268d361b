import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  seasonStartChangeMachine,
  startDateProblem,
  type SeasonStartChangeInput,
  type StartDateField,
} from '#machines/season-start-change';
import { startDateMessage } from '#src/copy/season-start-change';
import { m } from '#src/paraglide/messages.js';
import type { SeasonChangeOptions, SeasonChangeQuote } from '#src/schemas/season-start-change';
import { SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { SEASON_NOT_STARTED } from '#server/seed/bookings.ts';
import { stableId } from '#server/seed/context.ts';
import { DEMO_GUEST_TOKENS, GUEST_SEASON_KEY } from '#server/seed/guest-orders.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import * as pay from './replay/change-payment';
import { answerWithModelError, describeBrowserReplay, SharedData } from './replay/replay';

/**
 * A season's change of start date replayed in Chromium (decision 790) on the seeded seasons:
 * - sam: Sam Patel's monthly Ipswich → London Liverpool Street, signed in, with a saved Visa the
 *   replay adds (Sam has none in the demo data) so "Pay with" offers a choice. The load's failure, a
 *   season that cannot change, the server's own refusal of a date and of a payment, and a moved
 *   price come from the /__test/answer switch with the model's answer; nothing to pay is the
 *   business portal's (no fee: /__test/page-data).
 * - guest: guest@example.com's monthly Norwich → London Liverpool Street from its emailed link
 *   (demo-guest-token-4, the README's), no saved card: a new card pays.
 * A new card `4000 0000 0000 0002` is the local payment provider's decline; `4242…` pays.
 */
type Who = 'sam' | 'guest';
const data = new SharedData();
const { button, codeIn, heading, portal, refusalIn, status, payAnswered: answered, payRefused: refused } = pay;
const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const TODAY = iso(Date.now());
/** The new start typed: four weeks on (both seasons start sooner, so it is another day). */
const target = new Date(Date.now() + 28 * DAY);
const typed = {
  day: String(target.getUTCDate()),
  month: String(target.getUTCMonth() + 1),
  year: String(target.getUTCFullYear()),
};
const tooLateYear = String(target.getUTCFullYear() + 1);
const bookingOf = (who: Who) => stableId('booking', `${who === 'sam' ? SEASON_NOT_STARTED : GUEST_SEASON_KEY}:0`);
const SAM_VISA = stableId('card', 'replay-sam-visa');
const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });
const whoOf = (c: { bookingId: string }) => c.bookingId as Who;

const options = (who: Who, changeable: boolean): SeasonChangeOptions => ({
  bookingId: bookingOf(who),
  reference: 'the season’s',
  refusal: null,
  outward: { origin: { code: 'IPS', name: 'Ipswich' }, destination: { code: 'LST', name: 'London Liverpool Street' } },
  fareKind: 'season',
  season: {
    validFrom: new Date(Date.now() + 14 * DAY).toISOString(),
    validUntil: new Date(Date.now() + 44 * DAY).toISOString(),
  },
  directions: [
    {
      direction: 'outward',
      changeable,
      reason: changeable ? null : 'SEASON_STARTED',
      message: changeable ? null : 'This season has started.',
    },
  ],
  fee: gbp(10),
  savedCards: who === 'sam' ? [{ id: SAM_VISA, brand: 'VISA', last4: '4242', expired: false }] : [],
});
const quote = (total: number): SeasonChangeQuote => ({
  quoteId: `q-${total}`,
  fareKind: 'season',
  season: {
    validFrom: `${iso(target.getTime())}T00:00:00.000Z`,
    validUntil: `${iso(target.getTime() + 30 * DAY)}T23:59:00.000Z`,
  },
  lines: [{ ticketId: 't1', passengerName: 'Sam Patel', type: 'Season (Monthly)', fee: gbp(total) }],
  fees: gbp(total),
  total: gbp(total),
});
const changed = {
  status: 'CHANGED',
  newBookingId: 'the new booking',
  newOrderId: 'the new order',
  reference: 'TL-NEW',
  paid: gbp(10),
  refunded: null,
  cardLast4: '4242',
};
const SAM_CARD = { brand: 'VISA', last4: '4242' };

const input = (who: Who): SeasonStartChangeInput => ({ bookingId: who, today: TODAY, keySeed: `replay-${who}` });
const datePart = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describeBrowserReplay(
  seasonStartChangeMachine,
  {
    name: 'seasonStartChangeMachine',
    inputs: [input('sam'), input('guest')],
    events: {
      'xstate.done.actor.fetchOptions': (snap) => [
        { type: 'xstate.done.actor.fetchOptions', output: options(whoOf(snap.context), true) },
        ...(whoOf(snap.context) === 'sam'
          ? [{ type: 'xstate.done.actor.fetchOptions', output: options('sam', false) }]
          : []),
        // A host without the change calls (decision 863): null, the options' 404 on a booking the spec's call answers for.
        ...(whoOf(snap.context) === 'sam' ? [{ type: 'xstate.done.actor.fetchOptions', output: null }] : []),
      ],
      'xstate.error.actor.fetchOptions': (snap) =>
        whoOf(snap.context) === 'sam'
          ? [{ type: 'xstate.error.actor.fetchOptions', error: httpError(500, 'INTERNAL_ERROR') }]
          : [],
      // Typed part by part, then the year moved too far ahead and back.
      'date.change': (snap) => {
        const d = snap.context.date;
        if (d.day === '') return [{ type: 'date.change', field: 'day', value: typed.day } as const];
        if (d.month === '') return [{ type: 'date.change', field: 'month', value: typed.month } as const];
        return [
          { type: 'date.change', field: 'year', value: d.year === typed.year ? tooLateYear : typed.year } as const,
        ];
      },
      'date.blur': [{ type: 'date.blur' }],
      'date.submit': [{ type: 'date.submit' }],
      'xstate.done.actor.fetchQuote': (snap) => [
        { type: 'xstate.done.actor.fetchQuote', output: quote(10) },
        ...(whoOf(snap.context) === 'sam' && !snap.context.priceMoved
          ? [{ type: 'xstate.done.actor.fetchQuote', output: quote(0) }]
          : []),
      ],
      // The chart checks the server's rules first: the server's refusal comes when the day changed meanwhile.
      'xstate.error.actor.fetchQuote': (snap) =>
        whoOf(snap.context) === 'sam'
          ? [
              {
                type: 'xstate.error.actor.fetchQuote',
                error: httpError(422, 'SAME_START_DATE', 'The season already starts on this date: choose another.'),
              },
            ]
          : [],
      'pay.select': (snap) =>
        snap.context.options?.savedCards.length
          ? [
              {
                type: 'pay.select' as const,
                choice:
                  snap.context.cardChoice.kind === 'saved'
                    ? ({ kind: 'new' } as const)
                    : ({ kind: 'saved', cardId: SAM_VISA } as const),
              },
            ]
          : [],
      'change.back': [{ type: 'change.back' }],
      'change.confirm': [{ type: 'change.confirm' }],
      'card.cancel': [{ type: 'card.cancel' }],
      'xstate.done.actor.cardForm': [
        { type: 'xstate.done.actor.cardForm', output: { token: 'the declined card', last4: '0002', brand: 'Visa' } },
        { type: 'xstate.done.actor.cardForm', output: { token: 'the good card', last4: '4242', brand: 'Visa' } },
      ],
      'xstate.done.actor.pay': (snap) => {
        const c = snap.context;
        if (c.card?.last4 === '0002') return [refused(httpError(422, 'CARD_DECLINED', 'Your card was declined.'))];
        if (whoOf(c) === 'guest') return [answered(changed)];
        return [
          answered(changed),
          ...(c.priceMoved ? [] : [refused(httpError(409, 'PRICE_CHANGED', 'The price has moved.'))]),
          refused(httpError(409, 'SEASON_STARTED', 'This season has started.')),
        ];
      },
      'xstate.error.actor.pay': [],
      'change.check': [],
      'change.retry': [{ type: 'change.retry' }],
    },
    serializeContext: (c) => ({
      who: c.bookingId,
      date: `${c.date.day}/${c.date.month}/${c.date.year}`,
      touched: c.dateTouched,
      owes: c.quote === null ? null : c.quote.total.amount > 0,
      priceMoved: c.priceMoved,
      choice: c.cardChoice.kind,
      card: c.card?.last4 ?? null,
      declined: c.cardDeclined,
      error: c.errorCode,
    }),
    maxPaths: 3000,
  },
  {
    async prepare(path, server, browser) {
      const who = path.input!.bookingId as Who;
      // A change made, or a declined card's token spent, changes that season's data.
      const changes = path.steps.some(
        (s) =>
          (s.event.type === 'xstate.done.actor.pay' && refusalIn(s.event) === undefined) ||
          codeIn(s.event) === 'CARD_DECLINED',
      );
      await data.use(server, who, changes);
      await portal(server, 'Leisure');
      if (who === 'guest') return {};
      await server.query(
        `insert into saved_cards (id, customer_id, brand, last_four_digits, expiry_month, expiry_year, cardholder_name, created_at)
         values ($1, $2, 'VISA', '4242', 9, $3, 'Sam Patel', now()) on conflict (id) do nothing`,
        [SAM_VISA, SECOND_ACCOUNT.id, new Date().getUTCFullYear() + 2],
      );
      return data.signedIn(browser, server, SECOND_ACCOUNT);
    },
    async open(page, path, server) {
      const who = path.input!.bookingId as Who;
      await page.goto(
        who === 'sam'
          ? `${server.url}bookings/${bookingOf('sam')}/change-start-date`
          : `${server.url}order-token/${bookingOf('guest')}/change-start-date#token=${DEMO_GUEST_TOKENS[3]}`,
      );
    },
    calls: {
      fetchOptions: { method: 'GET', path: /^\/change-of-journey\/options\/[^/]+$/ },
      fetchQuote: { method: 'POST', path: /^\/change-of-journey\/quote\/[^/]+$/ },
      pay: { method: 'POST', path: /^\/change-of-journey\/pay\/[^/]+$/ },
    },
    offers: {
      // Continue ignores clicks while the date has a problem.
      'date.submit': (snap) =>
        startDateProblem(snap.context.date, snap.context.today, snap.context.options?.season.validFrom) === null,
      // Check again shows only once the payment's outcome could not be confirmed: the attempt's own chart.
      'change.check': () => false,
      // "Pay with" shows only when something is to be paid.
      'pay.select': (snap) => (snap.context.quote?.total.amount ?? 0) > 0,
      // Sam pays with the saved card or nothing; the new card is the guest's (so the guest's link is replayed).
      'change.confirm': (snap) =>
        !(
          whoOf(snap.context) === 'sam' &&
          snap.context.cardChoice.kind === 'new' &&
          (snap.context.quote?.total.amount ?? 0) > 0
        ),
    },
    events: {
      'change.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'date.change': async ({ page, event }) => {
        if (event.type !== 'date.change') return;
        const label = { day: m.season_start_day(), month: m.season_start_month(), year: m.season_start_year() }[
          event.field as StartDateField
        ];
        await datePart(page, label).fill(event.value);
      },
      'date.blur': async ({ page }) => {
        await datePart(page, m.season_start_year()).focus();
        await page.keyboard.press('Tab');
      },
      'date.submit': async ({ page }) => button(page, m.season_start_continue()).click(),
      'pay.select': async ({ page, event }) => pay.choosePayWith(page, event, SAM_CARD),
      'change.confirm': async ({ page, previous }) => pay.confirmPayment(page, previous!.context.quote),
      'change.back': async ({ page }) => button(page, m.season_start_choose_again()).click(),
      'card.cancel': async ({ page }) => button(page, m.common_cancel()).click(),
      'xstate.done.actor.cardForm': async ({ page, event, previous }) =>
        pay.typeNewCard(page, event, previous!.context.quote, 'Sam Patel'),
      'xstate.error.actor.fetchOptions': answerWithModelError,
      'xstate.error.actor.fetchQuote': answerWithModelError,
      // Not changeable: the options as the server gives them for a season that has started.
      'xstate.done.actor.fetchOptions': async ({ server, call, event }) => {
        if (await pay.answerNotOffered({ server, call, event })) return;
        const output = (event as { output?: SeasonChangeOptions }).output;
        if (output && !output.directions[0]?.changeable) await server.answer('GET', call!.path, 200, output);
      },
      // Nothing to pay: the business portal's change has no fee.
      'xstate.done.actor.fetchQuote': async ({ server, event }) => {
        const output = (event as { output?: SeasonChangeQuote }).output;
        await portal(server, output?.total.amount === 0 ? 'BrandedBusinessTravel' : 'Leisure');
      },
      // A declined new card is the payment provider's own answer; the server's other refusals come from the switch.
      'xstate.done.actor.pay': pay.answerPayRefusal,
    },
    states: {
      // The first load is the route's loader (decision 730), signed in and from the guest's link: its
      // call is held like the chart's own, and meanwhile the page shows its loading indicator (or,
      // once the screen's code has arrived, the screen's).
      loading: async ({ page, previous }) =>
        previous === undefined
          ? page
              .getByRole('status')
              .filter({ hasText: m.ui_page_loading() })
              .or(page.getByRole('status').filter({ hasText: m.season_start_loading() }))
              .first()
              .waitFor()
          : status(page, m.season_start_loading()),
      loadFailed: async ({ page }) => {
        await page.getByText(m.season_start_load_failed(), { exact: true }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      notChangeable: async ({ page }) => {
        await page.getByText(m.season_start_not_changeable_title(), { exact: true }).waitFor();
      },
      notOffered: async ({ page }) => pay.expectNotOffered(page, m.season_start_not_offered()),
      choosing: async ({ page, snapshot }) => {
        const c = snapshot.context;
        await heading(page, m.season_start_choose_title());
        await expect
          .poll(() => datePart(page, m.season_start_day()).inputValue(), { message: 'the day' })
          .toBe(c.date.day);
        await expect
          .poll(() => datePart(page, m.season_start_month()).inputValue(), { message: 'the month' })
          .toBe(c.date.month);
        await expect
          .poll(() => datePart(page, m.season_start_year()).inputValue(), { message: 'the year' })
          .toBe(c.date.year);
        const problem = startDateProblem(c.date, c.today, c.options?.season.validFrom);
        const message = c.dateTouched ? startDateMessage(problem) : undefined;
        if (message) await page.getByText(message, { exact: true }).first().waitFor();
        if (c.errorCode === 'SAME_START_DATE')
          await page.getByRole('alert').filter({ hasText: m.journey_change_refusal_same_start_date() }).waitFor();
        await expect
          .poll(async () => (await button(page, m.season_start_continue()).getAttribute('aria-disabled')) === 'true', {
            message: 'Continue disabled while the date has a problem',
          })
          .toBe(problem !== null);
      },
      quoting: async ({ page }) => status(page, m.season_start_quoting()),
      reviewing: async ({ page, snapshot }) => {
        const c = snapshot.context;
        await heading(page, m.season_start_review_title());
        await pay.expectPaymentReview(page, c, SAM_CARD);
        if ((c.quote?.total.amount ?? 0) <= 0)
          await page.getByText(m.journey_change_nothing_to_pay(), { exact: true }).waitFor();
      },
      cardForm: async ({ page }) => pay.expectCardForm(page),
      paying: async ({ page }) => status(page, m.season_start_paying()),
      changed: async ({ page }) => {
        await heading(page, m.season_start_done_title());
        await page.getByRole('link', { name: m.season_start_open_history() }).waitFor();
      },
    },
    notUserActions: {
      '#seasonStartChange.starting always [0]':
        "Signed in, a host without the change calls comes from the route's loader, held and answered as the chart's fetchOptions (the options' 404, then the booking's own call); the model test walks the starting edge",
      '#seasonStartChange.starting always [1]':
        "Signed in, the route's loader makes the first call: the replay holds it as the chart's fetchOptions and answers it at that step, so the screen goes from the loading indicator to the date form as the path says; the chart takes its starting edge from the loaded season, which the model test walks",
      '#seasonStartChange.starting always [2]':
        "Signed in, a season that cannot change comes from the route's loader, held and answered as the chart's fetchOptions; the model test walks the starting edge",
      '#seasonStartChange.starting always [3]':
        "Signed in, the loader's failed call is held and failed as the chart's fetchOptions, and the screen shows the load's error with Try again; the model test walks the starting edge",
      ...pay.paymentNotUserActions('seasonStartChange'),
    },
  },
);
