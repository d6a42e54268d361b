import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  legsOf,
  type ChangeDirection,
  type ChangeOptions,
  type ChangeQuote,
  type ChangeResult,
  type ChangeSearch,
  type ChangeSearchField,
  type Departures,
} from '#src/schemas/journey-change';
import { changePaymentActions, changePaymentGuards, firstCard, payInput } from './lib/change-payment';
import type { ChangePaymentContext, ChangePaymentEvent } from './lib/change-payment';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstAbsent, loadedAbsent } from './lib/page-load';
import { codeOf, problemOfEvent } from './lib/problems';
import { problemMessageOfEvent } from './lib/refund-rules';
import { refundCardFormMachine } from './refund-card-form';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';
import { ukDay } from '#src/schemas/uk-time';

/**
 * /bookings/{bookingId}/change: change a journey to other trains (docs/decisions/600-change-your-journey.md).
 * Loads what may be changed; the customer chooses outward, return or both with a date and a time
 * to search from; picks a train from the route's departures that day (for both: the outward, then
 * the return); reviews old and new side by side with the fare difference, the fee and the total;
 * pays with a saved card or a new card (the refund's card form), or nothing when nothing is owed.
 * The payment is the season's start change's too (machines/lib/change-payment.ts): one attempt with
 * its own Idempotency-Key, invoked as the lost-answer chart (machines/submit-with-lost-answer.ts,
 * decision 575). A price that moved since the review is quoted again and shown before anything is
 * charged; a declined card says so and keeps every choice.
 * Given what its route loaded (docs/decisions/730), the chart starts from it: the choices, the
 * refusal, or the load's error with its retry; without it, it loads the booking's options itself.
 * A host without the change calls (they are beyond docs/product/api.md) answers the options with
 * null, and the page says changes are made by contacting the retailer (docs/decisions/863).
 */
export interface JourneyChangeInput {
  bookingId: string;
  /** Today in the UK as YYYY-MM-DD (journeyToday): the search's first date and the card form's expiry rule. */
  today: string;
  /** Made once per screen by the route (random): the stem of each payment's Idempotency-Key. */
  keySeed: string;
  /**
   * What the route's loader got (the booking's change options, null for a host that does not offer
   * changes, or the load's error); absent, the chart loads them.
   */
  first?: FirstData<ChangeOptions | null> | null;
}

export interface JourneyChangeContext extends JourneyChangeInput, ChangePaymentContext {
  first: FirstData<ChangeOptions | null> | null;
  options: ChangeOptions | null;
  search: ChangeSearch;
  /** The leg whose trains are searched or shown. */
  leg: 'outward' | 'inward';
  departures: Departures | null;
  outwardTrain: string | null;
  inwardTrain: string | null;
  quote: ChangeQuote | null;
  /**
   * The refusal's code with its sentence (`TRAIN_FULL`, `QUOTE_EXPIRED`, a lifecycle reason…):
   * the screen words a known code from the catalogue and shows the sentence only for an unknown one
   * (docs/decisions/641-server-words-as-codes.md).
   */
  errorCode: string | null;
}

export type JourneyChangeEvent =
  | { type: 'change.retry' }
  | { type: 'search.direction'; direction: ChangeDirection }
  | { type: 'search.change'; field: ChangeSearchField; value: string }
  | { type: 'search.submit' }
  | { type: 'train.pick'; trainId: string }
  | { type: 'change.back' }
  | ChangePaymentEvent;

/**
 * GB rail days are UK days (docs/decisions/880-one-uk-wall-clock.md): at 00:30 in London in summer
 * it is 23:30 UTC the day before, and today is already London's new day. The route gives the chart
 * `journeyToday(new Date())`; a booked train's day is `journeyDay` of its departure.
 */
export const journeyToday = (now: Date): string => ukDay(now);
export const journeyDay = (iso: string): string => ukDay(new Date(iso));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The search form's problems, per field (an empty object: it can be sent). */
export function searchErrors(
  search: ChangeSearch,
  today: string,
): Partial<Record<ChangeSearchField, 'date' | 'past' | 'time'>> {
  const errors: Partial<Record<ChangeSearchField, 'date' | 'past' | 'time'>> = {};
  for (const leg of legsOf(search.direction)) {
    const date = leg === 'outward' ? 'outwardDate' : 'inwardDate';
    const after = leg === 'outward' ? 'outwardAfter' : 'inwardAfter';
    if (!DATE.test(search[date])) errors[date] = 'date';
    else if (search[date] < today) errors[date] = 'past';
    if (!TIME.test(search[after])) errors[after] = 'time';
  }
  return errors;
}

/** The options with what they start: the first changeable direction, its dates from the booking's, the first saved card. */
const withOptions = (context: JourneyChangeContext, options: ChangeOptions) => {
  const first = options.directions.find((d) => d.changeable)?.direction ?? 'outward';
  // The booked train's UK day (docs/decisions/880-one-uk-wall-clock.md): a 00:30 train in summer leaves at 23:30 UTC the day before.
  const day = (iso: string | undefined) => {
    const booked = iso ? journeyDay(iso) : null;
    return booked && booked >= context.today ? booked : context.today;
  };
  return {
    options,
    cardChoice: firstCard(options),
    search: {
      direction: first,
      outwardDate: day(options.outward.departure),
      outwardAfter: '06:00',
      inwardDate: day(options.inward?.departure ?? options.outward.departure),
      inwardAfter: '06:00',
    },
  };
};

export const journeyChangeMachine = setup({
  types: {
    context: {} as JourneyChangeContext,
    events: {} as JourneyChangeEvent,
    input: {} as JourneyChangeInput,
    output: {} as { result: ChangeResult | null },
  },
  actors: {
    fetchOptions: fromPromise<ChangeOptions | null, { bookingId: string }>(async () => {
      throw new Error('fetchOptions not provided');
    }),
    fetchDepartures: fromPromise<
      Departures,
      {
        bookingId: string;
        direction: ChangeDirection;
        leg: 'outward' | 'inward';
        date: string;
        after: string;
        outwardTrain: string | null;
      }
    >(async () => {
      throw new Error('fetchDepartures not provided');
    }),
    fetchQuote: fromPromise<
      ChangeQuote,
      { bookingId: string; direction: ChangeDirection; outwardTrain: string | null; inwardTrain: string | null }
    >(async () => {
      throw new Error('fetchQuote not provided');
    }),
    cardForm: refundCardFormMachine,
    /** One payment: the route provides its call (PayRequest → ChangeResult). */
    pay: submitWithLostAnswerMachine,
  },
  guards: {
    firstNotOffered: ({ context }) => firstAbsent(context.first),
    notOffered: ({ event }) => loadedAbsent(event, 'fetchOptions'),
    // Asked after notOffered: the options are there.
    hasChangeable: ({ event }) => doneOutput<ChangeOptions>(event, 'fetchOptions').directions.some((d) => d.changeable),
    // Both asked after firstNotOffered: what the route loaded is the options.
    firstChangeable: ({ context }) =>
      firstLoaded(context.first) && context.first.data!.directions.some((d) => d.changeable),
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    // Asked only in choosing, which stored options open (storeOptions, storeFirstOptions).
    searchValid: ({ context }) =>
      Object.keys(searchErrors(context.search, context.today)).length === 0 &&
      context.options!.directions.some((d) => d.direction === context.search.direction && d.changeable),
    // Both asked only in picking, which stored departures open (storeDepartures).
    isAvailable: ({ context, event }) => {
      assertEvent(event, 'train.pick');
      return context.departures!.departures.some((d) => d.trainId === event.trainId && d.status === 'AVAILABLE');
    },
    /** An available outward train picked for both legs: the return's trains come next. */
    isAvailableWithReturnNext: ({ context, event }) => {
      assertEvent(event, 'train.pick');
      return (
        context.search.direction === 'both' &&
        context.leg === 'outward' &&
        context.departures!.departures.some((d) => d.trainId === event.trainId && d.status === 'AVAILABLE')
      );
    },
    ...changePaymentGuards,
  },
  actions: {
    storeOptions: assign(({ context, event }) =>
      withOptions(context, doneOutput<ChangeOptions>(event, 'fetchOptions')),
    ),
    // Runs only where firstLoaded said yes (firstChangeable, firstLoaded): the route's answer is set.
    storeFirstOptions: assign(({ context }) => withOptions(context, (context.first as { data: ChangeOptions }).data)),
    // Runs only where firstFailed said yes: the route's error is set.
    storeFirstError: assign(({ context }) => {
      const failure = { error: (context.first as { error: unknown }).error };
      return { error: problemMessageOfEvent(failure), errorCode: codeOf(problemOfEvent(failure)) };
    }),
    setDirection: assign(({ context, event }) => {
      assertEvent(event, 'search.direction');
      return { search: { ...context.search, direction: event.direction } };
    }),
    setSearchField: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { search: { ...context.search, [event.field]: event.value } };
    }),
    // Every direction has a first leg (legsOf: both is outward then inward).
    startSearch: assign(({ context }) => ({
      leg: legsOf(context.search.direction)[0]!,
      outwardTrain: null,
      inwardTrain: null,
      error: null,
      errorCode: null,
    })),
    nextLeg: assign({ leg: 'inward' as const }),
    storeDepartures: assign({
      departures: ({ event }) => doneOutput<Departures>(event, 'fetchDepartures'),
      error: null,
      errorCode: null,
    }),
    storeError: assign({
      error: ({ event }) => problemMessageOfEvent(event),
      errorCode: ({ event }) => codeOf(problemOfEvent(event)),
    }),
    pickTrain: assign(({ context, event }) => {
      assertEvent(event, 'train.pick');
      return context.leg === 'outward' ? { outwardTrain: event.trainId } : { inwardTrain: event.trainId };
    }),
    storeQuote: assign({
      quote: ({ event }) => doneOutput<ChangeQuote>(event, 'fetchQuote'),
      error: null,
      errorCode: null,
    }),
    // The payment's (a refused card keeps the trains and the card choice).
    ...changePaymentActions<JourneyChangeContext, JourneyChangeEvent>(),
    /** Provided by the route: opens the new booking. */
    openNewBooking: () => {},
  },
}).createMachine({
  id: 'journeyChange',
  context: ({ input }) => ({
    ...input,
    first: input.first ?? null,
    options: null,
    search: {
      direction: 'outward',
      outwardDate: input.today,
      outwardAfter: '06:00',
      inwardDate: input.today,
      inwardAfter: '06:00',
    },
    leg: 'outward',
    departures: null,
    outwardTrain: null,
    inwardTrain: null,
    quote: null,
    priceMoved: false,
    cardChoice: { kind: 'new' },
    card: null,
    error: null,
    errorCode: null,
    cardDeclined: false,
    result: null,
    attempt: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "Where the screen starts: from what the route loaded (the booking's options, a host without changes, or its error), else it loads them itself.",
      always: [
        { guard: 'firstNotOffered', target: 'notOffered' },
        { guard: 'firstChangeable', target: 'choosing', actions: 'storeFirstOptions' },
        { guard: 'firstLoaded', target: 'notChangeable', actions: 'storeFirstOptions' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading what may be changed: the legs, the tickets left, the fee per ticket and the saved cards.',
      invoke: {
        id: 'fetchOptions',
        src: 'fetchOptions',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          { guard: 'notOffered', target: 'notOffered' },
          { guard: 'hasChangeable', target: 'choosing', actions: 'storeOptions' },
          { target: 'notChangeable', actions: 'storeOptions' },
        ],
        onError: { target: 'loadFailed', actions: 'storeError' },
      },
    },
    loadFailed: {
      description: 'The booking could not be loaded: an error with Try again.',
      on: { 'change.retry': { target: 'loading' } },
    },
    notOffered: {
      description:
        'This host does not offer changes here (the options call is beyond docs/product/api.md): changes are made by contacting the retailer, whose contact details follow, with a link back to the booking.',
    },
    notChangeable: {
      description:
        'Nothing on the booking may be changed now: each choice with the rule that refuses it (an Advance train that has left, the date on the ticket reached).',
    },
    choosing: {
      description:
        'Choose outward, return or both, and for each a date and a time to search from; a refused choice shows its reason. Search is disabled while the form is invalid.',
      on: {
        'search.direction': { actions: 'setDirection' },
        'search.change': { actions: 'setSearchField' },
        'search.submit': { guard: 'searchValid', target: 'searching', actions: 'startSearch' },
      },
    },
    searching: {
      description: "The route's trains that day from the time given, each with its new fare and the difference.",
      invoke: {
        id: 'fetchDepartures',
        src: 'fetchDepartures',
        input: ({ context }) => ({
          bookingId: context.bookingId,
          direction: context.search.direction,
          leg: context.leg,
          date: context.leg === 'outward' ? context.search.outwardDate : context.search.inwardDate,
          after: context.leg === 'outward' ? context.search.outwardAfter : context.search.inwardAfter,
          outwardTrain: context.outwardTrain,
        }),
        onDone: { target: 'picking', actions: 'storeDepartures' },
        onError: { target: 'choosing', actions: 'storeError' },
      },
    },
    picking: {
      description:
        'The departures: times, changes, new fare and difference; a full or cancelled train cannot be chosen. Back returns to the search.',
      on: {
        'train.pick': [
          // For both legs the return's trains come next; otherwise the change is quoted.
          { guard: 'isAvailableWithReturnNext', target: 'searching', actions: ['pickTrain', 'nextLeg'] },
          { guard: 'isAvailable', target: 'quoting', actions: 'pickTrain' },
        ],
        'change.back': { target: 'choosing' },
      },
    },
    quoting: {
      description:
        'The price of the change for the chosen trains (POST quote): refused trains (full, cancelled, left) go back to the list with the reason.',
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({
          bookingId: context.bookingId,
          direction: context.search.direction,
          outwardTrain: context.outwardTrain,
          inwardTrain: context.inwardTrain,
        }),
        onDone: { target: 'reviewing', actions: 'storeQuote' },
        onError: { target: 'picking', actions: 'storeError' },
      },
    },
    reviewing: {
      description:
        "Old and new journeys side by side, each ticket's old and new fare, the fee, and what is paid or comes back, with the ticket's rules; the card to pay with. A moved price or a refused card says so here.",
      on: {
        'pay.select': { actions: 'selectCard' },
        'change.confirm': [
          { guard: 'nothingToPay', target: 'paying', actions: 'clearPriceMoved' },
          { guard: 'paysWithSavedCard', target: 'paying', actions: 'clearPriceMoved' },
          { target: 'cardForm', actions: 'clearPriceMoved' },
        ],
        'change.back': { target: 'choosing', actions: 'clearPriceMoved' },
      },
    },
    cardForm: {
      description: "The card form (the refund's): the server tokenises the card and the payment names only the token.",
      invoke: {
        id: 'cardForm',
        src: 'cardForm',
        input: ({ context }) => ({ today: context.today }),
        onDone: { target: 'paying', actions: 'storeCard' },
      },
      on: { 'card.cancel': { target: 'reviewing' } },
    },
    paying: {
      description:
        'One payment with a new Idempotency-Key, sent by the lost-answer chart (checking when the answer was lost, unconfirmed with Check again); the server re-prices it first.',
      entry: 'beginAttempt',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => payInput(context),
        onDone: [
          { guard: 'isChanged', target: 'changed', actions: 'storeResult' },
          { guard: 'isPriceMoved', target: 'quoting', actions: 'markPriceMoved' },
          { guard: 'isCardRefused', target: 'reviewing', actions: 'markCardRefused' },
          { target: 'reviewing', actions: 'storePayError' },
        ],
        onError: { target: 'reviewing', actions: 'storePayError' },
      },
      on: { 'change.check': { actions: 'checkAgain' } },
    },
    changed: {
      description: 'The new booking is issued (paid, refunded or nothing either way); the route opens it.',
      type: 'final',
      entry: 'openNewBooking',
    },
  },
  output: ({ context }) => ({ result: context.result }),
});
