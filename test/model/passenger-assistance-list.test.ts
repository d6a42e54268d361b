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
import { describeMachineModel, errorReached, outputReached, reachedBy, stepFrom } from './harness';

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
      // Each failure says whether the answer had the wrong shape (whatever the last one said).
      for (const [error, schema] of [
        [schemaError, true],
        [serverError, false],
      ] as const) {
        const failed = stepFrom(check, { type: 'xstate.error.actor.fetchOverview', error } as never).snapshot;
        expect([failed.value, failed.context.schemaError]).toEqual(['loadFailed', schema]);
      }
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.error.actor.fetchOverview');
      expect([403, 404]).not.toContain(errorReached({ context, event })?.status);
      expect(context.overview).toBeNull();
      expect(context.schemaError).toBe(errorReached({ context, event })?.problem?.kind === 'schema');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    },
    // Not found is not retried: the booking is not the customer's.
    notFound: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.error.actor.fetchOverview');
      expect([403, 404]).toContain(errorReached({ context, event })?.status);
      expect(context.overview).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    ready: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchOverview');
      expect(context.overview).toEqual(outputReached({ context, event }));
      expect(context.overview?.booking.bookingId).toBe('b-york');
      expect(context.schemaError).toBe(false);
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
  },
});
