import { expect } from 'vitest';
import { passengerAssistanceCancelMachine } from '#machines/passenger-assistance-cancel';
import type { PassengerAssistance } from '#src/schemas/passenger-assistance';
import { alexLuggageCancelled, jamieWheelchair, notFound, returnBooking, schemaError, serverError } from './fixtures/passenger-assistance';
import { errorOf, outputOf, describeMachineModel, nextFrom } from './harness';
import { ApiError } from '#src/api/errors';

const departed = {
  status: 422,
  code: 'JOURNEY_DEPARTED',
  problem: { kind: 'http', detail: 'This train has already left, so its assistance can no longer be changed or cancelled.' },
};
const cancelledJamie: PassengerAssistance = { ...jamieWheelchair, status: 'cancelled' };
const KEY_SEED = 'seed-cancel';
const keyOf = (c: { attempt: number }) => `${KEY_SEED}.${c.attempt}`;
/** The answer was lost: the connection was reset after the server got the request. */
const lost = { type: 'xstate.error.actor.cancelAssistance', error: { problem: { kind: 'network', message: 'Failed to fetch' } } };
const alreadyCancelled = {
  type: 'xstate.error.actor.cancelAssistance',
  error: new ApiError({ kind: 'http', status: 409, codes: ['ALREADY_CANCELLED'], detail: 'This assistance has already been cancelled.', body: null }),
};

describeMachineModel(passengerAssistanceCancelMachine, {
  name: 'passengerAssistanceCancelMachine',
  input: { bookingId: 'b-york', assistanceId: 'a-1', keySeed: KEY_SEED },
  events: {
    'xstate.done.actor.fetchAssistance': [
      { type: 'xstate.done.actor.fetchAssistance', output: { booking: returnBooking, assistance: jamieWheelchair } },
      { type: 'xstate.done.actor.fetchAssistance', output: { booking: returnBooking, assistance: alexLuggageCancelled } },
      // A host without the call that reads one assistance (not in SPEC section 7).
      { type: 'xstate.done.actor.fetchAssistance', output: null },
    ],
    'xstate.error.actor.fetchAssistance': [
      { type: 'xstate.error.actor.fetchAssistance', error: notFound },
      { type: 'xstate.error.actor.fetchAssistance', error: serverError },
      { type: 'xstate.error.actor.fetchAssistance', error: schemaError },
    ],
    'xstate.done.actor.cancelAssistance': [{ type: 'xstate.done.actor.cancelAssistance', output: cancelledJamie }],
    'xstate.error.actor.cancelAssistance': [
      lost,
      alreadyCancelled,
      { type: 'xstate.error.actor.cancelAssistance', error: departed },
      { type: 'xstate.error.actor.cancelAssistance', error: serverError },
    ],
  },
  serializeContext: (c) => ({ id: c.item?.assistance.id ?? null, schemaError: c.schemaError, cancelError: c.cancelError }),
  assert: (snapshot) => {
    const { context } = snapshot;
    expect([context.bookingId, context.assistanceId]).toEqual(['b-york', 'a-1']);
    // A refusal keeps the page, with the server's sentence; a 5xx with ours (detail null).
    if (context.cancelError) {
      expect(snapshot.matches('confirming')).toBe(true);
      expect(context.cancelError).toEqual(
        context.cancelError.code === 'JOURNEY_DEPARTED'
          ? { code: 'JOURNEY_DEPARTED', detail: departed.problem.detail }
          : { code: 'INTERNAL_ERROR', detail: null },
      );
    }
  },
  calls: {
    loading: { fetchAssistance: { bookingId: 'b-york', assistanceId: 'a-1' } },
    // Each confirm with its own Idempotency-Key; the check repeats the confirm with the same one.
    cancelling: { cancelAssistance: (c: { attempt: number }) => ({ orderId: 'o-york', bookingId: 'b-york', assistanceId: 'a-1', idempotencyKey: keyOf(c) }) },
    checking: { cancelAssistance: (c: { attempt: number }) => ({ orderId: 'o-york', bookingId: 'b-york', assistanceId: 'a-1', idempotencyKey: keyOf(c) }) },
  },
  // Spec section 2 (/bookings/{bookingId}/passenger-assistance/{id}/cancel): load, confirm, cancel.
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      expect(context.item).toBeNull();
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          bookingId: 'b-york',
          assistanceId: 'a-1',
          item: null,
          schemaError: false,
          cancelError: null,
          cancelled: null,
          keySeed: KEY_SEED,
          attempt: 0,
        });
      }
      // Each failure says whether the answer had the wrong shape (whatever the last one said).
      for (const [error, schema] of [[schemaError, true], [serverError, false]] as const) {
        const failed = nextFrom(check, { type: 'xstate.error.actor.fetchAssistance', error } as never);
        expect([failed.value, failed.context.schemaError]).toEqual(['loadFailed', schema]);
      }
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchAssistance');
      expect([403, 404]).not.toContain(errorOf(event)?.status);
      expect(context.item).toBeNull();
      expect(context.schemaError).toBe(errorOf(event)?.problem?.kind === 'schema');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    absent: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchAssistance');
      expect(outputOf(event)).toBeNull();
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    notFound: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchAssistance');
      expect([403, 404]).toContain(errorOf(event)?.status);
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    alreadyCancelled: ({ snapshot, context, event }) => {
      expect(['xstate.done.actor.fetchAssistance', 'xstate.error.actor.cancelAssistance']).toContain(event.type);
      expect(context.schemaError, 'a load that worked clears an earlier failure').toBe(false);
      if (event.type === 'xstate.done.actor.fetchAssistance') {
        expect(context.item).toEqual(outputOf(event));
        expect(context.item?.assistance.status).toBe('cancelled');
      } else {
        // A 409 ALREADY_CANCELLED to the confirm: an earlier attempt (or another tab) cancelled it.
        expect(errorOf(event)?.status).toBe(409);
        expect(context.cancelError).toBeNull();
      }
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    confirming: ({ snapshot, context, event, entered }) => {
      expect(['xstate.done.actor.fetchAssistance', 'xstate.error.actor.cancelAssistance']).toContain(event.type);
      expect(context.item?.assistance.status).toBe('booked');
      expect(context.cancelled).toBeNull();
      expect(context.schemaError, 'a load that worked clears an earlier failure').toBe(false);
      if (entered && event.type === 'xstate.done.actor.fetchAssistance') expect(context.cancelError).toBeNull();
      if (event.type === 'xstate.error.actor.cancelAssistance') expect(context.cancelError?.code).toBe(errorOf(event)?.code);
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(true);
    },
    cancelling: (check) => {
      const { snapshot, context, event } = check;
      expect(event.type).toBe('cancel.confirm');
      // The server's sentence is shown for a refusal (4xx) only: never a 5xx's or a 429's.
      const refusal = (error: ApiError) => nextFrom(check, { type: 'xstate.error.actor.cancelAssistance', error } as never).context.cancelError;
      expect(refusal(new ApiError({ kind: 'http', status: 500, codes: ['INTERNAL_ERROR'], detail: 'NullPointerException at …', body: null }))).toEqual({
        code: 'INTERNAL_ERROR',
        detail: null,
      });
      expect(refusal(new ApiError({ kind: 'http', status: 409, codes: ['ALREADY_BOOKED'], detail: 'Already booked.', body: null }))).toEqual({
        code: 'ALREADY_BOOKED',
        detail: 'Already booked.',
      });
      // "Already cancelled" is shown as done, not as a failure.
      expect(nextFrom(check, alreadyCancelled as never).value).toBe('alreadyCancelled');
      // A lost answer is checked with the same key; never "we couldn't cancel".
      const checking = nextFrom(check, lost as never);
      expect([checking.value, checking.context.attempt, checking.context.cancelError]).toEqual(['checking', context.attempt, null]);
      expect(context.attempt).toBeGreaterThan(0);
      expect(refusal(new ApiError({ kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 60, message: 'Too many' }))).toEqual({
        code: 'TOO_MANY_ATTEMPTS',
        detail: null,
      });
      expect(context.item?.assistance.status).toBe('booked');
      expect(context.cancelError).toBeNull();
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    checking: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.error.actor.cancelAssistance', 'cancel.check']).toContain(event.type);
      if (event.type === 'xstate.error.actor.cancelAssistance') expect(errorOf(event)?.problem?.kind).toBe('network');
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
      expect(nextFrom(check, { type: 'xstate.done.actor.cancelAssistance', output: cancelledJamie } as never).value).toBe('cancelled');
      expect(nextFrom(check, alreadyCancelled as never).value).toBe('alreadyCancelled');
      const again = nextFrom(check, lost as never);
      expect([again.value, again.context.attempt]).toEqual(['unconfirmed', context.attempt]);
    },
    unconfirmed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.cancelAssistance');
      // Unknown is not "we couldn't cancel": no error, and no new confirm until it is known.
      expect(context.cancelError).toBeNull();
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
      expect(snapshot.can({ type: 'cancel.check' })).toBe(true);
    },
    cancelled: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.cancelAssistance');
      expect(context.cancelled).toEqual(outputOf(event));
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ assistance: cancelledJamie });
    },
  },
});
