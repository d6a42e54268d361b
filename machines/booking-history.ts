import { assign, fromPromise, setup } from 'xstate';
import type { BookingHistoryResponse, BookingReplacement } from '#src/schemas/booking';
import { isSchemaProblem } from './lib/problems';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Booking history (/bookings/{id}/history and the order-token variant). A 308 with a replacement
 * booking sends the user to the replacement's history, marked refund complete when the URL said
 * waitForSuperseders or bookingchanged (docs/product/states.md).
 *
 * Waiting for replacements (waitForSuperseders): history is fetched at once, then polled after
 * historyPollMs (2000 ms), doubling, at most maxPollRetries (3) retries (docs/product/constants.md). It stops on
 * success (308: replacement found → redirect with refund complete), on timeout (retries used up) or
 * on navigation (the route stops the actor on unmount). A timeout or error sets the failed flag.
 * Given what its route loaded (docs/decisions/730), the chart starts from it: the history, the
 * replacement's redirect, or the load's error with its retry; without it, it fetches the history itself.
 * Waiting never starts from a loaded history: the wait polls from its own first request.
 */
export type HistoryFetchResult =
  | { status: 200; data: BookingHistoryResponse }
  | { status: 308; data: { replacedBy: BookingReplacement } };

export interface BookingHistoryInput {
  bookingId: string;
  waitForSuperseders: boolean;
  bookingChanged: boolean;
  /** What the route's loader got (the history, the replacement or the load's error); absent, the chart fetches it. */
  first?: FirstData<HistoryFetchResult> | null;
}

export interface BookingHistoryContext extends BookingHistoryInput {
  first: FirstData<HistoryFetchResult> | null;
  history: BookingHistoryResponse | null;
  replacement: BookingReplacement | null;
  historyPollMs: number;
  maxPollRetries: number;
  retries: number;
  /** Spec "failure sets a failed flag": why waiting for the replacement stopped without one. */
  failed: 'timeout' | 'error' | null;
}

export type BookingHistoryEvent = { type: 'history.retry' };

/** What fetchHistory answered (fetched once, or one poll of the wait: both invoke it as 'fetchHistory'). */
const fetchedHistory = (event: { type: string }) => doneOutput<HistoryFetchResult>(event, 'fetchHistory');

/** The route's loaded answer, when it loaded one. */
const firstAnswer = (context: BookingHistoryContext): HistoryFetchResult | null =>
  firstLoaded(context.first) ? context.first.data : null;

/**
 * The history a 200 answer carries, or null for a 308 (or no answer): the guards and the actions
 * read an answer through these alone, so a store never re-checks what its guard decided.
 */
const historyIn = (result: HistoryFetchResult | null) => (result?.status === 200 ? result.data : null);
/** The replacement a 308 answer names, or null for a 200 (or no answer). */
const replacementIn = (result: HistoryFetchResult | null) => (result?.status === 308 ? result.data.replacedBy : null);

export const bookingHistoryMachine = setup({
  types: {
    context: {} as BookingHistoryContext,
    events: {} as BookingHistoryEvent,
    input: {} as BookingHistoryInput,
    output: {} as { replacement: BookingReplacement | null; refundComplete: boolean },
  },
  actors: {
    fetchHistory: fromPromise<HistoryFetchResult, { bookingId: string }>(async () => {
      throw new Error('fetchHistory not provided');
    }),
  },
  delays: {
    /** historyPollMs, doubling with each retry: 2000, 4000, 8000 ms. */
    pollDelay: ({ context }) => context.historyPollMs * 2 ** context.retries,
  },
  guards: {
    isWaiting: ({ context }) => context.waitForSuperseders,
    isReplaced: ({ event }) => replacementIn(fetchedHistory(event)) !== null,
    isSchemaError: ({ event }) => isSchemaProblem(event),
    canRetry: ({ context }) => context.retries < context.maxPollRetries,
    firstReplaced: ({ context }) => replacementIn(firstAnswer(context)) !== null,
    firstLoaded: ({ context }) => historyIn(firstAnswer(context)) !== null,
    firstSchemaError: ({ context }) => firstFailed(context.first) && isSchemaProblem({ error: context.first.error }),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    // Each store runs only behind the guard that read the same answer (isReplaced said no, or yes).
    storeHistory: assign({ history: ({ event }) => historyIn(fetchedHistory(event)) }),
    storeReplacement: assign({ replacement: ({ event }) => replacementIn(fetchedHistory(event)) }),
    storeFirstHistory: assign({ history: ({ context }) => historyIn(firstAnswer(context)) }),
    storeFirstReplacement: assign({ replacement: ({ context }) => replacementIn(firstAnswer(context)) }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    setTimedOut: assign({ failed: 'timeout' as const }),
    setFailedError: assign({ failed: 'error' as const }),
    clearFailed: assign({ failed: null, retries: 0 }),
    /** The route opens the replacement's history (provided by the route). */
    goToReplacementHistory: () => {},
  },
}).createMachine({
  id: 'bookingHistory',
  context: ({ input }) => ({
    ...input,
    first: input.first ?? null,
    history: null,
    replacement: null,
    historyPollMs: 2000,
    maxPollRetries: 3,
    retries: 0,
    failed: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'waitForSuperseders in the URL waits for replacement bookings; otherwise the history the route loaded (or its error) is shown, else it is fetched once.',
      always: [
        { guard: 'isWaiting', target: 'waiting' },
        { guard: 'firstReplaced', target: 'redirecting', actions: 'storeFirstReplacement' },
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstHistory' },
        { guard: 'firstSchemaError', target: 'schemaError' },
        { guard: 'firstFailed', target: 'error' },
        { target: 'fetching' },
      ],
    },
    fetching: {
      description: "The booking's history is loading.",
      invoke: {
        id: 'fetchHistory',
        src: 'fetchHistory',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          {
            guard: 'isReplaced',
            target: 'redirecting',
            actions: 'storeReplacement',
          },
          { target: 'loaded', actions: 'storeHistory' },
        ],
        onError: [{ guard: 'isSchemaError', target: 'schemaError' }, { target: 'error' }],
      },
    },
    loaded: { description: 'The history is shown: every change to the booking, newest first.' },
    error: {
      description: 'The history could not be fetched (docs/product/errors.md: an error flag): an error with a retry.',
      on: { 'history.retry': { target: 'fetching' } },
    },
    schemaError: {
      description: "The answer did not have the history's shape: a clear error with a retry, never a crash.",
      on: { 'history.retry': { target: 'fetching' } },
    },
    waiting: {
      description:
        'Waiting for replacement bookings after a refund: history is polled (historyPollMs 2000 ms, doubling, at most 3 retries).',
      initial: 'polling',
      states: {
        polling: {
          description: 'One history request; a 308 with a replacement ends the wait.',
          invoke: {
            id: 'fetchHistory',
            src: 'fetchHistory',
            input: ({ context }) => ({ bookingId: context.bookingId }),
            onDone: [
              {
                guard: 'isReplaced',
                target: '#bookingHistory.redirecting',
                actions: 'storeReplacement',
              },
              {
                guard: 'canRetry',
                target: 'delaying',
                actions: 'storeHistory',
              },
              {
                target: '#bookingHistory.waitFailed',
                actions: ['storeHistory', 'setTimedOut'],
              },
            ],
            onError: [
              { guard: 'canRetry', target: 'delaying' },
              { target: '#bookingHistory.waitFailed', actions: 'setFailedError' },
            ],
          },
        },
        delaying: {
          description: 'The pause before the next poll (historyPollMs, doubling each retry).',
          after: { pollDelay: { target: 'polling', actions: 'countRetry' } },
        },
      },
    },
    /** Waiting stopped without a replacement: a visible message, the history seen so far, and a retry. */
    waitFailed: {
      description:
        'The wait timed out or failed (docs/product/errors.md wait errors): the failed flag and the last history shown.',
      on: { 'history.retry': { target: 'fetching', actions: 'clearFailed' } },
    },
    redirecting: {
      description: 'A replacement was found: the customer goes to its history, marked refund complete.',
      type: 'final',
      entry: 'goToReplacementHistory',
    },
  },
  output: ({ context }) => ({
    replacement: context.replacement,
    refundComplete: context.waitForSuperseders || context.bookingChanged,
  }),
});
