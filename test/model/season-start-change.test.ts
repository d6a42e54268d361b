import { expect, it } from 'vitest';
import { seasonStartChangeMachine, seasonToday, startDateOf, startDateProblem } from '#machines/season-start-change';
import type { SeasonChangeOptions, SeasonChangeQuote } from '#src/schemas/season-start-change';
import type { SnapshotFrom } from 'xstate';
import { describeMachineModel, nextFrom, watching, fromOwnLoadOnly } from './harness';
import { httpError, schemaError } from './fixtures/refund-fixtures';

/**
 * A season's change of start date (docs/decisions/690-season-start-date-change.md and
 * 790-season-start-date-screen.md): the chart against what each state means.
 */
const KEY_SEED = 'seed-season';
const TODAY = '2026-12-07';
const keyOf = (c: { attempt: number }) => `${KEY_SEED}.${c.attempt}`;
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
const answered = (answer: unknown) => ({ type: 'xstate.done.actor.pay', output: { kind: 'answered', answer } });
const refused = (error: unknown) => ({ type: 'xstate.done.actor.pay', output: { kind: 'refused', error } });

type ModelSnapshot = SnapshotFrom<typeof seasonStartChangeMachine>;

describeMachineModel(seasonStartChangeMachine, {
  name: 'seasonStartChangeMachine',
  inputs: [
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { data: options(true) } },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { data: options(false) } },
    { bookingId: 'b-season', today: TODAY, keySeed: KEY_SEED, first: { error: schemaError } },
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
    paying: {
      pay: (c: {
        quote: SeasonChangeQuote;
        attempt: number;
        card: { token: string } | null;
        cardChoice: { kind: string; cardId?: string };
      }) => ({
        request: {
          quoteId: c.quote.quoteId,
          expectedTotal: c.quote.total.amount,
          payment:
            c.quote.total.amount <= 0
              ? { method: 'none' }
              : c.cardChoice.kind === 'saved' && c.card === null
                ? { method: 'saved', cardId: c.cardChoice.cardId }
                : { method: 'card', token: c.card?.token },
          idempotencyKey: keyOf(c),
        },
      }),
    },
  },
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'change.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.options).toBeNull();
    },
    loadFailed: ({ context, event }) => {
      expect(context.options).toBeNull();
      expect(context.error).toBe(true);
      // The route's failed load starts here, with the same error and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: schemaError });
    },
    notChangeable: ({ context, event }) => {
      // The rule that refuses the change.
      expect(context.options?.directions[0]?.reason).toBe('SEASON_STARTED');
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: options(false) });
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
    },
    quoting: ({ context }) => {
      expect(startDateOf(context.date)).toBe('2027-01-04');
    },
    reviewing: ({ context, event }) => {
      expect(context.quote).not.toBeNull();
      // A moved price is shown (12 instead of 10) before any charge.
      if (context.priceMoved) expect(context.quote?.total.amount).toBe(12);
      if (event.type === 'xstate.done.actor.pay') {
        expect(context.error).not.toBeNull();
        // A refused payment keeps its code: a card refusal its own, anything else the server's.
        expect(context.errorCode).toBe(context.cardDeclined ? 'CARD_DECLINED' : 'SEASON_STARTED');
      }
    },
    cardForm: ({ context }) => {
      expect(context.cardChoice.kind).toBe('new');
      expect((context.quote?.total.amount ?? 0) > 0).toBe(true);
    },
    paying: ({ context }) => {
      expect(context.attempt).toBeGreaterThan(0);
      expect(context.error).toBeNull();
      expect(context.errorCode).toBeNull();
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
