import { expect } from 'vitest';
import { accountPassengerAssistanceMachine } from '#machines/account-passenger-assistance';
import type { UpcomingAssistance } from '#src/schemas/passenger-assistance';
import { jamieWheelchair, notFound, schemaError, serverError } from './fixtures/passenger-assistance';
import { describeMachineModel, errorOf, errorReached, outputOf, reachedBy, stepFrom } from './harness';
import { expectEachLoadFailure } from './page-load-checks';

const leg = (origin: string, destination: string, departureTime: string) => ({
  origin: { code: origin.slice(0, 3).toUpperCase(), name: origin },
  destination: { code: destination.slice(0, 3).toUpperCase(), name: destination },
  departureTime,
});
const upcoming: UpcomingAssistance = [
  {
    bookingId: 'b-york',
    orderId: 'o-york',
    friendlyOrderId: 'TL-ABC123',
    outward: leg("London King's Cross", 'York', '2026-12-02T09:00:00.000Z'),
    inward: leg('York', "London King's Cross", '2026-12-04T17:30:00.000Z'),
    passengerAssistances: [jamieWheelchair],
  },
];

describeMachineModel(accountPassengerAssistanceMachine, {
  name: 'accountPassengerAssistanceMachine',
  // The route's load (docs/decisions/730): the journeys, a host without the list, a server or schema error.
  inputs: [
    {},
    { first: { data: upcoming } },
    { first: { error: notFound } },
    { first: { error: serverError } },
    { first: { error: schemaError } },
  ],
  events: {
    'xstate.done.actor.fetchUpcoming': [
      { type: 'xstate.done.actor.fetchUpcoming', output: upcoming },
      { type: 'xstate.done.actor.fetchUpcoming', output: [] },
    ],
    'xstate.error.actor.fetchUpcoming': [
      { type: 'xstate.error.actor.fetchUpcoming', error: serverError },
      { type: 'xstate.error.actor.fetchUpcoming', error: schemaError },
      // A host without the list across bookings (beyond docs/product/api.md) answers 404.
      { type: 'xstate.error.actor.fetchUpcoming', error: notFound },
    ],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    count: c.bookings.length,
    schemaError: c.schemaError,
  }),
  calls: { loading: { fetchUpcoming: undefined } },
  // docs/product/screens.md (passenger assistance base path): loading, error with retry, and the journeys.
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.bookings).toEqual([]);
      if (event.type === 'xstate.init') expect(context.schemaError).toBe(false);
      expectEachLoadFailure(check, 'fetchUpcoming');
      expect(
        stepFrom(check, { type: 'xstate.error.actor.fetchUpcoming', error: notFound } as never).snapshot.value,
      ).toBe('absent');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    absent: ({ snapshot, context, event }) => {
      // From the route's 404, or the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: notFound });
      else {
        expect(event.type).toBe('xstate.error.actor.fetchUpcoming');
        expect(errorOf(event)?.status).toBe(404);
      }
      // Not an error: the page says where assistance is booked, with nothing to retry.
      expect(context.bookings).toEqual([]);
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      // The route's failed load starts here, told apart as the chart's own failure is.
      const error = errorReached({ context, event });
      reachedBy({ context, event }, 'xstate.error.actor.fetchUpcoming');
      expect(error?.status).not.toBe(404);
      expect(context.bookings).toEqual([]);
      expect(context.schemaError, 'a schema mismatch is told apart').toBe(error?.problem?.kind === 'schema');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    },
    ready: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.bookings).toBe(upcoming);
      else {
        expect(event.type).toBe('xstate.done.actor.fetchUpcoming');
        expect(context.bookings).toEqual(outputOf(event));
      }
      expect(context.schemaError).toBe(false);
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
  },
});
