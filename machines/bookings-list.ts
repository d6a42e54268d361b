import { assign, fromPromise, setup } from 'xstate';
import type { BookingFilter, BookingListEntry, BookingsPage } from '#src/schemas/bookings-list';
import { doneOutput } from './lib/done-output';
import { hasStatus, problemOfEvent } from './lib/problems';

/**
 * Booking lists (docs/product/screens.md, docs/product/states.md, docs/product/api.md, docs/product/errors.md): upcoming, past, season and guest bookings, paged from 0.
 * One request at a time; each filter keeps its results, total, next page, a pending flag and an
 * error. Fetch-if-required: showing a filter loads it only if it has no results and is not pending.
 * Showing another filter while one loads cancels that load (its pending flag drops).
 */
export interface FilterState {
  results: BookingListEntry[];
  total: number | null;
  /** Next page index to load (0 before the first load). */
  nextPage: number;
  pending: boolean;
  /** The last load of this filter failed (the screen words it); null otherwise. */
  error: 'LOAD_FAILED' | null;
  /**
   * Why the last load failed: no answer at all (`network`: the screen asks to check the connection),
   * or an answer the app could not use (`answer`: an error status or a body that failed its schema;
   * the screen says the service answered something unexpected), or `absent`: 404, the host has no such
   * list (the guest list's call is not in docs/product/api.md; the screen leaves it out quietly, decision
   * 340). Null without an error.
   */
  failure: 'network' | 'answer' | 'absent' | null;
}

export interface BookingsListContext {
  /** The filter on screen. */
  filter: BookingFilter;
  byFilter: Record<BookingFilter, FilterState>;
  /** The request in flight, if any. */
  request: { filter: BookingFilter; page: number } | null;
  counts: { upcoming: number; past: number; season: number; guest: number | null } | null;
  hasGuestBookings: boolean;
}

/**
 * A filter's first page as its route's loader fetched it (routes/_account._bookings.bookings.*.tsx):
 * the page, or why the call failed (the client's error, read as a failed load is).
 */
export type FirstPage = { page: BookingsPage } | { error: unknown };

export type BookingsListEvent =
  /** Show a filter; `first` is its first page when the route loaded it, so the chart need not ask. */
  | { type: 'bookings.show'; filter: BookingFilter; first?: FirstPage | undefined }
  | { type: 'bookings.loadMore' }
  | { type: 'bookings.retry' };

const emptyFilter: FilterState = { results: [], total: null, nextPage: 0, pending: false, error: null, failure: null };

const isRequiredFor = (context: BookingsListContext, filter: BookingFilter) => {
  const f = context.byFilter[filter];
  return f.results.length === 0 && !f.pending;
};

const firstOf = (event: BookingsListEvent): FirstPage | undefined =>
  event.type === 'bookings.show' ? event.first : undefined;

/** How a failed load is told on screen: no answer, no such list (404), or an answer the app cannot use. */
const failureOf = (error: unknown): FilterState['failure'] => {
  const event = { error };
  return problemOfEvent(event).kind === 'network' ? 'network' : hasStatus(event, 404) ? 'absent' : 'answer';
};

/** A page stored for a filter: page 0 starts its list, a later page appends. */
const withPage = (context: BookingsListContext, filter: BookingFilter, pageNo: number, page: BookingsPage) => {
  const f = context.byFilter[filter];
  const results = pageNo === 0 ? page.results : [...f.results, ...page.results];
  return {
    byFilter: withFilter(context, filter, {
      results,
      total: page.total,
      nextPage: pageNo + 1,
      pending: false,
      error: null,
      failure: null,
    }),
    counts: {
      upcoming: page.upcomingBookings,
      past: page.pastBookings,
      season: page.seasonBookings,
      guest: page.guestBookings ?? null,
    },
    hasGuestBookings: page.hasGuestBookings,
  };
};

const withFilter = (context: BookingsListContext, filter: BookingFilter, patch: Partial<FilterState>) => ({
  ...context.byFilter,
  [filter]: { ...context.byFilter[filter], ...patch },
});

export const bookingsListMachine = setup({
  types: {
    context: {} as BookingsListContext,
    events: {} as BookingsListEvent,
    input: {} as { filter: BookingFilter },
  },
  actors: {
    fetchBookings: fromPromise<BookingsPage, { filter: BookingFilter; page: number }>(async () => {
      throw new Error('fetchBookings not provided');
    }),
  },
  guards: {
    isRequired: ({ context, event }) => event.type === 'bookings.show' && isRequiredFor(context, event.filter),
    /** Required, and the route's loader brought the page: stored without asking again. */
    isRequiredAndLoaded: ({ context, event }) =>
      event.type === 'bookings.show' && isRequiredFor(context, event.filter) && !!event.first && 'page' in event.first,
    /** Required, and the route's loader failed: its error shows, with a retry. */
    isRequiredAndFailed: ({ context, event }) =>
      event.type === 'bookings.show' && isRequiredFor(context, event.filter) && !!event.first && 'error' in event.first,
    hasMore: ({ context }) => {
      const f = context.byFilter[context.filter];
      return !f.pending && f.error === null && f.total !== null && f.results.length < f.total;
    },
    hasError: ({ context }) => context.byFilter[context.filter].error !== null,
  },
  actions: {
    select: assign({
      filter: ({ context, event }) => (event.type === 'bookings.show' ? event.filter : context.filter),
    }),
    /** Marks the filter on screen pending and records the request for its next page. */
    startRequest: assign(({ context }) => {
      const f = context.byFilter[context.filter];
      return {
        request: { filter: context.filter, page: f.nextPage },
        byFilter: withFilter(context, context.filter, { pending: true, error: null, failure: null }),
      };
    }),
    cancelRequest: assign(({ context }) =>
      context.request
        ? { byFilter: withFilter(context, context.request.filter, { pending: false }), request: null }
        : {},
    ),
    storePage: assign(({ context, event }) => {
      if (!context.request) return {};
      const page = doneOutput<BookingsPage>(event, 'fetchBookings');
      // `page` is a local-server extra (docs/product/api.md does not list it): the page asked for is the page answered.
      return { ...withPage(context, context.request.filter, page.page ?? context.request.page, page), request: null };
    }),
    /** The first page the route's loader fetched, for the filter now shown. */
    storeFirstPage: assign(({ context, event }) => {
      const first = firstOf(event);
      if (!first || !('page' in first)) return {};
      return withPage(context, context.filter, first.page.page ?? 0, first.page);
    }),
    /** The route's loader failed: the filter shows the error, and its retry asks for page 0. */
    storeFirstError: assign(({ context, event }) => {
      const first = firstOf(event);
      if (!first || !('error' in first)) return {};
      return {
        byFilter: withFilter(context, context.filter, {
          pending: false,
          error: 'LOAD_FAILED',
          failure: failureOf(first.error),
        }),
      };
    }),
    storeError: assign(({ context, event }) =>
      context.request
        ? {
            byFilter: withFilter(context, context.request.filter, {
              pending: false,
              error: 'LOAD_FAILED',
              failure: failureOf('error' in event ? event.error : undefined),
            }),
            request: null,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'bookingsList',
  context: ({ input }) => ({
    filter: input.filter,
    byFilter: { upcoming: emptyFilter, past: emptyFilter, season: emptyFilter, guest: emptyFilter },
    request: null,
    counts: null,
    hasGuestBookings: false,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        "The current filter's bookings (upcoming, past, season or guest) are shown, or its error 'Unable to fetch bookings', or the empty state.",
      on: {
        'bookings.show': [
          { guard: 'isRequiredAndLoaded', actions: ['select', 'storeFirstPage'] },
          { guard: 'isRequiredAndFailed', actions: ['select', 'storeFirstError'] },
          { guard: 'isRequired', target: 'loading', actions: ['select', 'startRequest'] },
          { actions: 'select' },
        ],
        'bookings.loadMore': { guard: 'hasMore', target: 'loading', actions: 'startRequest' },
        'bookings.retry': { guard: 'hasError', target: 'loading', actions: 'startRequest' },
      },
    },
    loading: {
      description: 'One page of a filter is loading (its pending flag is set); showing another filter cancels it.',
      invoke: {
        id: 'fetchBookings',
        src: 'fetchBookings',
        // Entered only with startRequest, which sets the request; it is cleared only on leaving.
        input: ({ context }) => context.request!,
        onDone: { target: 'idle', actions: 'storePage' },
        onError: { target: 'idle', actions: 'storeError' },
      },
      on: {
        'bookings.show': [
          { guard: 'isRequiredAndLoaded', target: 'idle', actions: ['cancelRequest', 'select', 'storeFirstPage'] },
          { guard: 'isRequiredAndFailed', target: 'idle', actions: ['cancelRequest', 'select', 'storeFirstError'] },
          {
            guard: 'isRequired',
            target: 'loading',
            reenter: true,
            actions: ['cancelRequest', 'select', 'startRequest'],
          },
          { actions: 'select' },
        ],
      },
    },
  },
});
