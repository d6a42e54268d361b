import { expect } from 'vitest';
import { journeyChangeMachine, searchErrors, type JourneyChangeInput } from '#machines/journey-change';
import { m } from '#src/paraglide/messages.js';
import type { ChangeOptions, ChangeQuote, Departures } from '#src/schemas/journey-change';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import * as pay from './replay/change-payment';
import { answerWithModelError, describeBrowserReplay, SharedData } from './replay/replay';

/**
 * A change of journey replayed in Chromium (decision 600), signed in as the demo account on the
 * seeded timetable (every route every 90 minutes from 06:00, its 12:00 full):
 * - york: King's Cross → York, Off-Peak Return: the 18:00 is dearer (paid with the saved Visa, or
 *   a new card: `4000 0000 0000 0002` is declined, `4242…` pays); the 19:30 is cheaper, and on the
 *   business portal (no fee: /__test/page-data) the difference comes back with nothing to pay;
 *   outward or both legs.
 * - departed: Manchester → Euston, an Advance whose train has left: refused with the rule.
 * A failed load, a refused search, a train that filled up before the quote, and the server's
 * refusals at payment (the price moved, the booking changed elsewhere) come from the /__test/answer
 * switch with the model's answer; test/server/journey-change.test.ts moves a real price with the clock.
 */
type Who = 'york' | 'departed';
const data = new SharedData();
const { button, heading, portal, refusalIn, status, payAnswered: answered, payRefused: refused } = pay;
const DAY = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const bookingOf = (who: Who) =>
  stableId('booking', `${who === 'york' ? 'demo-upcoming-kingscross-york' : 'demo-past-manchester-euston-advance'}:0`);
const whoOf = (c: { bookingId: string }) => c.bookingId as Who;
const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });
const VISA = { brand: 'VISA', last4: '4242' };
const station = (code: string) => ({ code, name: code });
const leg = (from: string, to: string) => ({
  origin: station(from),
  destination: station(to),
  departure: new Date(Date.now() + 10 * DAY).toISOString(),
  arrival: new Date(Date.now() + 10 * DAY + 7_000_000).toISOString(),
  changes: 0,
  operator: 'LNER',
});

const options = (who: Who): ChangeOptions => ({
  bookingId: bookingOf(who),
  orderId: 'its order',
  reference: 'its reference',
  refusal: null,
  outward: leg('KGX', 'YRK'),
  inward: leg('YRK', 'KGX'),
  passengers: [],
  fareKind: who === 'york' ? 'flexible' : 'advance',
  directions: (['outward', 'inward', 'both'] as const).map((direction) => ({
    direction,
    changeable: who === 'york',
    reason: who === 'york' ? null : 'DEPARTED',
    message: who === 'york' ? null : 'The train has left.',
  })),
  fee: gbp(10),
  savedCards: [{ id: 'the saved Visa', ...VISA, expired: false }],
});
const train = (l: string, time: string) => ({
  trainId: `${l}-${time}`,
  departure: new Date(Date.now() + 10 * DAY).toISOString(),
  arrival: new Date(Date.now() + 10 * DAY).toISOString(),
  changes: 0,
  status: 'AVAILABLE' as const,
  fare: gbp(50),
  difference: gbp(5),
});
const departures = (l: 'outward' | 'inward'): Departures => ({
  leg: l,
  date: TODAY,
  departures: [train(l, '18:00'), train(l, '19:30')],
});
/** The 18:00 costs more than the booked train; the 19:30 less (the difference back, less the fee). */
const quote = (outwardTrain: string | null): ChangeQuote => {
  const total = outwardTrain?.endsWith('19:30') ? -2 : 31;
  return {
    quoteId: `q-${total}`,
    direction: 'outward',
    fareKind: 'flexible',
    old: { outward: leg('KGX', 'YRK'), inward: null },
    new: { outward: leg('KGX', 'YRK'), inward: null },
    lines: [],
    fareDifference: gbp(total - 10),
    fees: gbp(10),
    total: gbp(total),
    lowerFareKept: false,
  };
};
const changed = {
  status: 'CHANGED',
  newBookingId: 'the new booking',
  newOrderId: 'the new order',
  reference: 'TL-NEW',
  paid: null,
  refunded: null,
  cardLast4: null,
};
const input = (who: Who): JourneyChangeInput => ({ bookingId: who, today: TODAY, keySeed: `replay-${who}` });
const timeOf = (trainId: string) => trainId.slice(trainId.indexOf('-') + 1);
const owes = (c: { quote: ChangeQuote | null }) => (c.quote?.total.amount ?? 0) > 0;

describeBrowserReplay(
  journeyChangeMachine,
  {
    name: 'journeyChangeMachine',
    inputs: [input('york'), input('departed')],
    events: {
      // A host without the change calls (decision 863): null, the options' 404 on a booking the spec's call answers for.
      'xstate.done.actor.fetchOptions': (snap) => [
        { type: 'xstate.done.actor.fetchOptions', output: options(whoOf(snap.context)) },
        ...(whoOf(snap.context) === 'york' ? [{ type: 'xstate.done.actor.fetchOptions', output: null }] : []),
      ],
      'xstate.error.actor.fetchOptions': (snap) =>
        whoOf(snap.context) === 'york'
          ? [{ type: 'xstate.error.actor.fetchOptions', error: httpError(500, 'INTERNAL_ERROR') }]
          : [],
      'search.direction': (snap) =>
        snap.context.search.direction === 'outward' ? [{ type: 'search.direction', direction: 'both' } as const] : [],
      // The time to search from cleared (a problem), then typed again.
      'search.change': (snap) => [
        {
          type: 'search.change',
          field: 'outwardAfter',
          value: snap.context.search.outwardAfter === '06:00' ? '' : '06:00',
        } as const,
      ],
      'xstate.done.actor.fetchDepartures': (snap) => [
        { type: 'xstate.done.actor.fetchDepartures', output: departures(snap.context.leg) },
      ],
      'xstate.error.actor.fetchDepartures': [
        {
          type: 'xstate.error.actor.fetchDepartures',
          error: httpError(422, 'DATE_OUT_OF_RANGE', 'Choose another day.'),
        },
      ],
      // Both legs: the 18:00 each way; one leg: the dearer 18:00 or the cheaper 19:30.
      'train.pick': (snap) =>
        snap.context.search.direction === 'both'
          ? [{ type: 'train.pick', trainId: `${snap.context.leg}-18:00` } as const]
          : [
              { type: 'train.pick', trainId: 'outward-18:00' } as const,
              { type: 'train.pick', trainId: 'outward-19:30' } as const,
            ],
      'xstate.done.actor.fetchQuote': (snap) => [
        { type: 'xstate.done.actor.fetchQuote', output: quote(snap.context.outwardTrain) },
      ],
      'xstate.error.actor.fetchQuote': [
        { type: 'xstate.error.actor.fetchQuote', error: httpError(409, 'TRAIN_FULL', 'This train is full.') },
      ],
      'pay.select': (snap) =>
        owes(snap.context)
          ? [
              {
                type: 'pay.select' as const,
                choice:
                  snap.context.cardChoice.kind === 'saved'
                    ? ({ kind: 'new' } as const)
                    : ({ kind: 'saved', cardId: 'the saved Visa' } as const),
              },
            ]
          : [],
      'xstate.done.actor.cardForm': [
        { type: 'xstate.done.actor.cardForm', output: { token: 'the declined card', last4: '0002', brand: 'Visa' } },
        { type: 'xstate.done.actor.cardForm', output: { token: 'the good card', last4: '4242', brand: 'Visa' } },
      ],
      'xstate.done.actor.pay': (snap) => {
        const c = snap.context;
        if (c.card?.last4 === '0002') return [refused(httpError(422, 'CARD_DECLINED', 'Your card was declined.'))];
        return [
          answered(changed),
          ...(c.priceMoved ? [] : [refused(httpError(409, 'PRICE_CHANGED', 'The price has moved.'))]),
          refused(httpError(409, 'BOOKING_REPLACED', 'This booking has already been changed.')),
        ];
      },
      'xstate.error.actor.pay': [],
      'change.check': [],
    },
    serializeContext: (c) => ({
      who: c.bookingId,
      direction: c.search.direction,
      timeValid: c.search.outwardAfter === '06:00',
      leg: c.leg,
      picked: [c.outwardTrain, c.inwardTrain],
      owes: c.quote === null ? null : owes(c),
      priceMoved: c.priceMoved,
      choice: c.cardChoice.kind,
      card: c.card?.last4 ?? null,
      error: c.errorCode,
    }),
    maxPaths: 3000,
  },
  {
    async prepare(path, server, browser) {
      const changes = path.steps.some(
        (s) => s.event.type === 'xstate.done.actor.pay' && refusalIn(s.event) === undefined,
      );
      await data.use(server, 'york', changes);
      await portal(server, 'Leisure');
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      await page.goto(`${server.url}bookings/${bookingOf(path.input!.bookingId as Who)}/change`);
    },
    calls: {
      fetchOptions: { method: 'GET', path: /^\/change-of-journey\/options\/[^/]+$/ },
      fetchDepartures: { method: 'GET', path: /^\/change-of-journey\/departures\/[^/]+$/ },
      fetchQuote: { method: 'POST', path: /^\/change-of-journey\/quote\/[^/]+$/ },
      pay: { method: 'POST', path: /^\/change-of-journey\/pay\/[^/]+$/ },
    },
    offers: {
      // Find trains ignores clicks while the search has a problem.
      'search.submit': (snap) => Object.keys(searchErrors(snap.context.search, snap.context.today)).length === 0,
      'change.check': () => false,
      // The saved Visa pays, or a new card when chosen; both legs are paid with the saved card.
      'change.confirm': (snap) =>
        snap.context.search.direction === 'outward' || snap.context.cardChoice.kind === 'saved',
    },
    events: {
      'change.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'search.direction': async ({ page }) =>
        page.getByRole('radio', { name: m.journey_change_direction_both(), exact: true }).check(),
      'search.change': async ({ page, event }) => {
        if (event.type !== 'search.change') return;
        await page.getByLabel(m.journey_change_leaving_after()).first().fill(event.value);
      },
      'search.submit': async ({ page }) => button(page, m.journey_change_find_trains()).click(),
      'train.pick': async ({ page, event }) => {
        if (event.type !== 'train.pick') return;
        await page
          .getByRole('button', { name: m.journey_change_choose_train_label({ departs: timeOf(event.trainId) }) })
          .click();
      },
      'change.back': async ({ page, previous }) =>
        button(
          page,
          previous!.matches('picking') ? m.journey_change_search_again() : m.journey_change_choose_again(),
        ).click(),
      'pay.select': async ({ page, event }) => pay.choosePayWith(page, event, VISA),
      'change.confirm': async ({ page, previous }) => pay.confirmPayment(page, previous!.context.quote),
      'card.cancel': async ({ page }) => button(page, m.common_cancel()).click(),
      'xstate.done.actor.cardForm': async ({ page, event, previous }) =>
        pay.typeNewCard(page, event, previous!.context.quote, 'Alex Morgan'),
      'xstate.error.actor.fetchOptions': answerWithModelError,
      'xstate.done.actor.fetchOptions': async (step) => void (await pay.answerNotOffered(step)),
      'xstate.error.actor.fetchDepartures': answerWithModelError,
      'xstate.error.actor.fetchQuote': answerWithModelError,
      // Money back: the cheaper 19:30 on the business portal, which charges no fee to change (/__test/page-data).
      'xstate.done.actor.fetchQuote': async ({ server, event }) => {
        const output = (event as { output?: ChangeQuote }).output;
        await portal(server, (output?.total.amount ?? 0) <= 0 ? 'BrandedBusinessTravel' : 'Leisure');
      },
      'xstate.done.actor.pay': pay.answerPayRefusal,
    },
    states: {
      // The first load is the route's loader (decision 730): its call is held like the chart's own,
      // and meanwhile the account area may show its loading indicator (the user call) before the screen's.
      loading: async ({ page, previous }) =>
        previous === undefined
          ? page
              .getByRole('status')
              .filter({ hasText: m.ui_page_loading() })
              .or(page.getByRole('status').filter({ hasText: m.journey_change_loading() }))
              .first()
              .waitFor()
          : status(page, m.journey_change_loading()),
      loadFailed: async ({ page }) => {
        await page.getByText(m.journey_change_load_failed(), { exact: true }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      notChangeable: async ({ page }) => {
        await page.getByText(m.journey_change_not_changeable_title(), { exact: true }).waitFor();
      },
      notOffered: async ({ page }) => pay.expectNotOffered(page, m.journey_change_not_offered()),
      choosing: async ({ page, snapshot }) => {
        const c = snapshot.context;
        await heading(page, m.journey_change_what_to_change());
        const radio = page.getByRole('radio', {
          name:
            c.search.direction === 'both' ? m.journey_change_direction_both() : m.journey_change_direction_outward(),
          exact: true,
        });
        await expect.poll(() => radio.isChecked(), { message: 'the legs chosen' }).toBe(true);
        await expect
          .poll(() => page.getByLabel(m.journey_change_leaving_after()).first().inputValue(), { message: 'the time' })
          .toBe(c.search.outwardAfter);
        if (c.error !== null) await page.getByRole('alert').first().waitFor();
        const invalid = Object.keys(searchErrors(c.search, c.today)).length > 0;
        await expect
          .poll(
            async () => (await button(page, m.journey_change_find_trains()).getAttribute('aria-disabled')) === 'true',
            {
              message: 'Find trains disabled while the search has a problem',
            },
          )
          .toBe(invalid);
      },
      searching: async ({ page }) => status(page, m.journey_change_searching()),
      picking: async ({ page, snapshot }) => {
        const c = snapshot.context;
        await heading(page, c.leg === 'outward' ? m.journey_change_choose_outward() : m.journey_change_choose_return());
        // The 12:00 is full: shown, not offered.
        await page.getByText(m.journey_change_train_full()).first().waitFor();
        if (c.errorCode === 'TRAIN_FULL') await page.getByRole('alert').first().waitFor();
      },
      quoting: async ({ page }) => status(page, m.journey_change_quoting()),
      reviewing: async ({ page, snapshot }) => {
        const c = snapshot.context;
        await heading(page, m.journey_change_review_title());
        await page
          .getByText(owes(c) ? m.journey_change_you_pay() : m.journey_change_you_get_back(), { exact: true })
          .first()
          .waitFor();
        await pay.expectPaymentReview(page, c, VISA);
      },
      cardForm: async ({ page }) => pay.expectCardForm(page),
      paying: async ({ page }) => status(page, m.journey_change_paying()),
      // The route opens the new booking, which says which booking it replaces.
      changed: async ({ page, path }) => {
        await page.waitForURL(
          (u) => /\/bookings\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(bookingOf(path.input!.bookingId as Who)),
        );
        await page.getByText(m.booking_detail_journey_changed_title(), { exact: true }).first().waitFor();
      },
    },
    notUserActions: {
      '#journeyChange.starting always [0]':
        "A host without the change calls comes from the route's loader, held and answered as the chart's fetchOptions (the options' 404, then the booking's own call); the model test walks the starting edge",
      '#journeyChange.starting always [1]':
        "The route's loader makes the first call: the replay holds it as the chart's fetchOptions and answers it at that step, so the screen goes from the loading indicator to the search form as the path says; the chart takes its starting edge from the loaded options, which the model test walks",
      '#journeyChange.starting always [2]':
        "A booking that cannot change comes from the route's loader, held and answered as the chart's fetchOptions; the model test walks the starting edge",
      '#journeyChange.starting always [3]':
        "The loader's failed call is held and failed as the chart's fetchOptions, and the screen shows the load's error with Try again; the model test walks the starting edge",
      ...pay.paymentNotUserActions('journeyChange'),
    },
  },
);
