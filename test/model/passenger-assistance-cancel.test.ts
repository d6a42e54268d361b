import { expect } from 'vitest';
import { passengerAssistanceCancelMachine } from '#machines/passenger-assistance-cancel';
import type { PassengerAssistance } from '#src/schemas/passenger-assistance';
import { alexLuggageCancelled, jamieWheelchair, notFound, returnBooking, schemaError, serverError } from './fixtures/passenger-assistance';
import { describeMachineModel } from './harness';

const departed = {
  status: 422,
  code: 'JOURNEY_DEPARTED',
  problem: { kind: 'http', detail: 'This train has already left, so its assistance can no longer be changed or cancelled.' },
};
const cancelledJamie: PassengerAssistance = { ...jamieWheelchair, status: 'cancelled' };

describeMachineModel(passengerAssistanceCancelMachine, {
  name: 'passengerAssistanceCancelMachine',
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
    'xstate.done.actor.cancelAssistance': [{ type: 'xstate.done.actor.cancelAssistance', output: cancelledJamie }],
    'xstate.error.actor.cancelAssistance': [
      { type: 'xstate.error.actor.cancelAssistance', error: departed },
      { type: 'xstate.error.actor.cancelAssistance', error: serverError },
    ],
  },
  serializeContext: (c) => ({ id: c.item?.assistance.id ?? null, schemaError: c.schemaError, cancelError: c.cancelError }),
  assert: (snapshot) => {
    const { context } = snapshot;
    if (snapshot.matches('confirming') || snapshot.matches('cancelling')) {
      expect(context.item?.assistance.status).toBe('booked');
    }
    if (snapshot.matches('cancelling')) expect(context.cancelError).toBeNull();
    if (snapshot.matches('alreadyCancelled')) {
      expect(context.item?.assistance.status).toBe('cancelled');
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    }
    // A refusal keeps the page, with the server's sentence; a 5xx with ours (detail null).
    if (context.cancelError) {
      expect(snapshot.matches('confirming')).toBe(true);
      expect(context.cancelError).toEqual(
        context.cancelError.code === 'JOURNEY_DEPARTED'
          ? { code: 'JOURNEY_DEPARTED', detail: departed.problem.detail }
          : { code: 'INTERNAL_ERROR', detail: null },
      );
    }
    if (snapshot.matches('loadFailed')) expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    if (snapshot.matches('cancelled')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ assistance: cancelledJamie });
    }
  },
});
