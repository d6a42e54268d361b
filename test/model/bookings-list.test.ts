import { expect } from 'vitest';
import { bookingsListErrorMessage, bookingsListMachine } from '#machines/bookings-list';
import type { BookingListEntry, BookingsPage } from '#src/schemas/bookings-list';
import { describeMachineModel, outputOf, stepFrom } from './harness';

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

describeMachineModel(bookingsListMachine, {
  name: 'bookingsListMachine',
  input: { filter: 'upcoming' },
  events: {
    'bookings.show': [
      { type: 'bookings.show', filter: 'upcoming' },
      { type: 'bookings.show', filter: 'past' },
    ],
    'xstate.done.actor.fetchBookings': (snap) => [
      { type: 'xstate.done.actor.fetchBookings', output: pageFor(snap.context.request) },
      // The spec's own answer (section 7): no page, pageSize or guestBookings (local-server extras).
      (() => {
        const { page: _page, pageSize: _size, guestBookings: _guest, ...minimal } = pageFor(snap.context.request);
        return { type: 'xstate.done.actor.fetchBookings', output: minimal } as const;
      })(),
    ],
    'xstate.error.actor.fetchBookings': [{ type: 'xstate.error.actor.fetchBookings', error: new Error('500') }],
  },
  serializeContext: (c) => ({
    filter: c.filter,
    request: c.request,
    upcoming: [c.byFilter.upcoming.results.length, c.byFilter.upcoming.pending, !!c.byFilter.upcoming.error],
    past: [c.byFilter.past.results.length, c.byFilter.past.pending, !!c.byFilter.past.error],
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    const { byFilter } = snapshot.context;
    for (const f of Object.values(byFilter)) {
      if (f.total !== null) expect(f.results.length).toBeLessThanOrEqual(f.total);
      expect(new Set(f.results.map((r) => r.booking.id)).size).toBe(f.results.length);
    }
  },
  calls: { loading: { fetchBookings: (c: { request: unknown }) => c.request } },
  // Spec sections 4 and 8: a pending flag per filter; fetch-if-required loads a filter only if it
  // has no results and is not pending; an error stores 'Unable to fetch bookings'.
  states: {
    idle: ({ snapshot, context, event }) => {
      expect(context.request).toBeNull();
      for (const f of Object.values(context.byFilter)) expect(f.pending).toBe(false);
      if (event.type === 'xstate.init') expect([context.counts, context.hasGuestBookings]).toEqual([null, false]);
      // "Load more" asks for the next page while the filter has fewer results than its total; a
      // retry asks again after an error (spec section 4); otherwise both do nothing.
      const f = context.byFilter[context.filter];
      const more = stepFrom({ snapshot }, { type: 'bookings.loadMore' }).snapshot;
      const hasMore = f.error === null && f.total !== null && f.results.length < f.total;
      expect(more.value).toBe(hasMore ? 'loading' : 'idle');
      if (hasMore) expect(more.context.request).toEqual({ filter: context.filter, page: f.nextPage });
      const retried = stepFrom({ snapshot }, { type: 'bookings.retry' }).snapshot;
      expect(retried.value).toBe(f.error === null ? 'idle' : 'loading');
      if (f.error !== null) {
        expect(retried.context.request).toEqual({ filter: context.filter, page: f.nextPage });
        expect(retried.context.byFilter[context.filter]).toMatchObject({ pending: true, error: null });
      }
      if (event.type === 'bookings.show') {
        expect(context.filter).toBe(event.filter);
        expect(context.byFilter[event.filter].results.length, 'a filter with results is not fetched again').toBeGreaterThan(0);
      }
      if (event.type === 'xstate.done.actor.fetchBookings') {
        const page = outputOf(event) as BookingsPage;
        const requested = page.results[0]!.booking.id.split('-')[0] as keyof typeof context.byFilter;
        const f = context.byFilter[requested];
        const requestedPage = Number(page.results[0]!.booking.id.split('-')[1]);
        expect(f).toMatchObject({ total: page.total, nextPage: (page.page ?? requestedPage) + 1, error: null });
        expect(context.counts?.guest).toBe(page.guestBookings ?? null);
        expect(f.results.slice(-page.results.length)).toEqual(page.results);
        expect(context.counts).not.toBeNull();
        expect(context.hasGuestBookings).toBe(true);
      }
      if (event.type === 'xstate.error.actor.fetchBookings') {
        expect(Object.values(context.byFilter).filter((f) => f.error === 'Unable to fetch bookings')).not.toHaveLength(0);
        expect(bookingsListErrorMessage).toBe('Unable to fetch bookings');
      }
    },
    loading: ({ snapshot, context, event }) => {
      const request = context.request!;
      const f = context.byFilter[request.filter];
      // The spec's answer has no page (section 7): the page asked for is the page answered.
      const { page: _page, ...minimal } = pageFor(request);
      const answered = stepFrom({ snapshot }, { type: 'xstate.done.actor.fetchBookings', output: minimal } as never).snapshot;
      expect(answered.context.byFilter[request.filter].nextPage).toBe(request.page + 1);
      // Showing another filter that has no results cancels this page and loads that filter's first.
      for (const other of ['upcoming', 'past', 'season', 'guest'] as const) {
        if (other === request.filter) continue;
        const shown = stepFrom({ snapshot }, { type: 'bookings.show', filter: other }).snapshot;
        expect(shown.context.filter).toBe(other);
        const required = context.byFilter[other].results.length === 0;
        expect(shown.context.request).toEqual(required ? { filter: other, page: 0 } : request);
        if (required) expect(shown.context.byFilter[request.filter].pending).toBe(false);
      }
      expect(request.page).toBe(f.nextPage);
      expect(f.pending).toBe(true);
      expect(f.error).toBeNull();
      for (const [name, other] of Object.entries(context.byFilter)) if (name !== request.filter) expect(other.pending).toBe(false);
      if (event.type === 'bookings.show') expect(context.filter).toBe(event.filter);
      // Fetch-if-required: the first page only for a filter with no results; later pages append.
      if (request.page === 0) expect(f.results).toEqual([]);
      else expect(f.results.length).toBeGreaterThan(0);
      if (event.type === 'bookings.loadMore') expect(f.results.length).toBeLessThan(f.total ?? 0);
    },
  },
});
