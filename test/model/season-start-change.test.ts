import { expect, it } from 'vitest';
import { seasonStartChangeMachine, seasonToday, startDateOf, startDateProblem } from '#machines/season-start-change';
import type { SeasonChangeOptions, SeasonChangeQuote } from '#src/schemas/season-start-change';
import { createActor, type SnapshotFrom } from 'xstate';
import { describeMachineModel, errorOf, nextFrom, watching, fromOwnLoadOnly } from './harness';
import { httpError, schemaError } from './fixtures/refund-fixtures';
import * as payment from './change-payment-answers';

const { payAnswered: answered, payRefused: refused } = payment;

/**
 * A season's change of start date (docs/decisions/690-season-start-date-change.md and
 * 790-season-start-date-screen.md): the chart against what each state means.
 */
const KEY_SEED = 'seed-season';
const TODAY = '2026-12-07';
const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });

const options = (changeable: boolean): SeasonChangeOptions => ({
  bookingId: 'b-season',
  reference: 'TL-SEASON',
  refusal: null,
  outward: { origin: { code: 'OXF', name: 'Oxford' }, destination: { code: 'PAD', name: 'London Paddington' } },
  fareKind: 'season',
  season: { validFrom: '2026-12-21T00:00:00.000Z', validUntil: '2027-01-20T23:59:00.000Z' },
  directions: [
    {
      direction: 'outward',
      changeable,
      reason: changeable ? null : 'SEASON_STARTED',
      message: changeable ? null : 'This season has started.',
    },
  ],
  fee: gbp(10),
  savedCards: [{ id: 'card-visa', brand: 'VISA', last4: '4242', expired: false }],
});
const quote = (total: number): SeasonChangeQuote => ({
  quoteId: `q-${total}`,
  fareKind: 'season',
  season: { validFrom: '2027-01-04T00:00:00.000Z', validUntil: '2027-02-03T23:59:00.000Z' },
  lines: [{ ticketId: 't1', passengerName: 'Sam Patel', type: 'Monthly Season', fee: gbp(total) }],
  fees: gbp(total),
  total: gbp(total),
});
const changed = {
  status: 'CHANGED',
  newBookingId: 'b-new',
  newOrderId: 'o-new',
  reference: 'TL-NEWONE',
  paid: gbp(10),
  refunded: null,
  cardLast4: '4242',
};

type ModelSnapshot = SnapshotFrom<typeof seasonStartChangeMachine>;
type Check = { snapshot: ModelSnapshot };

const seasonStarted = httpError(409, 'SEASON_STARTED', 'This season has started.');
const card = (id: string, expired: boolean) => ({ id, brand: 'VISA', last4: id.slice(-4), expired });
/** The season's options with other saved cards, or a refusal though a direction is changeable. */
const optionsWith = (over: Partial<SeasonChangeOptions>): SeasonChangeOptions => ({ ...options(true), ...over });

/**
 * Every answer the season's load can have, from the state that loads it: where it leads and what
 * the screen then reads (the options, the card chosen first, the error and its code).
 */
const expectLoadAnswers = (check: Check) => {
  const done = (output: SeasonChangeOptions | null) =>
    nextFrom(check, { type: 'xstate.done.actor.fetchOptions', output } as never);
  // A host without the change calls (the API answers null, decision 863): the change by contacting the retailer.
  const notOffered = done(null);
  expect([notOffered.value, notOffered.context.options]).toEqual(['notOffered', null]);
  const changeable = done(options(true));
  expect(changeable.value).toBe('choosing');
  expect(changeable.context.options).toEqual(options(true));
  expect(changeable.context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-visa' });
  const started = done(options(false));
  expect(started.value).toBe('notChangeable');
  expect(started.context.options).toEqual(options(false));
  expect(started.context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-visa' });
  // A refusal of the whole booking refuses the change though a direction says it could move.
  const refusedBooking = optionsWith({ refusal: 'BOOKING_CANCELLED' } as never);
  expect(done(refusedBooking).value).toBe('notChangeable');
  // No direction that may move: not changeable, even with no refusal.
  expect(done({ ...options(true), directions: [] }).value).toBe('notChangeable');
  // The first card not expired is offered; with none, a new card.
  const cards = [card('card-0001', true), card('card-0002', false), card('card-0003', false)];
  expect(done(optionsWith({ savedCards: cards })).context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-0002' });
  expect(done(optionsWith({ savedCards: [card('card-0001', true)] })).context.cardChoice).toEqual({ kind: 'new' });
  expect(done(optionsWith({ savedCards: [] })).context.cardChoice).toEqual({ kind: 'new' });
  const failed = (error: unknown) => nextFrom(check, { type: 'xstate.error.actor.fetchOptions', error } as never);
  const unreadable = failed(schemaError);
  expect([unreadable.value, unreadable.context.error, unreadable.context.errorCode]).toEqual([
    'loadFailed',
    true,
    null,
  ]);
  // A failed load stays one, whatever its status: only the API's null says the host has no changes.
  for (const status of [403, 404, 500]) {
    const notLoaded = failed(httpError(status, 'NOT_FOUND', 'Not found.'));
    expect([notLoaded.value, notLoaded.context.options]).toEqual(['loadFailed', null]);
  }
  const refused = failed(seasonStarted);
  expect([refused.value, refused.context.error, refused.context.errorCode]).toEqual([
    'loadFailed',
    'This season has started.',
    'SEASON_STARTED',
  ]);
  expect(refused.context.options).toBeNull();
};

/** Every answer of the payment from paying: the screen's state, its sentence and code, the card kept or dropped. */
const expectPayAnswers = (check: Check & { context: ModelSnapshot['context'] }) => {
  const { context } = check;
  const pay = (event: object) => nextFrom(check, event as never);
  const done = pay(answered(changed));
  expect(done.value).toBe('changed');
  expect(done.context.result).toEqual(changed);
  expect(done.output).toEqual({ result: changed });
  // The date, the quote and the card choice stay.
  payment.expectPaymentRefusals(
    pay,
    { date: context.date, quote: context.quote, cardChoice: context.cardChoice },
    { error: seasonStarted, sentence: 'This season has started.', code: 'SEASON_STARTED' },
  );
};

describeMachineModel(seasonStartChangeMachine, {
  name: 'seasonStartChangeMachine',
  inputs: [
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { data: options(true) } },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { data: options(false) } },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { error: schemaError } },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { data: null } },
  ],
  events: fromOwnLoadOnly<ModelSnapshot>({
    'change.retry': [{ type: 'change.retry' }],
    'date.blur': [{ type: 'date.blur' }],
    'date.submit': [{ type: 'date.submit' }],
    'change.back': [{ type: 'change.back' }],
    'change.confirm': [{ type: 'change.confirm' }],
    'card.cancel': [{ type: 'card.cancel' }],
    'change.check': [{ type: 'change.check' }],
    'xstate.done.actor.fetchOptions': [
      { type: 'xstate.done.actor.fetchOptions', output: options(true) },
      { type: 'xstate.done.actor.fetchOptions', output: options(false) },
      { type: 'xstate.done.actor.fetchOptions', output: null },
    ],
    'xstate.error.actor.fetchOptions': [{ type: 'xstate.error.actor.fetchOptions', error: schemaError }],
    // Typed part by part (4, 1, 2027: a start in range), then the year moved too far ahead and back.
    'date.change': (snap) => {
      const d = snap.context.date;
      if (d.day === '') return [{ type: 'date.change', field: 'day', value: '4' } as const];
      if (d.month === '') return [{ type: 'date.change', field: 'month', value: '1' } as const];
      return [{ type: 'date.change', field: 'year', value: d.year === '2027' ? '2028' : '2027' } as const];
    },
    'xstate.done.actor.fetchQuote': (snap) => [
      { type: 'xstate.done.actor.fetchQuote', output: quote(snap.context.priceMoved ? 12 : 10) },
      ...(snap.context.priceMoved ? [] : [{ type: 'xstate.done.actor.fetchQuote', output: quote(0) }]),
    ],
    'xstate.error.actor.fetchQuote': [
      {
        type: 'xstate.error.actor.fetchQuote',
        error: httpError(422, 'SAME_START_DATE', 'The season already starts on this date: choose another.'),
      },
    ],
    'pay.select': [{ type: 'pay.select', choice: { kind: 'new' } }],
    'xstate.done.actor.cardForm': [
      { type: 'xstate.done.actor.cardForm', output: { token: 'tok_1', last4: '0002', brand: 'Visa' } },
    ],
    'xstate.done.actor.pay': [
      answered(changed),
      refused(httpError(409, 'PRICE_CHANGED', 'The price has moved.')),
      refused(httpError(422, 'CARD_DECLINED', 'Your card was declined.')),
      refused(httpError(409, 'SEASON_STARTED', 'This season has started.')),
    ],
    'xstate.error.actor.pay': [{ type: 'xstate.error.actor.pay', error: new Error('attempt failed') }],
  }),
  serializeContext: (c) => ({
    date: `${c.date.day}/${c.date.month}/${c.date.year}`,
    touched: c.dateTouched,
    owes: c.quote === null ? null : c.quote.total.amount > 0,
    priceMoved: c.priceMoved,
    card: c.cardChoice.kind,
  }),
  maxPaths: 600,
  assert: (snapshot) => {
    const c = snapshot.context;
    // Only a valid start date is quoted.
    if (snapshot.matches('quoting')) expect(startDateProblem(c.date, c.today, c.options?.season.validFrom)).toBeNull();
    // A refused card keeps the date and drops only the card's token.
    if (c.cardDeclined) {
      expect(snapshot.matches('reviewing')).toBe(true);
      expect(c.quote).not.toBeNull();
      expect(c.card).toBeNull();
      expect(startDateOf(c.date)).not.toBeNull();
    }
    if (snapshot.matches('changed')) expect(snapshot.output).toEqual({ result: changed });
  },
  calls: {
    loading: { fetchOptions: { bookingId: 'b-season' } },
    quoting: {
      fetchQuote: (c: { date: { day: string; month: string; year: string } }) => ({
        bookingId: 'b-season',
        startDate: startDateOf(c.date),
      }),
    },
    cardForm: { cardForm: watching },
    // Each payment with its own Idempotency-Key: nothing owed pays nothing; a saved card by its id; a new card by its token.
    paying: { pay: payment.payCallOf(KEY_SEED) },
  },
  states: {
    loading: (check) => {
      const { context, event } = check;
      expect(['xstate.init', 'change.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.options).toBeNull();
      // Try again clears the last error before loading again.
      expect([context.error, context.errorCode]).toEqual([null, null]);
      expectLoadAnswers(check);
    },
    loadFailed: (check) => {
      const { context, event } = check;
      expect(context.options).toBeNull();
      // The route's failed load starts here, with the same error, code and retry as the chart's own.
      const failure = event.type === 'xstate.init' ? (context.first as { error: unknown }).error : errorOf(event);
      if (failure === seasonStarted)
        expect([context.error, context.errorCode]).toEqual(['This season has started.', 'SEASON_STARTED']);
      else expect([context.error, context.errorCode]).toEqual([true, null]);
      if (event.type === 'xstate.init') expect(context.first).not.toBeNull();
      const retried = nextFrom(check, { type: 'change.retry' });
      expect([retried.value, retried.context.error, retried.context.errorCode]).toEqual(['loading', null, null]);
    },
    notOffered: ({ snapshot, context, event }) => {
      // The route found the host without the change calls, or the chart's own load did.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: null });
      else expect(event).toMatchObject({ type: 'xstate.done.actor.fetchOptions', output: null });
      // No season to show, no error, and nothing moves from here (no retry: it cannot succeed).
      expect([context.options, context.error, context.errorCode]).toEqual([null, null, null]);
      for (const type of ['change.retry', 'date.submit', 'change.confirm'] as const)
        expect(nextFrom({ snapshot }, { type }).value).toBe('notOffered');
    },
    notChangeable: ({ snapshot, context, event }) => {
      // The rule that refuses the change.
      expect(context.options?.directions[0]?.reason).toBe('SEASON_STARTED');
      expect(context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-visa' });
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: options(false) });
      // Nothing moves from here.
      for (const type of ['date.submit', 'change.retry', 'change.confirm'] as const)
        expect(nextFrom({ snapshot }, { type }).value).toBe('notChangeable');
    },
    choosing: (check) => {
      const { context } = check;
      expect(context.options?.directions[0]?.changeable).toBe(true);
      if (check.event.type === 'xstate.init') {
        // From the route's load: its options, the first saved card chosen, nothing typed yet.
        expect(context.first).toEqual({ data: options(true) });
        expect(context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-visa' });
        expect(context.date).toEqual({ day: '', month: '', year: '' });
      }
      // A start date to type, its day and month fixed here: only the year moves in this model.
      const problem = startDateProblem(context.date, context.today, context.options?.season.validFrom);
      if (context.date.day === '') expect(problem).toBe('required');
      else if (context.date.year === '') expect(problem).toBe('format');
      if (context.date.year === '2028') expect(problem).toBe('tooLate');
      // A wrong or empty date keeps Continue disabled: the event does nothing.
      if (problem !== null) expect(nextFrom(check, { type: 'date.submit' }).value).toBe('choosing');
      // The refusal keeps its code, which the screen words from the catalogue (decision 641).
      if (check.event.type === 'xstate.error.actor.fetchQuote') expect(context.errorCode).toBe('SAME_START_DATE');
      if (check.event.type === 'date.blur') expect(context.dateTouched).toBe(true);
      if (check.event.type === 'xstate.init') expect(context.dateTouched).toBe(false);
      // Each part typed is kept, the others stay; typing clears the last refusal.
      const typed = nextFrom(check, { type: 'date.change', field: 'month', value: '2' });
      expect(typed.value).toBe('choosing');
      expect(typed.context.date).toEqual({ ...context.date, month: '2' });
      expect([typed.context.error, typed.context.errorCode]).toEqual([null, null]);
      expect(nextFrom(check, { type: 'date.blur' }).context.dateTouched).toBe(true);
      if (problem === null) {
        // A valid date is quoted, the last refusal cleared.
        const sent = nextFrom(check, { type: 'date.submit' });
        expect([sent.value, sent.context.error, sent.context.errorCode]).toEqual(['quoting', null, null]);
      }
    },
    quoting: (check) => {
      const { context, event } = check;
      expect(startDateOf(context.date)).toBe('2027-01-04');
      expect([context.error, context.errorCode]).toEqual([null, null]);
      // A moved price is quoted again, the old quote dropped.
      if (event.type === 'xstate.done.actor.pay') expect([context.priceMoved, context.quote]).toEqual([true, null]);
      const quoted = nextFrom(check, { type: 'xstate.done.actor.fetchQuote', output: quote(10) } as never);
      expect(quoted.value).toBe('reviewing');
      expect(quoted.context.quote).toEqual(quote(10));
      const sameDay = httpError(422, 'SAME_START_DATE', 'The season already starts on this date: choose another.');
      const refusedDate = nextFrom(check, { type: 'xstate.error.actor.fetchQuote', error: sameDay } as never);
      expect(refusedDate.value).toBe('choosing');
      expect(refusedDate.context).toMatchObject({
        error: 'The season already starts on this date: choose another.',
        errorCode: 'SAME_START_DATE',
        date: context.date,
      });
    },
    reviewing: (check) => {
      const { context } = check;
      // The payment's review: a moved price shows 12 instead of 10; the other refusal is the season started meanwhile.
      payment.expectPaymentReview(check, 12, 'SEASON_STARTED');
      // Back to the date: the moved price and the last error are forgotten, the date kept.
      const back = nextFrom(check, { type: 'change.back' });
      expect(back.value).toBe('choosing');
      expect(back.context).toMatchObject({ priceMoved: false, error: null, errorCode: null, date: context.date });
    },
    cardForm: (check) => payment.expectCardFormStep(check, TODAY),
    paying: (check) => {
      payment.expectPayingStep(seasonStartChangeMachine, check);
      expectPayAnswers(check);
    },
    changed: ({ snapshot, context }) => {
      expect(snapshot.status).toBe('done');
      expect(context.result?.newBookingId).toBe('b-new');
    },
  },
});

it('compares the new start with the day the season starts in the UK, in British Summer Time too', () => {
  // 5 April 2027 at midnight in London is 23:00 UTC on the 4th: the season starts on the 5th (decision 790).
  const validFrom = '2027-04-04T23:00:00.000Z';
  const today = '2027-03-20';
  expect(startDateProblem({ day: '5', month: '4', year: '2027' }, today, validFrom)).toBe('same');
  expect(startDateProblem({ day: '4', month: '4', year: '2027' }, today, validFrom)).toBeNull();
  // In winter London is on UTC: the stored start's date is its day.
  expect(startDateProblem({ day: '21', month: '12', year: '2026' }, '2026-12-07', '2026-12-21T00:00:00.000Z')).toBe(
    'same',
  );
});

it('counts "from tomorrow" in UK days across both clock changes, whatever the device says', () => {
  const problemAt = (utc: string, day: number, month: number) =>
    startDateProblem({ day: String(day), month: String(month), year: '2026' }, seasonToday(new Date(utc)), null);
  // 00:30 in London in summer is 23:30 UTC the day before: the UTC date's tomorrow is London's today.
  expect(problemAt('2026-07-14T23:30:00Z', 15, 7)).toBe('tooSoon');
  expect(problemAt('2026-07-14T23:30:00Z', 16, 7)).toBeNull();
  // The clocks go forward at 01:00 UTC on 29 March: 23:30 UTC on the 28th is still the 28th in London.
  expect(problemAt('2026-03-28T23:30:00Z', 29, 3)).toBeNull();
  expect(problemAt('2026-03-29T23:30:00Z', 30, 3)).toBe('tooSoon');
  // The clocks go back at 01:00 UTC on 25 October: 23:30 UTC on the 24th is the 25th, on the 25th the 25th.
  expect(problemAt('2026-10-24T23:30:00Z', 25, 10)).toBe('tooSoon');
  expect(problemAt('2026-10-25T23:30:00Z', 26, 10)).toBeNull();
  // 90 UK days ahead is the last day.
  expect(problemAt('2026-07-14T23:30:00Z', 13, 10)).toBeNull();
  expect(problemAt('2026-07-14T23:30:00Z', 14, 10)).toBe('tooLate');
});

it("starts from the route's refused load with the server's sentence and code, and Try again loads afresh", () => {
  const actor = createActor(seasonStartChangeMachine, {
    input: { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { error: seasonStarted } },
  });
  actor.start();
  const start = actor.getSnapshot();
  expect(start.value).toBe('loadFailed');
  expect([start.context.error, start.context.errorCode]).toEqual(['This season has started.', 'SEASON_STARTED']);
  expect(start.context.options).toBeNull();
  actor.send({ type: 'change.retry' });
  expect(actor.getSnapshot().value).toBe('loading');
  expect([actor.getSnapshot().context.error, actor.getSnapshot().context.errorCode]).toEqual([null, null]);
  actor.stop();
});

it('reads the date typed as day, month and year, spaces around them allowed, and nothing else', () => {
  const at = (day: string, month: string, year: string) => startDateOf({ day, month, year });
  expect(at(' 4 ', ' 1', '2027 ')).toBe('2027-01-04');
  expect(at('14', '11', '2027')).toBe('2027-11-14');
  // Day and month of one or two digits, a year of four; letters, signs or more digits are not a date.
  for (const [day, month, year] of [
    ['123', '1', '2027'],
    ['4', '123', '2027'],
    ['4', '1', '27'],
    ['4', '1', '20277'],
    ['a4', '1', '2027'],
    ['4a', '1', '2027'],
    ['4', 'x1', '2027'],
    ['4', '1x', '2027'],
    ['4', '1', 'y2027'],
    ['4', '1', '2027y'],
    ['', '1', '2027'],
    ['4', '', '2027'],
    ['4', '1', ''],
    // Number() would read these as 4 or 1: the digits alone make a day or a month.
    ['4.', '1', '2027'],
    ['+4', '1', '2027'],
    ['4', '1.', '2027'],
    ['4', '+1', '2027'],
  ])
    expect(at(day!, month!, year!), `${day}/${month}/${year}`).toBeNull();
  // Only real days: no month 0 or 13, no 31 February or 31 April, no day 0.
  for (const [day, month] of [
    ['4', '0'],
    ['4', '13'],
    ['31', '2'],
    ['29', '2'],
    ['31', '4'],
    ['0', '5'],
  ])
    expect(at(day!, month!, '2027'), `${day}/${month}`).toBeNull();
  expect(at('29', '2', '2028')).toBe('2028-02-29');
  expect(at('31', '12', '2027')).toBe('2027-12-31');
  expect(at('1', '1', '2027')).toBe('2027-01-01');
  // A year typed with leading zeros is that long-past year, not 50 written short.
  expect(at('1', '1', '0050')).toBe('0050-01-01');
  expect(startDateProblem({ day: '1', month: '1', year: '0050' }, TODAY, null)).toBe('tooSoon');
  // Blank is required, not a format problem; one part typed is a format problem.
  expect(startDateProblem({ day: ' ', month: '', year: '  ' }, TODAY, null)).toBe('required');
  expect(startDateProblem({ day: '4', month: '', year: '' }, TODAY, null)).toBe('format');
  expect(startDateProblem({ day: '', month: '', year: '2027' }, TODAY, null)).toBe('format');
  // Today is too soon, tomorrow is the first day.
  expect(startDateProblem({ day: '7', month: '12', year: '2026' }, TODAY, null)).toBe('tooSoon');
  expect(startDateProblem({ day: '8', month: '12', year: '2026' }, TODAY, null)).toBeNull();
  expect(startDateProblem({ day: '8', month: '12', year: '2026' }, TODAY, undefined)).toBeNull();
});
