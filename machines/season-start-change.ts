import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ChangeResult } from '#src/schemas/journey-change';
import type { SeasonChangeOptions, SeasonChangeQuote } from '#src/schemas/season-start-change';
import { plusDays, ukDay } from '#src/schemas/uk-time';
import { changePaymentActions, changePaymentGuards, firstCard, payInput } from './lib/change-payment';
import type { ChangePaymentContext, ChangePaymentEvent } from './lib/change-payment';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstAbsent, loadedAbsent } from './lib/page-load';
import { codeOf, problemOfEvent } from './lib/problems';
import { problemMessageOfEvent } from './lib/refund-rules';
import { refundCardFormMachine } from './refund-card-form';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';

/**
 * /bookings/{bookingId}/change-start-date: a season ticket's start date moved before it starts, for
 * the fee (docs/decisions/690-season-start-date-change.md, 790-season-start-date-screen.md). Loads
 * the season's validity; the customer types the new start date (day, month, year); the change is
 * quoted (the fee per ticket, the season's new validity); they pay with a saved card or a new card
 * (the refund's card form). The payment is the journey change's (machines/lib/change-payment.ts): one
 * attempt with its own Idempotency-Key, invoked as the lost-answer chart
 * (machines/submit-with-lost-answer.ts, decision 575); a moved price is quoted
 * again before anything is charged; a refused card keeps the date and the choice. Done shows the
 * new booking's dates. Given what its route loaded (docs/decisions/730), the chart starts from it: the
 * date form, the refusal, or the load's error with its retry; without it, it loads the season itself.
 * A host without the change calls (beyond docs/product/api.md) answers the options with null, and the
 * page says changes are made by contacting the retailer (docs/decisions/863).
 */
export interface SeasonStartChangeInput {
  bookingId: string;
  /** Today in the UK as YYYY-MM-DD (ukDay): the first day a start may move to is tomorrow; the card form's expiry rule. */
  today: string;
  /** Made once per screen by the route (random): the stem of each payment's Idempotency-Key. */
  keySeed: string;
  /**
   * What the route's loader got (the season's options, null for a host that does not offer changes,
   * or the load's error); absent, the chart loads them.
   */
  first?: FirstData<SeasonChangeOptions | null> | null;
}

export type StartDateField = 'day' | 'month' | 'year';
export type StartDateParts = Record<StartDateField, string>;
/** What is wrong with the date typed; the screen words it (src/copy/season-start-change.ts). */
export type StartDateProblem = 'required' | 'format' | 'tooSoon' | 'tooLate' | 'same';

export interface SeasonStartChangeContext extends SeasonStartChangeInput, ChangePaymentContext {
  options: SeasonChangeOptions | null;
  date: StartDateParts;
  /** The customer left the date's fields once: its problem is shown from then on. */
  dateTouched: boolean;
  quote: SeasonChangeQuote | null;
  /** The refusal's code (`SAME_START_DATE`, `CARD_DECLINED`…): the screen words it (decision 641). */
  errorCode: string | null;
}

export type SeasonStartChangeEvent =
  | { type: 'change.retry' }
  | { type: 'date.change'; field: StartDateField; value: string }
  | { type: 'date.blur' }
  | { type: 'date.submit' }
  | { type: 'change.back' }
  | ChangePaymentEvent;

/** How far ahead a season's start may move (decision 690: up to 90 days from today). */
export const SEASON_START_HORIZON_DAYS = 90;

const isoOf = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * The day a stored start (an instant) falls on in the UK, as YYYY-MM-DD: a season's days are UK
 * days, and midnight in London is 23:00 UTC the day before in British Summer Time.
 */
export const seasonStartDay = (validFrom: string): string => ukDay(new Date(validFrom));

/**
 * Today as the customer's season counts it, a UK day (YYYY-MM-DD), whatever the device's time zone:
 * at 00:30 in London in summer it is 23:30 UTC the day before, and tomorrow is London's.
 */
export const seasonToday = (now: Date): string => ukDay(now);

/** The date typed as YYYY-MM-DD, or null when it is not a real date. */
export function startDateOf({ day, month, year }: StartDateParts): string | null {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return null;
  const [dn, mn, yn] = [Number(d), Number(m), Number(y)];
  const date = new Date(Date.UTC(yn, mn - 1, dn));
  // A day or month out of range (day 0 or 31 April, month 0 or 13) rolls the date into another month.
  if (date.getUTCMonth() !== mn - 1) return null;
  return isoOf(yn, mn, dn);
}

/**
 * The new start date's problem, or null: a real date (DD MM YYYY), from tomorrow up to
 * SEASON_START_HORIZON_DAYS ahead, not the day the season already starts (the server's rules, decision 690).
 */
export function startDateProblem(
  parts: StartDateParts,
  today: string,
  validFrom: string | null | undefined,
): StartDateProblem | null {
  if ([parts.day, parts.month, parts.year].every((p) => p.trim() === '')) return 'required';
  const date = startDateOf(parts);
  if (date === null) return 'format';
  if (date <= today) return 'tooSoon';
  if (date > plusDays(today, SEASON_START_HORIZON_DAYS)) return 'tooLate';
  // The day it starts as the customer sees it (a UK day), as the server compares it.
  if (validFrom && seasonStartDay(validFrom) === date) return 'same';
  return null;
}

/** The season's start may move: nothing refuses it and at least one direction is changeable. */
const isChangeableOptions = (options: SeasonChangeOptions): boolean =>
  options.refusal === null && options.directions.some((d) => d.changeable);

export const seasonStartChangeMachine = setup({
  types: {
    context: {} as SeasonStartChangeContext,
    events: {} as SeasonStartChangeEvent,
    input: {} as SeasonStartChangeInput,
    output: {} as { result: ChangeResult | null },
  },
  actors: {
    fetchOptions: fromPromise<SeasonChangeOptions | null, { bookingId: string }>(async () => {
      throw new Error('fetchOptions not provided');
    }),
    fetchQuote: fromPromise<SeasonChangeQuote, { bookingId: string; startDate: string }>(async () => {
      throw new Error('fetchQuote not provided');
    }),
    cardForm: refundCardFormMachine,
    /** One payment: the flow's binding provides its call (PayRequest → ChangeResult). */
    pay: submitWithLostAnswerMachine,
  },
  guards: {
    firstNotOffered: ({ context }) => firstAbsent(context.first),
    notOffered: ({ event }) => loadedAbsent(event, 'fetchOptions'),
    // Asked after notOffered: the options are there.
    isChangeable: ({ event }) => isChangeableOptions(doneOutput<SeasonChangeOptions>(event, 'fetchOptions')),
    // Both asked after firstNotOffered: what the route loaded is the options.
    firstChangeable: ({ context }) => firstLoaded(context.first) && isChangeableOptions(context.first.data!),
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    // Asked only in choosing, which stored options open (storeOptions, storeFirstOptions).
    dateValid: ({ context }) =>
      startDateProblem(context.date, context.today, context.options!.season.validFrom) === null,
    ...changePaymentGuards,
  },
  actions: {
    storeOptions: assign(({ event }) => {
      const options = doneOutput<SeasonChangeOptions>(event, 'fetchOptions');
      return { options, cardChoice: firstCard(options) };
    }),
    // Runs only where firstLoaded said yes (firstChangeable, firstLoaded): the route's answer is set.
    storeFirstOptions: assign(({ context }) => {
      const options = (context.first as { data: SeasonChangeOptions }).data;
      return { options, cardChoice: firstCard(options) };
    }),
    // Runs only where firstFailed said yes: the route's error is set.
    storeFirstError: assign(({ context }) => {
      const failure = { error: (context.first as { error: unknown }).error };
      return { error: problemMessageOfEvent(failure), errorCode: codeOf(problemOfEvent(failure)) };
    }),
    setDatePart: assign(({ context, event }) => {
      assertEvent(event, 'date.change');
      return { date: { ...context.date, [event.field]: event.value }, error: null, errorCode: null };
    }),
    touchDate: assign({ dateTouched: true }),
    storeError: assign({
      error: ({ event }) => problemMessageOfEvent(event),
      errorCode: ({ event }) => codeOf(problemOfEvent(event)),
    }),
    clearError: assign({ error: null, errorCode: null }),
    storeQuote: assign({
      quote: ({ event }) => doneOutput<SeasonChangeQuote>(event, 'fetchQuote'),
      error: null,
      errorCode: null,
    }),
    // The payment's (a refused card keeps the date and the card choice).
    ...changePaymentActions<SeasonStartChangeContext, SeasonStartChangeEvent>(),
  },
}).createMachine({
  id: 'seasonStartChange',
  context: ({ input }) => ({
    ...input,
    first: input.first ?? null,
    options: null,
    date: { day: '', month: '', year: '' },
    dateTouched: false,
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
        'Where the screen starts: from what the route loaded (the season, a host without changes, or its error), else it loads the season itself.',
      always: [
        { guard: 'firstNotOffered', target: 'notOffered' },
        { guard: 'firstChangeable', target: 'choosing', actions: 'storeFirstOptions' },
        { guard: 'firstLoaded', target: 'notChangeable', actions: 'storeFirstOptions' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description:
        "Loading the season's validity, whether its start may still move, the fee per ticket and the saved cards.",
      invoke: {
        id: 'fetchOptions',
        src: 'fetchOptions',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          { guard: 'notOffered', target: 'notOffered' },
          { guard: 'isChangeable', target: 'choosing', actions: 'storeOptions' },
          { target: 'notChangeable', actions: 'storeOptions' },
        ],
        onError: { target: 'loadFailed', actions: 'storeError' },
      },
    },
    loadFailed: {
      description: 'The season could not be loaded: an error with Try again.',
      on: { 'change.retry': { target: 'loading', actions: 'clearError' } },
    },
    notOffered: {
      description:
        "This host does not offer changes here (the options call is beyond docs/product/api.md): a season's start date is changed by contacting the retailer, whose contact details follow, with a link back to the booking.",
    },
    notChangeable: {
      description:
        "The season's start cannot move now (it has started, expired or was changed): the rule that refuses it.",
    },
    choosing: {
      description:
        "The season's dates, the rules and the fee; the new start date as day, month and year. Continue is disabled while the date is empty or wrong, whose problem shows once the fields are left; a refused date shows the server's reason.",
      on: {
        'date.change': { actions: 'setDatePart' },
        'date.blur': { actions: 'touchDate' },
        'date.submit': { guard: 'dateValid', target: 'quoting', actions: 'clearError' },
      },
    },
    quoting: {
      description:
        'The price of the new start date (POST quote): the fee per ticket; a refused date goes back with its reason.',
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        // Quoting follows dateValid: the date typed is a real date.
        input: ({ context }) => ({ bookingId: context.bookingId, startDate: startDateOf(context.date)! }),
        onDone: { target: 'reviewing', actions: 'storeQuote' },
        onError: { target: 'choosing', actions: 'storeError' },
      },
    },
    reviewing: {
      description:
        'The old and the new dates side by side, the fee per ticket and what is paid; the card to pay with. A moved price or a refused card says so here.',
      on: {
        'pay.select': { actions: 'selectCard' },
        'change.confirm': [
          { guard: 'nothingToPay', target: 'paying', actions: 'clearPriceMoved' },
          { guard: 'paysWithSavedCard', target: 'paying', actions: 'clearPriceMoved' },
          { target: 'cardForm', actions: 'clearPriceMoved' },
        ],
        'change.back': { target: 'choosing', actions: ['clearPriceMoved', 'clearError'] },
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
      description:
        "The season's start has moved: a new booking with the new dates, what was paid, and links to the booking and its history.",
      type: 'final',
    },
  },
  output: ({ context }) => ({ result: context.result }),
});
