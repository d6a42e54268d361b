import { expect } from 'vitest';
import { passengerAssistanceReviewMachine } from '#machines/passenger-assistance-review';
import { alexLuggageCancelled, jamieWheelchair, notFound, returnBooking, schemaError, serverError } from './fixtures/passenger-assistance';
import { describeMachineModel } from './harness';

describeMachineModel(passengerAssistanceReviewMachine, {
  name: 'passengerAssistanceReviewMachine',
  input: { bookingId: 'b-york', assistanceId: 'a-1' },
  events: {
    'xstate.done.actor.fetchAssistance': [
      { type: 'xstate.done.actor.fetchAssistance', output: { booking: returnBooking, assistance: jamieWheelchair } },
      { type: 'xstate.done.actor.fetchAssistance', output: { booking: returnBooking, assistance: alexLuggageCancelled } },
    ],
    'xstate.error.actor.fetchAssistance': [
      { type: 'xstate.error.actor.fetchAssistance', error: notFound },
      { type: 'xstate.error.actor.fetchAssistance', error: serverError },
      { type: 'xstate.error.actor.fetchAssistance', error: schemaError },
    ],
  },
  serializeContext: (c) => ({ id: c.item?.assistance.id ?? null, schemaError: c.schemaError }),
  assert: (snapshot) => {
    const { context } = snapshot;
    expect([context.bookingId, context.assistanceId]).toEqual(['b-york', 'a-1']);
    if (snapshot.matches('ready')) {
      expect(context.item?.booking.bookingId).toBe('b-york');
      expect(context.schemaError).toBe(false);
    }
    if (snapshot.matches('loadFailed')) expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    if (snapshot.matches('notFound')) {
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    }
  },
});
