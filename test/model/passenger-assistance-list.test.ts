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
import { describeMachineModel } from './harness';

const seeded = overview(returnBooking, [jamieWheelchair, alexLuggageCancelled]);

describeMachineModel(passengerAssistanceListMachine, {
  name: 'passengerAssistanceListMachine',
  input: { bookingId: 'b-york' },
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
  serializeContext: (c) => ({ count: c.overview?.assistances.length ?? null, schemaError: c.schemaError }),
  assert: (snapshot) => {
    const { context } = snapshot;
    expect(context.bookingId).toBe('b-york');
    if (snapshot.matches('loading') || snapshot.matches('loadFailed') || snapshot.matches('notFound')) expect(context.overview).toBeNull();
    if (snapshot.matches('ready')) {
      expect(context.overview?.booking.bookingId).toBe('b-york');
      expect(context.schemaError).toBe(false);
    }
    if (snapshot.matches('loadFailed')) expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    // Not found is not retried: the booking is not the customer's.
    if (snapshot.matches('notFound')) expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
  },
});
