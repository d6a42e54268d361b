import { expect, it } from 'vitest';
import { journeyChangeMachine, searchErrors } from '#machines/journey-change';
import type { ChangeOptions, ChangeQuote, Departures } from '#src/schemas/journey-change';
import { initialTransition, type SnapshotFrom } from 'xstate';
import { describeMachineModel, inputOf, nextFrom, stepFrom, watching, fromOwnLoadOnly } from './harness';
import { httpError, schemaError } from './fixtures/refund-fixtures';
import * as payment from './change-payment-answers';

const { payAnswered: answered, payRefused: refused } = payment;

/** Changing a journey (docs/decisions/600-change-your-journey.md): the chart against what each state means. */
const KEY_SEED = 'seed-change';
const TODAY = '2026-11-22';
const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });
const leg = (from: string, to: string, departure: string) => ({
  origin: { code: from, name: from },
  destination: { code: to, name: to },
  departure,
  arrival: departure,
  changes: 0,
  operator: 'LNER',
});

const options = (changeable: boolean): ChangeOptions => ({
  bookingId: 'b-york',
  orderId: 'o-york',
  reference: 'TL-ABCDEF',
  refusal: null,
  outward: leg('KGX', 'YRK', '2026-12-02T09:00:00.000Z'),
  inward: leg('YRK', 'KGX', '2026-12-04T17:30:00.000Z'),
  passengers: [{ id: 'p1', firstName: 'Alex', lastName: 'Morgan', railcard: 'Two Together Railcard' }],
  fareKind: 'flexible',
  directions: [
    {
      direction: 'outward',
      changeable,
      reason: changeable ? null : 'DEPARTED',
      message: changeable ? null : 'The train has left.',
    },
    {
      direction: 'inward',
      changeable: false,
      reason: 'TICKET_DATE_REACHED',
      message: 'Before the date on the ticket.',
    },
    { direction: 'both', changeable, reason: null, message: null },
  ],
  fee: gbp(10),
  savedCards: [{ id: 'card-visa', brand: 'VISA', last4: '4242', expired: false }],
});
const train = (id: string, status: 'AVAILABLE' | 'FULL') => ({
  trainId: id,
  departure: '2026-12-02T18:00:00.000Z',
  arrival: '2026-12-02T19:52:00.000Z',
  changes: 0,
  status,
  fare: status === 'AVAILABLE' ? gbp(54.7) : null,
  difference: status === 'AVAILABLE' ? gbp(5.5) : null,
});
const departures = (l: 'outward' | 'inward'): Departures => ({
  leg: l,
  date: '2026-12-02',
  departures: [train(`${l}-1800`, 'AVAILABLE'), train(`${l}-1200`, 'FULL')],
});
const quote = (total: number): ChangeQuote => ({
  quoteId: `q-${total}`,
  direction: 'outward',
  fareKind: 'flexible',
  old: { outward: leg('KGX', 'YRK', '2026-12-02T09:00:00.000Z'), inward: null },
  new: { outward: leg('KGX', 'YRK', '2026-12-02T18:00:00.000Z'), inward: null },
  lines: [],
  fareDifference: gbp(total - 10),
  fees: gbp(10),
  total: gbp(total),
  lowerFareKept: false,
});
const changed = {
  status: 'CHANGED',
  newBookingId: 'b-new',
  newOrderId: 'o-new',
  reference: 'TL-NEWONE',
  paid: gbp(15.5),
  refunded: null,
  cardLast4: '4242',
};

type ModelSnapshot = SnapshotFrom<typeof journeyChangeMachine>;
type Check = { snapshot: ModelSnapshot; context: ModelSnapshot['context'] };

const departed = httpError(422, 'DEPARTED', 'The train has left.');
const card = (id: string, expired: boolean) => ({ id, brand: 'VISA', last4: id.slice(-4), expired });

/**
 * Every answer the booking's load can have, from the state that loads it: where it leads and what
 * the screen then reads (the options, the card chosen first, the search it opens with, the error).
 */
const expectLoadAnswers = (check: Check) => {
  const done = (output: ChangeOptions | null) =>
    nextFrom(check, { type: 'xstate.done.actor.fetchOptions', output } as never);
  // A host without the change calls (the API answers null, decision 863): changes by contacting the retailer.
  const notOffered = done(null);
  expect([notOffered.value, notOffered.context.options]).toEqual(['notOffered', null]);
  const changeable = done(options(true));
  expect(changeable.value).toBe('choosing');
  expect(changeable.context.options).toEqual(options(true));
  expect(changeable.context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-visa' });
  expect(changeable.context.search).toEqual({
    direction: 'outward',
    outwardDate: '2026-12-02',
    outwardAfter: '06:00',
    inwardDate: '2026-12-04',
    inwardAfter: '06:00',
  });
  const refusedAll = done(options(false));
  expect(refusedAll.value).toBe('notChangeable');
  expect(refusedAll.context.options).toEqual(options(false));
  // Only the return may change: the search opens on it; a single booking's return day is its outward day.
  const onlyReturn = done({
    ...options(true),
    directions: [
      { direction: 'outward', changeable: false, reason: 'DEPARTED', message: 'The train has left.' },
      { direction: 'inward', changeable: true, reason: null, message: null },
    ],
  });
  expect([onlyReturn.value, onlyReturn.context.search.direction]).toEqual(['choosing', 'inward']);
  const single = done({ ...options(true), inward: null });
  expect(single.context.search.inwardDate).toBe('2026-12-02');
  // A booked day already past opens the search on today.
  const past = done({ ...options(true), outward: leg('KGX', 'YRK', '2026-11-01T09:00:00.000Z'), inward: null });
  expect([past.context.search.outwardDate, past.context.search.inwardDate]).toEqual([TODAY, TODAY]);
  // The first card not expired is offered; with none, a new card.
  const cards = [card('card-0001', true), card('card-0002', false), card('card-0003', false)];
  expect(done({ ...options(true), savedCards: cards }).context.cardChoice).toEqual({
    kind: 'saved',
    cardId: 'card-0002',
  });
  expect(done({ ...options(true), savedCards: [card('card-0001', true)] }).context.cardChoice).toEqual({
    kind: 'new',
  });
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
  const refusedLoad = failed(departed);
  expect([refusedLoad.value, refusedLoad.context.error, refusedLoad.context.errorCode]).toEqual([
    'loadFailed',
    'The train has left.',
    'DEPARTED',
  ]);
};

/** Every answer of the payment from paying: the screen's state, its sentence and code, the card kept or dropped. */
const expectPayAnswers = (check: Check) => {
  const { context } = check;
  const pay = (event: object) => nextFrom(check, event as never);
  const done = stepFrom(check, answered(changed) as never);
  expect(done.snapshot.value).toBe('changed');
  expect(done.snapshot.context.result).toEqual(changed);
  expect(done.snapshot.output).toEqual({ result: changed });
  // The route opens the new booking.
  expect(done.actions).toContain('openNewBooking');
  // The trains, the quote and the card choice stay.
  payment.expectPaymentRefusals(
    pay,
    {
      outwardTrain: context.outwardTrain,
      inwardTrain: context.inwardTrain,
      quote: context.quote,
      cardChoice: context.cardChoice,
    },
    {
      error: httpError(409, 'ALREADY_CHANGED', 'This booking has already been changed.'),
      sentence: 'This booking has already been changed.',
      code: 'ALREADY_CHANGED',
    },
  );
};

describeMachineModel(journeyChangeMachine, {
  name: 'journeyChangeMachine',
  inputs: [
    { bookingId: 'b-york', today: TODAY, keySeed: KEY_SEED },
    { bookingId: 'b-york', today: TODAY, keySeed: KEY_SEED, first: { data: options(true) } },
    { bookingId: 'b-york', today: TODAY, keySeed: KEY_SEED, first: { data: options(false) } },
    { bookingId: 'b-york', today: TODAY, keySeed: KEY_SEED, first: { error: schemaError } },
    { bookingId: 'b-york', today: TODAY, keySeed: KEY_SEED, first: { data: null } },
  ],
  events: fromOwnLoadOnly<ModelSnapshot>({
    'change.retry': [{ type: 'change.retry' }],
    'search.submit': [{ type: 'search.submit' }],
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
    'search.direction': [{ type: 'search.direction', direction: 'both' }],
    // An invalid time, then a valid one again.
    'search.change': (snap) => [
      {
        type: 'search.change',
        field: 'outwardAfter',
        value: snap.context.search.outwardAfter === '06:00' ? '25:00' : '06:00',
      } as const,
    ],
    'xstate.done.actor.fetchDepartures': (snap) => [
      { type: 'xstate.done.actor.fetchDepartures', output: departures(snap.context.leg) },
    ],
    'xstate.error.actor.fetchDepartures': [
      { type: 'xstate.error.actor.fetchDepartures', error: httpError(422, 'DEPARTED', 'The train has left.') },
    ],
    'train.pick': (snap) => [
      { type: 'train.pick', trainId: `${snap.context.leg}-1800` } as const,
      { type: 'train.pick', trainId: `${snap.context.leg}-1200` } as const,
    ],
    'xstate.done.actor.fetchQuote': (snap) => [
      { type: 'xstate.done.actor.fetchQuote', output: quote(snap.context.priceMoved ? 18 : 15.5) },
      ...(snap.context.priceMoved ? [] : [{ type: 'xstate.done.actor.fetchQuote', output: quote(-2) }]),
    ],
    'xstate.error.actor.fetchQuote': [
      {
        type: 'xstate.error.actor.fetchQuote',
        error: httpError(409, 'TRAIN_FULL', 'This train is full: choose another.'),
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
      refused(httpError(409, 'ALREADY_CHANGED', 'This booking has already been changed.')),
    ],
    'xstate.error.actor.pay': [{ type: 'xstate.error.actor.pay', error: new Error('attempt failed') }],
  }),
  serializeContext: (c) => ({
    direction: c.search.direction,
    timeValid: c.search.outwardAfter === '06:00',
    leg: c.leg,
    picked: [c.outwardTrain !== null, c.inwardTrain !== null],
    owes: c.quote === null ? null : c.quote.total.amount > 0,
    priceMoved: c.priceMoved,
    card: c.cardChoice.kind,
  }),
  maxPaths: 600,
  assert: (snapshot) => {
    const c = snapshot.context;
    // Only a valid search for a changeable choice is sent.
    if (snapshot.matches('searching')) {
      expect(searchErrors(c.search, c.today)).toEqual({});
      expect(c.options?.directions.find((d) => d.direction === c.search.direction)?.changeable).toBe(true);
    }
    // A refused card keeps the trains chosen and drops only the card's token.
    if (c.cardDeclined) {
      expect(snapshot.matches('reviewing')).toBe(true);
      expect(c.quote).not.toBeNull();
      expect(c.card).toBeNull();
      expect(c.outwardTrain).not.toBeNull();
    }
    if (snapshot.matches('changed')) expect(snapshot.output).toEqual({ result: changed });
  },
  calls: {
    loading: { fetchOptions: { bookingId: 'b-york' } },
    searching: {
      fetchDepartures: (c: {
        search: {
          direction: string;
          outwardDate: string;
          outwardAfter: string;
          inwardDate: string;
          inwardAfter: string;
        };
        leg: string;
        outwardTrain: string | null;
      }) => ({
        bookingId: 'b-york',
        direction: c.search.direction,
        leg: c.leg,
        date: c.leg === 'outward' ? c.search.outwardDate : c.search.inwardDate,
        after: c.leg === 'outward' ? c.search.outwardAfter : c.search.inwardAfter,
        outwardTrain: c.outwardTrain,
      }),
    },
    quoting: {
      fetchQuote: (c: { search: { direction: string }; outwardTrain: string | null; inwardTrain: string | null }) => ({
        bookingId: 'b-york',
        direction: c.search.direction,
        outwardTrain: c.outwardTrain,
        inwardTrain: c.inwardTrain,
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
      if (event.type === 'xstate.init') {
        expect(context.first).toBeNull();
        // Before the options, the search holds its defaults: the outward leg, today, from 06:00 each way
        // (the return's own time too, never none); the options then set the booked days (expectLoadAnswers).
        expect(context.search).toEqual({
          direction: 'outward',
          outwardDate: TODAY,
          outwardAfter: '06:00',
          inwardDate: TODAY,
          inwardAfter: '06:00',
        });
        expect(context.leg).toBe('outward');
      }
      expect(context.options).toBeNull();
      expectLoadAnswers(check);
    },
    loadFailed: (check) => {
      const { context, event } = check;
      expect(context.options).toBeNull();
      expect([context.error, context.errorCode]).toEqual([true, null]);
      // The route's failed load starts here, with the same error and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: schemaError });
      expect(nextFrom(check, { type: 'change.retry' }).value).toBe('loading');
    },
    notOffered: ({ snapshot, context, event }) => {
      // The route found the host without the change calls, or the chart's own load did.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: null });
      else expect(event).toMatchObject({ type: 'xstate.done.actor.fetchOptions', output: null });
      // Nothing to choose, and nothing moves from here (no retry: it cannot succeed).
      expect(context.options).toBeNull();
      for (const type of ['change.retry', 'search.submit', 'change.confirm'] as const)
        expect(nextFrom({ snapshot }, { type }).value).toBe('notOffered');
    },
    notChangeable: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: options(false) });
      // Nothing moves from here.
      for (const type of ['search.submit', 'change.retry', 'change.confirm'] as const)
        expect(nextFrom({ snapshot }, { type }).value).toBe('notChangeable');
      // Each choice with the rule that refuses it.
      expect(context.options?.directions.some((d) => d.changeable)).toBe(false);
      expect(context.options?.directions[0]?.message).toBe('The train has left.');
    },
    choosing: (check) => {
      const { context } = check;
      expect(context.options).not.toBeNull();
      if (check.event.type === 'xstate.init') {
        // From the route's load: its options, the first saved card chosen, the search as its own load sets it.
        expect(context.first).toEqual({ data: options(true) });
        expect(context.cardChoice).toEqual({ kind: 'saved', cardId: 'card-visa' });
        expect(context.search).toEqual({
          direction: 'outward',
          outwardDate: '2026-12-02',
          outwardAfter: '06:00',
          inwardDate: '2026-12-04',
          inwardAfter: '06:00',
        });
      }
      // The search opens on the booked day, from 06:00, for the first changeable choice.
      expect(context.search.outwardDate).toBe('2026-12-02');
      // An invalid time keeps Search disabled: the event does nothing.
      if (Object.keys(searchErrors(context.search, context.today)).length > 0) {
        expect(nextFrom(check, { type: 'search.submit' }).value).toBe('choosing');
      }
      // The refusal keeps its code, which the screen words from the catalogue (decision 641).
      if (check.event.type === 'xstate.error.actor.fetchDepartures')
        expect([context.error, context.errorCode]).toEqual(['The train has left.', 'DEPARTED']);
      // The choice and each field typed are kept, the others stay.
      expect(nextFrom(check, { type: 'search.direction', direction: 'inward' }).context.search).toEqual({
        ...context.search,
        direction: 'inward',
      });
      expect(nextFrom(check, { type: 'search.change', field: 'inwardAfter', value: '07:15' }).context.search).toEqual({
        ...context.search,
        inwardAfter: '07:15',
      });
      // A choice the booking refuses is not searched, however valid the form.
      const refusedChoice = nextFrom(check, { type: 'search.direction', direction: 'inward' });
      expect(nextFrom({ snapshot: refusedChoice }, { type: 'search.submit' }).value).toBe('choosing');
      if (Object.keys(searchErrors(context.search, context.today)).length === 0) {
        // A search starts from the first leg, with no train chosen and the last refusal cleared.
        const sent = nextFrom(check, { type: 'search.submit' });
        expect(sent.value).toBe('searching');
        expect(sent.context).toMatchObject({
          leg: 'outward',
          outwardTrain: null,
          inwardTrain: null,
          error: null,
          errorCode: null,
        });
      }
    },
    searching: (check) => {
      const { context } = check;
      expect(context.error).toBeNull();
      expect(context.errorCode).toBeNull();
      if (context.leg === 'inward') expect(context.outwardTrain).toBe('outward-1800');
      const listed = nextFrom(check, {
        type: 'xstate.done.actor.fetchDepartures',
        output: departures(context.leg),
      } as never);
      expect([listed.value, listed.context.departures]).toEqual(['picking', departures(context.leg)]);
      const refusedSearch = nextFrom(check, { type: 'xstate.error.actor.fetchDepartures', error: departed } as never);
      expect(refusedSearch.value).toBe('choosing');
      expect([refusedSearch.context.error, refusedSearch.context.errorCode]).toEqual([
        'The train has left.',
        'DEPARTED',
      ]);
    },
    picking: (check) => {
      const { context } = check;
      expect(context.departures?.leg).toBe(context.leg);
      // A full train cannot be chosen, nor one not listed.
      expect(nextFrom(check, { type: 'train.pick', trainId: `${context.leg}-1200` }).value).toBe('picking');
      expect(nextFrom(check, { type: 'train.pick', trainId: 'not-listed' }).value).toBe('picking');
      if (check.event.type === 'xstate.error.actor.fetchQuote')
        expect([context.error, context.errorCode]).toEqual(['This train is full: choose another.', 'TRAIN_FULL']);
      // An available train: for both legs the outward one leads to the return's trains, otherwise to the quote.
      const picked = nextFrom(check, { type: 'train.pick', trainId: `${context.leg}-1800` });
      if (context.search.direction === 'both' && context.leg === 'outward') {
        expect(picked.value).toBe('searching');
        expect(picked.context).toMatchObject({ leg: 'inward', outwardTrain: 'outward-1800', inwardTrain: null });
      } else {
        expect(picked.value).toBe('quoting');
        expect(context.leg === 'outward' ? picked.context.outwardTrain : picked.context.inwardTrain).toBe(
          `${context.leg}-1800`,
        );
      }
      expect(nextFrom(check, { type: 'change.back' }).value).toBe('choosing');
    },
    quoting: (check) => {
      const { context, event } = check;
      // For both legs the outward and the return train are chosen before the quote.
      if (context.search.direction === 'both') expect(context.inwardTrain).toBe('inward-1800');
      else expect(context.outwardTrain).toBe('outward-1800');
      if (event.type === 'xstate.done.actor.pay') expect([context.priceMoved, context.quote]).toEqual([true, null]);
      const quoted = nextFrom(check, { type: 'xstate.done.actor.fetchQuote', output: quote(15.5) } as never);
      expect([quoted.value, quoted.context.quote]).toEqual(['reviewing', quote(15.5)]);
      // A change that costs nothing pays nothing: confirmed at once, even with a new card chosen.
      const free = nextFrom(check, { type: 'xstate.done.actor.fetchQuote', output: quote(0) } as never);
      const freeWithNewCard = nextFrom({ snapshot: free }, { type: 'pay.select', choice: { kind: 'new' } });
      const freePaying = nextFrom({ snapshot: freeWithNewCard }, { type: 'change.confirm' });
      expect(freePaying.value).toBe('paying');
      expect((inputOf(freePaying, 'pay') as { request: { payment: unknown } }).request.payment).toEqual({
        method: 'none',
      });
      // A train picked again after a refusal is quoted: the refusal is gone with the quote.
      expect([quoted.context.error, quoted.context.errorCode]).toEqual([null, null]);
      const full = httpError(409, 'TRAIN_FULL', 'This train is full: choose another.');
      const refusedTrain = nextFrom(check, { type: 'xstate.error.actor.fetchQuote', error: full } as never);
      expect(refusedTrain.value).toBe('picking');
      expect([refusedTrain.context.error, refusedTrain.context.errorCode]).toEqual([
        'This train is full: choose another.',
        'TRAIN_FULL',
      ]);
    },
    reviewing: (check) => {
      // The payment's review: a moved price shows 18 instead of 15.50; the other refusal is the booking changed elsewhere.
      payment.expectPaymentReview(check, 18, 'ALREADY_CHANGED');
      const back = nextFrom(check, { type: 'change.back' });
      expect([back.value, back.context.priceMoved]).toEqual(['choosing', false]);
    },
    cardForm: (check) => payment.expectCardFormStep(check, TODAY),
    paying: (check) => {
      payment.expectPayingStep(journeyChangeMachine, check);
      expectPayAnswers(check);
    },
    changed: ({ snapshot, context }) => {
      expect(snapshot.status).toBe('done');
      expect(context.result?.newBookingId).toBe('b-new');
    },
  },
});

it('checks the search form per leg: a real date not in the past, a time from 00:00 to 23:59', () => {
  const search = {
    direction: 'outward' as const,
    outwardDate: '2026-12-02',
    outwardAfter: '06:00',
    inwardDate: '2026-12-04',
    inwardAfter: '06:00',
  };
  expect(searchErrors(search, TODAY)).toEqual({});
  // Today may be searched; yesterday may not.
  expect(searchErrors({ ...search, outwardDate: TODAY }, TODAY)).toEqual({});
  expect(searchErrors({ ...search, outwardDate: '2026-11-21' }, TODAY)).toEqual({ outwardDate: 'past' });
  for (const date of ['2026-12-2', '02-12-2026', '2026-12-02x', 'x2026-12-02', '20261-12-02', ''])
    expect(searchErrors({ ...search, outwardDate: date }, TODAY), date).toEqual({ outwardDate: 'date' });
  for (const time of ['00:00', '09:59', '19:30', '23:59'])
    expect(searchErrors({ ...search, outwardAfter: time }, TODAY), time).toEqual({});
  for (const time of ['24:00', '25:00', '30:00', '9:00', '09:60', '09:5', '009:00', '09:000', 'x09:00', ''])
    expect(searchErrors({ ...search, outwardAfter: time }, TODAY), time).toEqual({ outwardAfter: 'time' });
  // Only the legs searched are checked: the outward alone ignores the return's fields, and the other way round.
  const badReturn = { ...search, inwardDate: 'x', inwardAfter: 'x' };
  expect(searchErrors(badReturn, TODAY)).toEqual({});
  expect(searchErrors({ ...badReturn, direction: 'inward' }, TODAY)).toEqual({
    inwardDate: 'date',
    inwardAfter: 'time',
  });
  expect(searchErrors({ ...badReturn, direction: 'both', outwardAfter: '25:00' }, TODAY)).toEqual({
    outwardAfter: 'time',
    inwardDate: 'date',
    inwardAfter: 'time',
  });
  expect(searchErrors({ ...search, direction: 'inward', outwardDate: 'x', inwardDate: '2026-11-01' }, TODAY)).toEqual({
    inwardDate: 'past',
  });
});

it('searches each leg from its own date and time: the return from the return time the customer typed', () => {
  type Snap = SnapshotFrom<typeof journeyChangeMachine>;
  const start = (o: ChangeOptions): Snap =>
    initialTransition(journeyChangeMachine, {
      bookingId: 'b-york',
      today: TODAY,
      keySeed: KEY_SEED,
      first: { data: o },
    })[0];
  const step = (snapshot: Snap, ...events: Parameters<typeof nextFrom<typeof journeyChangeMachine>>[1][]) =>
    events.reduce((snap, event) => nextFrom({ snapshot: snap }, event), snapshot);
  const typed = (snapshot: Snap) =>
    step(
      snapshot,
      { type: 'search.change', field: 'outwardAfter', value: '08:15' },
      { type: 'search.change', field: 'inwardAfter', value: '17:45' },
      { type: 'search.submit' },
    );
  const searched = (snapshot: Snap) => {
    expect(snapshot.value).toBe('searching');
    const { leg, date, after } = inputOf(snapshot, 'fetchDepartures') as { leg: string; date: string; after: string };
    return { leg, date, after };
  };
  // Both: the outward from the outward time, then, once its train is picked, the return from the return time.
  const both = typed(step(start(options(true)), { type: 'search.direction', direction: 'both' }));
  expect(searched(both)).toEqual({ leg: 'outward', date: '2026-12-02', after: '08:15' });
  const listed = nextFrom({ snapshot: both }, {
    type: 'xstate.done.actor.fetchDepartures',
    output: departures('outward'),
  } as never);
  const returnSearch = nextFrom({ snapshot: listed }, { type: 'train.pick', trainId: 'outward-1800' });
  expect(searched(returnSearch)).toEqual({ leg: 'inward', date: '2026-12-04', after: '17:45' });
  // Only the return: its own time, never the outward's (nor none).
  const onlyReturn = typed(
    start({
      ...options(true),
      directions: [
        { direction: 'outward', changeable: false, reason: 'DEPARTED', message: 'The train has left.' },
        { direction: 'inward', changeable: true, reason: null, message: null },
      ],
    }),
  );
  expect(onlyReturn.context.search.direction).toBe('inward');
  expect(searched(onlyReturn)).toEqual({ leg: 'inward', date: '2026-12-04', after: '17:45' });
  // The return opens at 06:00 like the outward, a time the search accepts as it is.
  expect(start(options(true)).context.search).toMatchObject({ outwardAfter: '06:00', inwardAfter: '06:00' });
});
