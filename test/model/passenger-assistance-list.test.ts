import { expect } from 'vitest';
import { passengerAssistanceListMachine } from '#machines/passenger-assistance-list';
import {
  alexLuggageCancelled,
  forbidden,
  jamieWheelchair,
  notFound,
  overview,
  returnBooking,
  schemaError,
  serverError,
} from './fixtures/passenger-assistance';
import { describeMachineModel, outputReached, reachedBy } from './harness';
import { expectEachLoadFailure, expectLoadFailed, expectNotFound } from './page-load-checks';

const seeded = overview(returnBooking, [jamieWheelchair, alexLuggageCancelled]);

describeMachineModel(passengerAssistanceListMachine, {
  name: 'passengerAssistanceListMachine',
  inputs: [
    { bookingId: 'b-york' },
    // The route's load (docs/decisions/730): the assistance, not the customer's, a server or schema error.
    { bookingId: 'b-york', first: { data: seeded } },
    { bookingId: 'b-york', first: { error: forbidden } },
    { bookingId: 'b-york', first: { error: serverError } },
    { bookingId: 'b-york', first: { error: schemaError } },
  ],
  events: {
    'xstate.done.actor.fetchOverview': [
      { type: 'xstate.done.actor.fetchOverview', output: seeded },
      { type: 'xstate.done.actor.fetchOverview', output: overview(returnBooking) },
    ],
    'xstate.error.actor.fetchOverview': [
      { type: 'xstate.error.actor.fetchOverview', error: notFound },
      { type: 'xstate.error.actor.fetchOverview', error: forbidden },
      { type: 'xstate.error.actor.fetchOverview', error: serverError },
      { type: 'xstate.error.actor.fetchOverview', error: schemaError },
    ],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    count: c.overview?.assistances.length ?? null,
    schemaError: c.schemaError,
  }),
  assert: (snapshot) => expect(snapshot.context.bookingId).toBe('b-york'),
  calls: { loading: { fetchOverview: { bookingId: 'b-york' } } },
  // docs/product/screens.md (/bookings/{bookingId}/passenger-assistance): loading, error with retry, not found, list.
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.overview).toBeNull();
      if (event.type === 'xstate.init') expect(context.schemaError).toBe(false);
      expectEachLoadFailure(check, 'fetchOverview');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    loadFailed: (check) => expectLoadFailed(check, 'fetchOverview', 'overview'),
    // Not found is not retried: the booking is not the customer's.
    notFound: (check) => expectNotFound(check, 'fetchOverview', 'overview'),
    ready: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchOverview');
      expect(context.overview).toEqual(outputReached({ context, event }));
      expect(context.overview?.booking.bookingId).toBe('b-york');
      expect(context.schemaError).toBe(false);
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
  },
});
