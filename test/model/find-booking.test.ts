import { expect } from 'vitest';
import { findBookingMachine } from '#machines/find-booking';
import { findBookingStatusMessages } from '#src/copy/find-booking';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import type { FindBookingField } from '#src/schemas/find-booking';
import { describeMachineModel, errorOf, inputOf, nextFrom, outputOf, stepFrom, type StateCheck } from './harness';
import { findBookingVertex } from './fixtures/vertices';

const filled: Record<FindBookingField, string> = {
  bookingReference: 'TL-7Q4K2M',
  departureDate: '2026-05-01',
  passengerSurname: 'Morgan',
  emailAddress: 'demo@example.com',
};
const order: FindBookingField[] = ['bookingReference', 'departureDate', 'passengerSurname', 'emailAddress'];

describeMachineModel(findBookingMachine, {
  name: 'findBookingMachine',
  events: {
    // Fill the fields in order; once all are filled, one correction of the surname keeps the model finite.
    'form.change': (snap) => {
      const next = order.find((f) => snap.context.values[f] === '');
      if (next) return [{ type: 'form.change', field: next, value: filled[next] } as const];
      return snap.context.values.passengerSurname === 'Morgan'
        ? [{ type: 'form.change', field: 'passengerSurname', value: 'morgan' } as const]
        : [];
    },
    'form.blur': [{ type: 'form.blur', field: 'emailAddress' }],
    'xstate.done.actor.findBooking': [
      { type: 'xstate.done.actor.findBooking', output: { orderExchangeToken: 'exchange-token-1', bookingId: 'b1' } },
      // The spec's own answer (docs/product/api.md): the token alone.
      { type: 'xstate.done.actor.findBooking', output: { orderExchangeToken: 'exchange-token-2' } },
    ],
    'xstate.error.actor.findBooking': [
      { type: 'xstate.error.actor.findBooking', error: { status: 400 } },
      { type: 'xstate.error.actor.findBooking', error: { status: 422 } },
      { type: 'xstate.error.actor.findBooking', error: { status: 500 } },
      // Too many misses (decision 155): 429 with Retry-After, 14 minutes left.
      {
        type: 'xstate.error.actor.findBooking',
        error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 840 } },
      },
    ],
  },
  serializeContext: findBookingVertex,
  maxPaths: 300,
  calls: { requesting: { findBooking: (c: { values: typeof filled }) => c.values } },
  // docs/product/states.md and docs/product/validation.md: not requested, requesting, success, bad request (400), not found (422),
  // server error; input is kept after a failure and a change starts over.
  states: (() => {
    const failedWith =
      (status: number | 'other') =>
      ({ snapshot, context, event, entered }: StateCheck<typeof findBookingMachine>) => {
        if (entered) {
          const error = errorOf(event);
          const got = error?.status ?? (error?.problem as { status?: unknown } | undefined)?.status;
          if (status === 'other') expect([400, 422, 429]).not.toContain(got);
          else expect(got).toBe(status);
        }
        expect(context.values.bookingReference, 'input is kept after a failure').toBe(filled.bookingReference);
        expect(snapshot.can({ type: 'form.submit' }), 'the same details can be sent again').toBe(true);
        // Typing starts over (the message goes); a blur only marks the field.
        const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'passengerSurname', value: 'Lee' });
        expect([typed.value, typed.context.values.passengerSurname]).toEqual(['notRequested', 'Lee']);
        const blurred = nextFrom({ snapshot }, { type: 'form.blur', field: 'departureDate' });
        expect([blurred.value, blurred.context.touched.departureDate]).toEqual([snapshot.value, true]);
      };
    return {
      notRequested: ({ snapshot, context, event }) => {
        if (event.type === 'xstate.init')
          expect(context).toMatchObject({ touched: {}, dirty: false, submitAttempted: false });
        if (Object.values(context.values).every((v) => v !== '')) {
          // Each detail is sent without the spaces typed around it (docs/product/api.md's body).
          const spaced = order.reduce(
            (snap, field) => nextFrom({ snapshot: snap }, { type: 'form.change', field, value: ` ${filled[field]}  ` }),
            snapshot,
          );
          const sent = stepFrom({ snapshot: spaced }, { type: 'form.submit' }).snapshot;
          expect(sent.value).toBe('requesting');
          expect(inputOf(sent, 'findBooking')).toEqual(filled);
        }
        if (event.type === 'form.change') expect(context.values[event.field]).toBe(event.value);
        if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
        if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
        expect(context.response).toBeNull();
      },
      requesting: ({ context, event }) => {
        expect(event.type).toBe('form.submit');
        expect(Object.values(context.values).every((v) => v !== '')).toBe(true);
      },
      success: ({ snapshot, context, event, actions, performed }) => {
        expect(event.type).toBe('xstate.done.actor.findBooking');
        const answer = outputOf(event);
        expect(answer).toBeDefined();
        expect(
          performed.find((a) => a.type === 'openBooking')?.params,
          'opened with exactly what the server answered',
        ).toEqual(answer);
        expect(actions, 'success opens the order-token page').toContain('openBooking');
        expect(context.response).toEqual(answer);
        expect(snapshot.status).toBe('done');
        expect(snapshot.output, 'the page is told what was found').toEqual({ booking: answer });
      },
      badRequest: failedWith(400),
      notFound: failedWith(422),
      serverError: (check) => {
        failedWith('other')(check);
        expect(check.context.retryAfterSeconds).toBeNull();
      },
      throttled: (check) => {
        failedWith(429)(check);
        expect(check.context.retryAfterSeconds, 'Retry-After kept for the message').toBe(840);
        expect(tooManyAttemptsMessage(check.context.retryAfterSeconds)).toBe(
          'Too many attempts. For your security, please try again in 14 minutes.',
        );
      },
    };
  })(),
});

// Each failure state has its own message (docs/decisions/012).
expect(new Set(Object.values(findBookingStatusMessages)).size).toBe(4);
