import { expect } from 'vitest';
import { bookingsListErrorMessage, bookingsListMachine } from '../../machines/bookings-list';
import type { BookingListEntry, BookingsPage } from '../../src/schemas/bookings-list';
import { describeMachineModel } from './harness';

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
    const { byFilter, request } = snapshot.context;
    // Pending exactly for the filter being requested, and only while loading.
    for (const [filter, f] of Object.entries(byFilter)) expect(f.pending).toBe(snapshot.matches('loading') && request?.filter === filter);
    for (const f of Object.values(byFilter)) {
      if (f.error) expect(f.error).toBe(bookingsListErrorMessage);
      if (f.total !== null) expect(f.results.length).toBeLessThanOrEqual(f.total);
      expect(new Set(f.results.map((r) => r.booking.id)).size).toBe(f.results.length);
    }
    if (snapshot.matches('idle')) expect(request).toBeNull();
  },
});
