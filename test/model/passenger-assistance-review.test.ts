import { expect } from 'vitest';
import { passengerAssistanceReviewMachine } from '#machines/passenger-assistance-review';
import {
  fetchAssistanceEvents,
  jamieWheelchair,
  notFound,
  returnBooking,
  schemaError,
} from './fixtures/passenger-assistance';
import { describeMachineModel, outputReached, reachedBy } from './harness';
import { expectEachLoadFailure, expectLoadFailed, expectNotFound } from './page-load-checks';

describeMachineModel(passengerAssistanceReviewMachine, {
  name: 'passengerAssistanceReviewMachine',
  inputs: [
    { bookingId: 'b-york', assistanceId: 'a-1' },
    // The route's load (docs/decisions/730): the assistance, a host without the call, not found, an error.
    {
      bookingId: 'b-york',
      assistanceId: 'a-1',
      first: { data: { booking: returnBooking, assistance: jamieWheelchair } },
    },
    { bookingId: 'b-york', assistanceId: 'a-1', first: { data: null } },
    { bookingId: 'b-york', assistanceId: 'a-1', first: { error: notFound } },
    { bookingId: 'b-york', assistanceId: 'a-1', first: { error: schemaError } },
  ],
  events: fetchAssistanceEvents,
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    id: c.item?.assistance.id ?? null,
    schemaError: c.schemaError,
  }),
  assert: ({ context }) => expect([context.bookingId, context.assistanceId]).toEqual(['b-york', 'a-1']),
  calls: { loading: { fetchAssistance: { bookingId: 'b-york', assistanceId: 'a-1' } } },
  // docs/product/screens.md (/bookings/{bookingId}/passenger-assistance/{id}): loading, error with retry, not found, review.
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.item).toBeNull();
      if (event.type === 'xstate.init') expect(context.schemaError).toBe(false);
      expectEachLoadFailure(check, 'fetchAssistance');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    loadFailed: (check) => expectLoadFailed(check, 'fetchAssistance', 'item'),
    absent: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchAssistance');
      expect(outputReached({ context, event })).toBeNull();
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    notFound: (check) => expectNotFound(check, 'fetchAssistance', 'item'),
    ready: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchAssistance');
      expect(context.item).toEqual(outputReached({ context, event }));
      expect(context.item?.booking.bookingId).toBe('b-york');
      expect(context.schemaError).toBe(false);
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
  },
});
