import { assign, fromPromise, setup } from 'xstate';
import type { BookingDetailResponse, ChangeabilityResponse } from '#src/schemas/booking';
import { isSchemaProblem } from './lib/problems';
import { doneOutput } from './lib/done-output';
import { changeabilityInput, type ChangeabilityInput } from './lib/changeability';
import type { LoadedAnswers } from './lib/loaded-answers';

/**
 * Booking detail (/bookings/{id}, /order-token/{id}, /bookings/{id}/guest): fetch the booking;
 * a 308 means it moved (its order was replaced) and the user goes to its history. Once loaded,
 * the change-of-journey changeability is checked (seasons on their own path). A failed fetch sets
 * an error flag (docs/product/errors.md) with a retry; a response of the wrong shape is its own state.
 */
export type BookingFetchResult =
  | { status: 200; data: BookingDetailResponse }
  | { status: 308; data: { bookingId: string } };

/**
 * The booking as its route's loader fetched it (routes/_account.bookings.$bookingId.index.tsx): its
 * answer, or the error its call threw. The chart starts from it instead of asking again.
 */
export type FirstBooking = { result: BookingFetchResult } | { error: unknown };

export interface BookingDetailContext {
  bookingId: string;
  /** What the route's loader fetched, if it did; read once, on start. */
  first: FirstBooking | null;
  /** The loader's answers to the calls made next (its change-of-journey check), taken once. */
  loaded: LoadedAnswers | null;
  detail: BookingDetailResponse | null;
  /** Booking whose history to open after a 308. */
  movedTo: string | null;
  changeability: ChangeabilityResponse | null;
}

export type BookingDetailEvent = { type: 'booking.retry' } | { type: 'booking.reload' };

/** What fetchBooking answered (both the first fetch and a reload invoke it as 'fetchBooking'). */
const fetchedBooking = (event: { type: string }) => doneOutput<BookingFetchResult>(event, 'fetchBooking');

export const bookingDetailMachine = setup({
  types: {
    context: {} as BookingDetailContext,
    events: {} as BookingDetailEvent,
    input: {} as { bookingId: string; first?: FirstBooking | undefined; loaded?: LoadedAnswers | null },
    output: {} as { movedTo: string | null },
  },
  actors: {
    fetchBooking: fromPromise<BookingFetchResult, { bookingId: string }>(async () => {
      throw new Error('fetchBooking not provided');
    }),
    fetchChangeability: fromPromise<ChangeabilityResponse, ChangeabilityInput & { loaded: LoadedAnswers | null }>(
      async () => {
        throw new Error('fetchChangeability not provided');
      },
    ),
  },
  guards: {
    isMoved: ({ event }) => fetchedBooking(event).status === 308,
    isSchemaError: ({ event }) => isSchemaProblem(event),
    firstIsMoved: ({ context }) => !!context.first && 'result' in context.first && context.first.result.status === 308,
    firstIsBooking: ({ context }) =>
      !!context.first && 'result' in context.first && context.first.result.status === 200,
    firstIsSchemaError: ({ context }) =>
      !!context.first && 'error' in context.first && isSchemaProblem({ error: context.first.error }),
    firstFailed: ({ context }) => !!context.first && 'error' in context.first,
  },
  actions: {
    storeDetail: assign(({ event }) => {
      const result = fetchedBooking(event);
      return { detail: result.status === 200 ? result.data : null };
    }),
    storeMoved: assign(({ context, event }) => {
      const result = fetchedBooking(event);
      return { movedTo: result.status === 308 ? result.data.bookingId : context.bookingId };
    }),
    /** The loader's booking, as `storeDetail` stores a fetched one. */
    storeFirstDetail: assign(({ context }) => ({
      detail:
        context.first && 'result' in context.first && context.first.result.status === 200
          ? context.first.result.data
          : null,
    })),
    /** The loader's 308, as `storeMoved` stores a fetched one. */
    storeFirstMoved: assign(({ context }) => ({
      movedTo:
        context.first && 'result' in context.first && context.first.result.status === 308
          ? context.first.result.data.bookingId
          : context.bookingId,
    })),
    storeChangeability: assign(({ event }) => ({
      changeability: doneOutput<ChangeabilityResponse>(event, 'fetchChangeability'),
    })),
    clearChangeability: assign({ changeability: null }),
    /** The route navigates to the booking's history (provided by the route). */
    goToHistory: () => {},
  },
}).createMachine({
  id: 'bookingDetail',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    first: input.first ?? null,
    loaded: input.loaded ?? null,
    detail: null,
    movedTo: null,
    changeability: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the screen starts: from what the route loaded (the booking, its move, or its error), else it fetches the booking.',
      always: [
        { guard: 'firstIsMoved', target: 'movedToHistory', actions: 'storeFirstMoved' },
        { guard: 'firstIsBooking', target: 'loaded', actions: 'storeFirstDetail' },
        { guard: 'firstIsSchemaError', target: 'schemaError' },
        { guard: 'firstFailed', target: 'error' },
        { target: 'fetching' },
      ],
    },
    fetching: {
      description: 'The booking is loading.',
      invoke: {
        id: 'fetchBooking',
        src: 'fetchBooking',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          {
            guard: 'isMoved',
            target: 'movedToHistory',
            actions: 'storeMoved',
          },
          { target: 'loaded', actions: 'storeDetail' },
        ],
        onError: [{ guard: 'isSchemaError', target: 'schemaError' }, { target: 'error' }],
      },
    },
    loaded: {
      description: 'The booking is shown: journeys, tickets, passengers and the actions it allows.',
      initial: 'checkingChangeability',
      on: { 'booking.reload': { target: 'reloading' } },
      states: {
        checkingChangeability: {
          description: 'Whether the journey can be changed is being checked (change of journey).',
          invoke: {
            id: 'fetchChangeability',
            src: 'fetchChangeability',
            input: ({ context }) => ({
              ...changeabilityInput(context.bookingId, context.detail),
              loaded: context.loaded,
            }),
            onDone: {
              target: 'changeabilityKnown',
              actions: 'storeChangeability',
            },
            onError: { target: 'changeabilityUnavailable', actions: 'clearChangeability' },
          },
        },
        changeabilityKnown: { description: 'The change-of-journey action shows as the check said.' },
        changeabilityUnavailable: {
          description: 'The changeability check failed: the booking shows without the change-of-journey action.',
        },
      },
    },
    /** After an edit: the page stays on screen while the booking is fetched again. */
    reloading: {
      description: 'The booking is fetched again (after an action on it) while the last copy stays on screen.',
      invoke: {
        id: 'fetchBooking',
        src: 'fetchBooking',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          {
            guard: 'isMoved',
            target: 'movedToHistory',
            actions: 'storeMoved',
          },
          { target: 'loaded', actions: 'storeDetail' },
        ],
        onError: [{ guard: 'isSchemaError', target: 'schemaError' }, { target: 'error' }],
      },
    },
    error: {
      description: 'The booking could not be fetched (docs/product/errors.md: an error flag): an error with a retry.',
      on: { 'booking.retry': { target: 'fetching' } },
    },
    schemaError: {
      description: "The answer did not have the booking's shape: a clear error with a retry, never a crash.",
      on: { 'booking.retry': { target: 'fetching' } },
    },
    movedToHistory: {
      description: "308: the order was replaced; the customer goes to the booking's history (docs/product/states.md).",
      type: 'final',
      entry: 'goToHistory',
    },
  },
  output: ({ context }) => ({ movedTo: context.movedTo }),
});
