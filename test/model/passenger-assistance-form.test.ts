import { expect } from 'vitest';
import { passengerAssistanceFormMachine } from '#machines/passenger-assistance-form';
import { assistanceFormErrors, assistanceFormMessages } from '#src/schemas/passenger-assistance';
import {
  jamieWheelchair,
  overview,
  returnBooking,
  schemaError,
  seasonBooking,
  serverError,
  singleBooking,
  tooLate,
  notFound,
} from './fixtures/passenger-assistance';
import { errorOf, outputOf, describeMachineModel } from './harness';

describeMachineModel(passengerAssistanceFormMachine, {
  name: 'passengerAssistanceFormMachine',
  input: { bookingId: 'b-york' },
  events: {
    'xstate.done.actor.fetchBooking': [
      { type: 'xstate.done.actor.fetchBooking', output: overview(returnBooking, [jamieWheelchair]) },
      { type: 'xstate.done.actor.fetchBooking', output: overview(singleBooking) },
      { type: 'xstate.done.actor.fetchBooking', output: overview(seasonBooking) },
      { type: 'xstate.done.actor.fetchBooking', output: overview({ ...singleBooking, legs: [] }) },
    ],
    'xstate.error.actor.fetchBooking': [
      { type: 'xstate.error.actor.fetchBooking', error: notFound },
      { type: 'xstate.error.actor.fetchBooking', error: serverError },
      { type: 'xstate.error.actor.fetchBooking', error: schemaError },
    ],
    // Fill the first empty choice: passenger, then the leg; then write details.
    'form.change': (snap) => {
      const { values, booking } = snap.context;
      if (!booking) return [];
      if (values.passengerId === '') return [{ type: 'form.change', field: 'passengerId', value: 'p-jamie' } as const];
      if (values.direction === '') return [{ type: 'form.change', field: 'direction', value: 'inward' } as const];
      if (values.details === '') return [{ type: 'form.change', field: 'details', value: 'Meet at the ticket gates' } as const];
      return [];
    },
    'form.toggleKind': (snap) => [
      { type: 'form.toggleKind', kind: 'ramp', checked: !snap.context.values.kinds.includes('ramp') } as const,
    ],
    'form.blur': [{ type: 'form.blur', field: 'kinds' }],
    'xstate.done.actor.createAssistance': [{ type: 'xstate.done.actor.createAssistance', output: jamieWheelchair }],
    'xstate.error.actor.createAssistance': [
      { type: 'xstate.error.actor.createAssistance', error: tooLate },
      { type: 'xstate.error.actor.createAssistance', error: serverError },
    ],
  },
  serializeContext: (c) => ({
    bookingId: c.booking?.bookingId ?? null,
    legs: c.booking?.legs.length ?? null,
    values: c.values,
    touched: c.touched,
    submitAttempted: c.submitAttempted,
    schemaError: c.schemaError,
    submitError: c.submitError,
  }),
  maxPaths: 400,
  assert: (snapshot) => {
    const { context } = snapshot;
    if (snapshot.matches('loading')) expect(context.booking).toBeNull();
    // The booking's existing assistance comes along, so the form can point out what is booked already.
    if (context.booking?.bookingId === 'b-york') expect(context.assistances).toEqual([jamieWheelchair]);
    if (context.booking?.bookingId === 'b-man') expect(context.assistances).toEqual([]);
    if (snapshot.matches('editing') || snapshot.matches('submitting')) {
      expect(context.booking?.bookable).toBe(true);
      expect(context.booking?.legs.length).toBeGreaterThan(0);
    }
    // The only passenger and the only leg are chosen for the customer; otherwise nothing is.
    if (snapshot.matches('editing') && !context.dirty) {
      expect(context.values.passengerId).toBe(context.booking?.passengers.length === 1 ? 'p-alex' : '');
      expect(context.values.direction).toBe(context.booking?.legs.length === 1 ? 'outward' : '');
      expect(context.values.kinds).toEqual([]);
    }
    // Submit only happens with a complete, valid form.
    if (snapshot.matches('submitting')) {
      expect(context.booking && assistanceFormErrors(context.values, context.booking)).toEqual({});
      expect(context.submitError).toBeNull();
    }
    if (snapshot.matches('editing') && context.submitAttempted && context.booking) {
      const errors = assistanceFormErrors(context.values, context.booking);
      if (context.values.kinds.length === 0) expect(errors.kinds).toBe(assistanceFormMessages.kindsRequired);
    }
    // A refusal shows the server's sentence and keeps every choice; a 5xx shows ours.
    if (context.submitError) {
      expect(snapshot.matches('editing')).toBe(true);
      expect(context.dirty).toBe(true);
      expect(context.values.kinds.length + context.values.passengerId.length).toBeGreaterThan(0);
      expect([tooLate.problem.detail, null]).toContain(context.submitError.detail);
      expect(context.submitError.code === 'TOO_LATE').toBe(context.submitError.detail !== null);
    }
    if (snapshot.matches('loadFailed')) expect(typeof context.schemaError).toBe('boolean');
    if (snapshot.matches('notBookable')) expect(context.booking === null || !context.booking.bookable || context.booking.legs.length === 0).toBe(true);
    if (snapshot.matches('booked')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ assistance: jamieWheelchair });
    }
  },
  calls: {
    loading: { fetchBooking: { bookingId: 'b-york' } },
    submitting: { createAssistance: (c: { booking: unknown; values: unknown }) => ({ booking: c.booking, values: c.values }) },
  },
  // Spec section 2 (/bookings/{bookingId}/passenger-assistance/create): load, form, submit.
  states: {
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      expect(context.booking).toBeNull();
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchBooking');
      expect([403, 404]).not.toContain(errorOf(event)?.status);
      expect(context.booking).toBeNull();
      expect(context.schemaError).toBe(errorOf(event)?.problem?.kind === 'schema');
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(true);
    },
    notFound: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchBooking');
      expect([403, 404]).toContain(errorOf(event)?.status);
      expect(context.booking).toBeNull();
      expect(snapshot.can({ type: 'assistance.retry' })).toBe(false);
    },
    notBookable: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchBooking');
      const { booking } = outputOf(event) as { booking: { bookable: boolean; legs: unknown[] } };
      expect(booking.bookable && booking.legs.length > 0).toBe(false);
      expect(context.booking).toEqual(booking);
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    editing: ({ context, event, entered }) => {
      if (entered) expect(['xstate.done.actor.fetchBooking', 'xstate.error.actor.createAssistance']).toContain(event.type);
      if (event.type === 'xstate.done.actor.fetchBooking') {
        expect(context.booking).toEqual((outputOf(event) as { booking: unknown }).booking);
        expect(context.dirty).toBe(false);
        expect(context.submitError).toBeNull();
      }
      if (event.type === 'xstate.error.actor.createAssistance') expect(context.submitError?.code).toBe(errorOf(event)?.code);
      // Submitting an invalid form stays here and shows the errors.
      if (event.type === 'form.submit') {
        expect(context.submitAttempted).toBe(true);
        expect(context.dirty && context.booking && Object.keys(assistanceFormErrors(context.values, context.booking)).length === 0).toBe(false);
      }
    },
    submitting: ({ snapshot, event }) => {
      expect(event.type).toBe('form.submit');
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    booked: ({ context, event }) => {
      expect(event.type).toBe('xstate.done.actor.createAssistance');
      expect(context.booked).toEqual(outputOf(event));
    },
  },
});
