import { expect } from 'vitest';
import { passengerAssistanceCancelMachine } from '#machines/passenger-assistance-cancel';
import type { PassengerAssistance } from '#src/schemas/passenger-assistance';
import {
  alexLuggageCancelled,
  fetchAssistanceEvents,
  jamieWheelchair,
  notFound,
  returnBooking,
  schemaError,
  serverError,
} from './fixtures/passenger-assistance';
import { attemptEvents, refusalOf } from './attempt-events';
import {
  outputOf,
  describeMachineModel,
  fromOwnLoadOnly,
  nextFrom,
  outputReached,
  reachedBy,
  startedFromRoute,
} from './harness';
import { expectEachLoadFailure, expectLoadFailed, expectNotFound } from './page-load-checks';
import { ApiError } from '#src/api/errors';

const departed = {
  status: 422,
  code: 'JOURNEY_DEPARTED',
  problem: {
    kind: 'http',
    detail: 'This train has already left, so its assistance can no longer be changed or cancelled.',
  },
};
const cancelledJamie: PassengerAssistance = { ...jamieWheelchair, status: 'cancelled' };
const KEY_SEED = 'seed-cancel';
const { keyOf, answered, refused } = attemptEvents('cancelAssistance', KEY_SEED);
const alreadyCancelled = refused(
  new ApiError({
    kind: 'http',
    status: 409,
    codes: ['ALREADY_CANCELLED'],
    detail: 'This assistance has already been cancelled.',
    body: null,
  }),
);
const base = { bookingId: 'b-york', assistanceId: 'a-1', keySeed: KEY_SEED };

describeMachineModel(passengerAssistanceCancelMachine, {
  name: 'passengerAssistanceCancelMachine',
  inputs: [
    base,
    // The route's load (docs/decisions/730): booked, cancelled already, a host without the call, not found, an error.
    { ...base, first: { data: { booking: returnBooking, assistance: jamieWheelchair } } },
    { ...base, first: { data: { booking: returnBooking, assistance: alexLuggageCancelled } } },
    { ...base, first: { data: null } },
    { ...base, first: { error: notFound } },
    { ...base, first: { error: schemaError } },
  ],
  // From a loaded start on, the page is the same as after its own load, which the paths without it walk.
  events: fromOwnLoadOnly({
    ...fetchAssistanceEvents,
    'xstate.done.actor.cancelAssistance': [
      answered(cancelledJamie),
      alreadyCancelled,
      refused(departed),
      refused(serverError),
    ],
    // The attempt itself failing (never expected): the page stays, with our sentence.
    'xstate.error.actor.cancelAssistance': [
      { type: 'xstate.error.actor.cancelAssistance', error: new Error('attempt failed') },
    ],
    'cancel.confirm': [{ type: 'cancel.confirm' }],
    'cancel.check': [{ type: 'cancel.check' }],
    'assistance.retry': [{ type: 'assistance.retry' }],
  }),
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    id: c.item?.assistance.id ?? null,
    schemaError: c.schemaError,
    cancelError: c.cancelError,
  }),
  assert: (snapshot) => {
    const { context } = snapshot;
    expect([context.bookingId, context.assistanceId]).toEqual(['b-york', 'a-1']);
    // A refusal keeps the page, with the server's sentence; a 5xx with ours (detail null).
    if (context.cancelError) {
      expect(snapshot.matches('confirming')).toBe(true);
      expect(context.cancelError).toEqual(
        context.cancelError.code === 'JOURNEY_DEPARTED'
          ? { code: 'JOURNEY_DEPARTED', detail: departed.problem.detail }
          : { code: context.cancelError.code === null ? null : 'INTERNAL_ERROR', detail: null },
      );
    }
  },
  calls: {
    loading: { fetchAssistance: { bookingId: 'b-york', assistanceId: 'a-1' } },
    // Each confirm with its own Idempotency-Key; the check repeats the confirm with the same one.
    cancelling: {
      cancelAssistance: (c: { attempt: number }) => ({
        request: { orderId: 'o-york', bookingId: 'b-york', assistanceId: 'a-1', idempotencyKey: keyOf(c) },
      }),
    },
  },
  // docs/product/screens.md (/bookings/{bookingId}/passenger-assistance/{id}/cancel): load, confirm, cancel.
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      expect(context.item).toBeNull();
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          first: null,
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
      expectEachLoadFailure(check, 'fetchAssistance');
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    loadFailed: (check) => {
      expectLoadFailed(check, 'fetchAssistance', 'item');
      expect(check.snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    absent: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchAssistance');
      expect(outputReached({ context, event })).toBeNull();
      expect(context.item).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    notFound: (check) => {
      expectNotFound(check, 'fetchAssistance', 'item');
      expect(check.snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    alreadyCancelled: ({ snapshot, context, event }) => {
      reachedBy({ context, event }, 'xstate.done.actor.fetchAssistance', 'xstate.done.actor.cancelAssistance');
      expect(context.schemaError, 'a load that worked clears an earlier failure').toBe(false);
      if (event.type !== 'xstate.done.actor.cancelAssistance') {
        expect(context.item).toEqual(outputReached({ context, event }));
        expect(context.item?.assistance.status).toBe('cancelled');
      } else {
        // A 409 ALREADY_CANCELLED to the confirm: an earlier attempt (or another tab) cancelled it.
        expect(refusalOf(event)?.status).toBe(409);
        expect(context.cancelError).toBeNull();
      }
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    confirming: ({ snapshot, context, event, entered }) => {
      reachedBy(
        { context, event },
        'xstate.done.actor.fetchAssistance',
        'xstate.done.actor.cancelAssistance',
        'xstate.error.actor.cancelAssistance',
      );
      expect(context.item?.assistance.status).toBe('booked');
      expect(context.cancelled).toBeNull();
      expect(context.schemaError, 'a load that worked clears an earlier failure').toBe(false);
      if (startedFromRoute({ context, event })) expect(context.item).toEqual(outputReached({ context, event }));
      if (
        entered &&
        event.type !== 'xstate.done.actor.cancelAssistance' &&
        event.type !== 'xstate.error.actor.cancelAssistance'
      )
        expect(context.cancelError).toBeNull();
      if (event.type === 'xstate.done.actor.cancelAssistance')
        expect(context.cancelError?.code).toBe(refusalOf(event)?.code);
      if (event.type === 'xstate.error.actor.cancelAssistance')
        expect(context.cancelError).toEqual({ code: null, detail: null });
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(true);
    },
    cancelling: (check) => {
      const { snapshot, context, event } = check;
      expect(['cancel.confirm', 'cancel.check']).toContain(event.type);
      // The server's sentence is shown for a refusal (4xx) only: never a 5xx's or a 429's.
      const refusal = (error: ApiError) => nextFrom(check, refused(error) as never).context.cancelError;
      expect(
        refusal(
          new ApiError({
            kind: 'http',
            status: 500,
            codes: ['INTERNAL_ERROR'],
            detail: 'NullPointerException at …',
            body: null,
          }),
        ),
      ).toEqual({
        code: 'INTERNAL_ERROR',
        detail: null,
      });
      expect(
        refusal(
          new ApiError({ kind: 'http', status: 409, codes: ['ALREADY_BOOKED'], detail: 'Already booked.', body: null }),
        ),
      ).toEqual({
        code: 'ALREADY_BOOKED',
        detail: 'Already booked.',
      });
      // "Already cancelled" is shown as done, not as a failure.
      expect(nextFrom(check, alreadyCancelled as never).value).toBe('alreadyCancelled');
      // Each confirm is a new attempt with the next key; Check again goes to the attempt, not a new confirm.
      expect(context.attempt).toBeGreaterThan(0);
      expect(snapshot.can({ type: 'cancel.check' }), 'Check again is passed to the attempt').toBe(true);
      expect(nextFrom(check, { type: 'cancel.check' }).value).toBe('cancelling');
      expect(
        refusal(
          new ApiError({
            kind: 'throttled',
            status: 429,
            codes: ['TOO_MANY_ATTEMPTS'],
            retryAfterSeconds: 60,
            message: 'Too many',
          }),
        ),
      ).toEqual({
        code: 'TOO_MANY_ATTEMPTS',
        detail: null,
      });
      expect(context.item?.assistance.status).toBe('booked');
      expect(context.cancelError).toBeNull();
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    cancelled: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.cancelAssistance');
      expect(context.cancelled).toEqual((outputOf(event) as { answer: unknown }).answer);
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ assistance: cancelledJamie });
    },
  },
});
