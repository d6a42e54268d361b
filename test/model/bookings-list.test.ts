import { expect } from 'vitest';
import { bookingsListMachine } from '#machines/bookings-list';
import { bookingsListErrorMessage } from '#src/copy/bookings-list';
import type { BookingFilter, BookingListEntry, BookingsPage } from '#src/schemas/bookings-list';
import { describeMachineModel, inputOf, outputOf, stepFrom } from './harness';

const entry = (id: string): BookingListEntry => ({
  booking: {
    id,
    outward: {
      date: '2026-05-01T09:00:00.000Z',
      origin: { code: 'KGX', name: "London King's Cross" },
      destination: { code: 'YRK', name: 'York' },
      departureTime: '2026-05-01T09:00:00.000Z',
      arrivalTime: '2026-05-01T10:52:00.000Z',
      operator: 'LNER',
    },
    inward: null,
    isSeasonBooking: false,
    price: { amount: 49.2, currencyCode: 'GBP' },
    passengerCount: 1,
    ticketTypes: ['Off-Peak Single'],
    season: null,
  },
  order: { id: `o-${id}`, friendlyOrderId: 'TL-ABCDEF', replacementOrder: null },
});

/** Every filter has 2 bookings, one a page: page 0 leaves "load more", page 1 completes it. */
const pageFor = (request: { filter: string; page: number } | null): BookingsPage => ({
  results: [entry(`${request?.filter}-${request?.page}`)],
  total: 2,
  page: request?.page ?? 0,
  pageSize: 1,
  upcomingBookings: 2,
  pastBookings: 2,
  seasonBookings: 2,
  guestBookings: 2,
  hasGuestBookings: true,
});

/** The spec's own answer (docs/product/api.md): no page, pageSize or guestBookings (local-server extras). */
const minimalPageFor = (request: { filter: string; page: number } | null) => {
  const { page: _page, pageSize: _size, guestBookings: _guest, ...minimal } = pageFor(request);
  return minimal;
};
const filters: BookingFilter[] = ['upcoming', 'past', 'season', 'guest'];
const notLoaded = { results: [], total: null, nextPage: 0, pending: false, error: null, failure: null };
/** No answer at all, an answer that failed its schema, an error status (the client's ApiError problems). */
const networkFailure = { problem: { kind: 'network', message: 'Failed to fetch' } };
const unreadableAnswer = {
  problem: { kind: 'schema', message: 'We received an unexpected response from our servers. Please try again later.' },
};
const serverFailure = { problem: { kind: 'http', status: 500, codes: ['INTERNAL_ERROR'], detail: null, body: null } };
/** The host has no such list (the guest list is not in docs/product/api.md). */
const noSuchList = { problem: { kind: 'http', status: 404, codes: ['NOT_FOUND'], detail: null, body: null } };

describeMachineModel(bookingsListMachine, {
  name: 'bookingsListMachine',
  input: { filter: 'upcoming' },
  events: {
    // A tab's route loads its first page: the chart stores it, or the loader's failure, without asking.
    'bookings.show': [
      { type: 'bookings.show', filter: 'upcoming' },
      { type: 'bookings.show', filter: 'past' },
      { type: 'bookings.show', filter: 'past', first: { page: pageFor({ filter: 'past', page: 0 }) } },
      { type: 'bookings.show', filter: 'past', first: { error: networkFailure } },
    ],
    'xstate.done.actor.fetchBookings': (snap) => [
      { type: 'xstate.done.actor.fetchBookings', output: pageFor(snap.context.request) },
      { type: 'xstate.done.actor.fetchBookings', output: minimalPageFor(snap.context.request) },
    ],
    'xstate.error.actor.fetchBookings': [
      { type: 'xstate.error.actor.fetchBookings', error: networkFailure },
      { type: 'xstate.error.actor.fetchBookings', error: unreadableAnswer },
      { type: 'xstate.error.actor.fetchBookings', error: serverFailure },
      { type: 'xstate.error.actor.fetchBookings', error: noSuchList },
    ],
  },
  serializeContext: (c) => ({
    filter: c.filter,
    request: c.request,
    upcoming: [c.byFilter.upcoming.results.length, c.byFilter.upcoming.pending, c.byFilter.upcoming.failure],
    past: [c.byFilter.past.results.length, c.byFilter.past.pending, !!c.byFilter.past.error],
  }),
  maxPaths: 380,
  assert: (snapshot) => {
    const { byFilter } = snapshot.context;
    for (const f of Object.values(byFilter)) {
      if (f.total !== null) expect(f.results.length).toBeLessThanOrEqual(f.total);
      expect(new Set(f.results.map((r) => r.booking.id)).size).toBe(f.results.length);
    }
  },
  calls: { loading: { fetchBookings: (c: { request: unknown }) => c.request } },
  // docs/product/states.md and docs/product/errors.md: a pending flag per filter; fetch-if-required loads a filter only if it
  // has no results and is not pending; an error stores 'Unable to fetch bookings'.
  states: {
    idle: (check) => {
      const { context, event } = check;
      expect(context.request).toBeNull();
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          filter: 'upcoming',
          byFilter: Object.fromEntries(filters.map((f) => [f, notLoaded])),
          request: null,
          counts: null,
          hasGuestBookings: false,
        });
      }
      // Load more fetches the next page while the filter has fewer results than its total.
      const shown = context.byFilter[context.filter];
      const more = stepFrom(check, { type: 'bookings.loadMore' }).snapshot;
      if (shown.error === null && shown.total !== null && shown.results.length < shown.total) {
        expect([more.value, more.context.request]).toEqual([
          'loading',
          { filter: context.filter, page: shown.nextPage },
        ]);
      } else expect(more.value).toBe('idle');
      // Retry after 'Unable to fetch bookings' asks again for the page that failed.
      const retried = stepFrom(check, { type: 'bookings.retry' }).snapshot;
      if (shown.error !== null) {
        expect([retried.value, retried.context.request]).toEqual([
          'loading',
          { filter: context.filter, page: shown.nextPage },
        ]);
        expect(retried.context.byFilter[context.filter]).toMatchObject({ pending: true, error: null, failure: null });
      } else expect(retried.value).toBe('idle');
      for (const f of Object.values(context.byFilter)) expect(f.pending).toBe(false);
      if (event.type === 'bookings.show') {
        expect(context.filter).toBe(event.filter);
        const shownFilter = context.byFilter[event.filter];
        if (event.first && 'error' in event.first && shownFilter.results.length === 0) {
          // The loader's failure: the error and its retry, said as a failed load says it.
          expect(shownFilter).toMatchObject({ error: 'LOAD_FAILED', failure: 'network', pending: false });
        } else expect(shownFilter.results.length, 'a filter with results is not fetched again').toBeGreaterThan(0);
        if (event.first && 'page' in event.first) expect(context.counts).not.toBeNull();
      }
      if (event.type === 'xstate.done.actor.fetchBookings') {
        const page = outputOf(event) as BookingsPage;
        const requested = page.results[0]!.booking.id.split('-')[0] as keyof typeof context.byFilter;
        const f = context.byFilter[requested];
        const requestedPage = Number(page.results[0]!.booking.id.split('-')[1]);
        expect(f).toMatchObject({
          total: page.total,
          nextPage: (page.page ?? requestedPage) + 1,
          error: null,
          failure: null,
        });
        expect(context.counts?.guest).toBe(page.guestBookings ?? null);
        expect(f.results.slice(-page.results.length)).toEqual(page.results);
        expect(context.counts).not.toBeNull();
        expect(context.hasGuestBookings).toBe(true);
      }
      if (event.type === 'xstate.error.actor.fetchBookings') {
        expect(Object.values(context.byFilter).filter((f) => f.error === 'LOAD_FAILED')).not.toHaveLength(0);
        // "Check your connection" only when no answer came; any answer it could not use is the service's.
        const failed = Object.values(context.byFilter)
          .filter((f) => f.error !== null)
          .map((f) => f.failure);
        expect(failed).toContain(
          event.error === networkFailure ? 'network' : event.error === noSuchList ? 'absent' : 'answer',
        );
        expect(bookingsListErrorMessage()).toBe('Unable to fetch bookings');
      }
    },
    loading: (check) => {
      const { context, event } = check;
      const request = context.request!;
      const f = context.byFilter[request.filter];
      // Showing another filter: one with no results cancels this load and loads its first page;
      // one with results is just shown while this load goes on.
      for (const filter of filters.filter((x) => x !== request.filter)) {
        const next = stepFrom(check, { type: 'bookings.show', filter }).snapshot;
        expect([next.value, next.context.filter]).toEqual(['loading', filter]);
        if (context.byFilter[filter].results.length === 0) {
          expect(next.context.request).toEqual({ filter, page: 0 });
          expect(inputOf(next, 'fetchBookings')).toEqual({ filter, page: 0 });
          expect([next.context.byFilter[request.filter].pending, next.context.byFilter[filter].pending]).toEqual([
            false,
            true,
          ]);
        } else expect(next.context.request).toEqual(request);
      }
      // The spec's answer has no page number: it is the page asked for.
      const minimal = minimalPageFor(request);
      const answered = stepFrom(check, { type: 'xstate.done.actor.fetchBookings', output: minimal } as never).snapshot;
      expect(answered.context.byFilter[request.filter]).toMatchObject({
        results: [...(request.page === 0 ? [] : f.results), ...minimal.results],
        nextPage: request.page + 1,
        pending: false,
      });
      expect(answered.context.counts?.guest).toBeNull();
      // Each way the call can fail, said for this filter (checked here, not only on the paths: a
      // chart that told them apart wrongly would merge their paths).
      for (const [error, failure] of [
        [networkFailure, 'network'],
        [unreadableAnswer, 'answer'],
        [serverFailure, 'answer'],
        [noSuchList, 'absent'],
      ] as const) {
        const failed = stepFrom(check, { type: 'xstate.error.actor.fetchBookings', error } as never).snapshot;
        expect(failed.context.byFilter[request.filter]).toMatchObject({
          pending: false,
          error: 'LOAD_FAILED',
          failure,
        });
      }
      // An answer that says it is page 0 starts the list again (the page answered is the page shown).
      const restarted = stepFrom(check, {
        type: 'xstate.done.actor.fetchBookings',
        output: { ...pageFor(request), page: 0 },
      } as never).snapshot;
      expect(restarted.context.byFilter[request.filter].results).toEqual(pageFor(request).results);
      expect(request.page).toBe(f.nextPage);
      expect(f.pending).toBe(true);
      expect(f.error).toBeNull();
      for (const [name, other] of Object.entries(context.byFilter))
        if (name !== request.filter) expect(other.pending).toBe(false);
      if (event.type === 'bookings.show') expect(context.filter).toBe(event.filter);
      // Fetch-if-required: the first page only for a filter with no results; later pages append.
      if (request.page === 0) expect(f.results).toEqual([]);
      else expect(f.results.length).toBeGreaterThan(0);
      if (event.type === 'bookings.loadMore') expect(f.results.length).toBeLessThan(f.total ?? 0);
    },
  },
});
