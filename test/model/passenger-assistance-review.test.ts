import { expect } from 'vitest';
import { passengerAssistanceReviewMachine } from '#machines/passenger-assistance-review';
import {
  alexLuggageCancelled,
  jamieWheelchair,
  notFound,
  returnBooking,
  schemaError,
  serverError,
} from './fixtures/passenger-assistance';
import { describeMachineModel, errorReached, outputReached, reachedBy, stepFrom } from './harness';

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
  events: {
    'xstate.done.actor.fetchAssistance': [
      { type: 'xstate.done.actor.fetchAssistance', output: { booking: returnBooking, assistance: jamieWheelchair } },
      {
        type: 'xstate.done.actor.fetchAssistance',
        output: { booking: returnBooking, assistance: alexLuggageCancelled },
      },
      // A host without the call that reads one assistance (not in docs/product/api.md).
      { type: 'xstate.done.actor.fetchAssistance', output: null },
    ],
    'xstate.error.actor.fetchAssistance': [
      { type: 'xstate.error.actor.fetchAssistance', error: notFound },
      { type: 'xstate.error.actor.fetchAssistance', error: serverError },
      { type: 'xstate.error.actor.fetchAssistance', error: schemaError },
    ],
  },
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
      // Each failure says whether the answer had the wrong shape (whatever the last one said).
      for (const [error, schema] of [
        [schemaError, true],
        [serverError, false],
      ] as const) {
        const failed = stepFrom(check, { type: 'xstate.error.actor.fetchAssistance', error } as never).snapshot;
        expect([failed.value, failed.context.schemaError]).toEqual(['loadFailed', schema]);
      }
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.error.actor.fetchAssistance');
      expect([403, 404]).not.toContain(errorReached({ context, event })?.status);
      expect(context.item).toBeNull();
      expect(context.schemaError).toBe(errorReached({ context, event })?.problem?.kind === 'schema');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    },
    absent: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchAssistance');
      expect(outputReached({ context, event })).toBeNull();
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    notFound: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.error.actor.fetchAssistance');
      expect([403, 404]).toContain(errorReached({ context, event })?.status);
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    ready: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchAssistance');
      expect(context.item).toEqual(outputReached({ context, event }));
      expect(context.item?.booking.bookingId).toBe('b-york');
      expect(context.schemaError).toBe(false);
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
  },
});
