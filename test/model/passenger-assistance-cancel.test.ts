import { expect } from 'vitest';
import { passengerAssistanceCancelMachine } from '#machines/passenger-assistance-cancel';
import type { PassengerAssistance } from '#src/schemas/passenger-assistance';
import {
  alexLuggageCancelled,
  jamieWheelchair,
  notFound,
  returnBooking,
  schemaError,
  serverError,
} from './fixtures/passenger-assistance';
import { errorOf, outputOf, describeMachineModel, nextFrom } from './harness';
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
const keyOf = (c: { attempt: number }) => `${KEY_SEED}.${c.attempt}`;
/**
 * Each confirm is one attempt of the lost-answer chart (its checks are its own model test): it ends
 * with the server's answer or its refusal.
 */
const answered = (answer: unknown) => ({
  type: 'xstate.done.actor.cancelAssistance',
  output: { kind: 'answered', answer },
});
const refused = (error: unknown) => ({
  type: 'xstate.done.actor.cancelAssistance',
  output: { kind: 'refused', error },
});
const refusalOf = (event: { type: string }) =>
  (outputOf(event) as { kind: string; error?: { status?: unknown; code?: unknown } } | undefined)?.error;
const alreadyCancelled = refused(
  new ApiError({
    kind: 'http',
    status: 409,
    codes: ['ALREADY_CANCELLED'],
    detail: 'This assistance has already been cancelled.',
    body: null,
  }),
);

describeMachineModel(passengerAssistanceCancelMachine, {
  name: 'passengerAssistanceCancelMachine',
  input: { bookingId: 'b-york', assistanceId: 'a-1', keySeed: KEY_SEED },
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
  },
  serializeContext: (c) => ({
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
      for (const [error, schema] of [
        [schemaError, true],
        [serverError, false],
      ] as const) {
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
      expect(['xstate.done.actor.fetchAssistance', 'xstate.done.actor.cancelAssistance']).toContain(event.type);
      expect(context.schemaError, 'a load that worked clears an earlier failure').toBe(false);
      if (event.type === 'xstate.done.actor.fetchAssistance') {
        expect(context.item).toEqual(outputOf(event));
        expect(context.item?.assistance.status).toBe('cancelled');
      } else {
        // A 409 ALREADY_CANCELLED to the confirm: an earlier attempt (or another tab) cancelled it.
        expect(refusalOf(event)?.status).toBe(409);
        expect(context.cancelError).toBeNull();
      }
      expect(snapshot.can({ type: 'cancel.confirm' })).toBe(false);
    },
    confirming: ({ snapshot, context, event, entered }) => {
      expect([
        'xstate.done.actor.fetchAssistance',
        'xstate.done.actor.cancelAssistance',
        'xstate.error.actor.cancelAssistance',
      ]).toContain(event.type);
      expect(context.item?.assistance.status).toBe('booked');
      expect(context.cancelled).toBeNull();
      expect(context.schemaError, 'a load that worked clears an earlier failure').toBe(false);
      if (entered && event.type === 'xstate.done.actor.fetchAssistance') expect(context.cancelError).toBeNull();
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
