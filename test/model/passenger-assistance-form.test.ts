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
import { attemptEvents, refusalOf } from './attempt-events';
import { outputOf, describeMachineModel, fromOwnLoadOnly, nextFrom, outputReached, startedFromRoute } from './harness';
import { expectEachLoadFailure, expectLoadFailed, expectNotFound } from './page-load-checks';

/** Nothing touched, tried, refused or booked yet: the form as it opens, loaded or not. */
const untouched = {
  first: null,
  touched: {},
  dirty: false,
  submitAttempted: false,
  schemaError: false,
  submitError: null,
  booked: null,
};

const KEY_SEED = 'seed-assistance';
const { keyOf, answered, refused } = attemptEvents('createAssistance', KEY_SEED);

/** The form's values when it opens: the only passenger and the only leg are chosen already. */
const openingValues = (booking: { passengers: unknown[]; legs: unknown[] }) => ({
  passengerId: booking.passengers.length === 1 ? 'p-alex' : '',
  direction: booking.legs.length === 1 ? 'outward' : '',
  kinds: [],
  details: '',
});
const base = { bookingId: 'b-york', keySeed: KEY_SEED };

describeMachineModel(passengerAssistanceFormMachine, {
  name: 'passengerAssistanceFormMachine',
  inputs: [
    base,
    // The route's load (docs/decisions/730): a bookable booking, one with nothing to book, not found, an error.
    { ...base, first: { data: overview(returnBooking, [jamieWheelchair]) } },
    { ...base, first: { data: overview(seasonBooking) } },
    { ...base, first: { error: notFound } },
    { ...base, first: { error: schemaError } },
  ],
  // From a loaded start on, the form is the same as after its own load, which the paths without it walk.
  events: fromOwnLoadOnly({
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
      if (values.details === '')
        return [{ type: 'form.change', field: 'details', value: 'Meet at the ticket gates' } as const];
      return [];
    },
    'form.toggleKind': (snap) => [
      { type: 'form.toggleKind', kind: 'ramp', checked: !snap.context.values.kinds.includes('ramp') } as const,
    ],
    'form.blur': [{ type: 'form.blur', field: 'kinds' }],
    'xstate.done.actor.createAssistance': [answered(jamieWheelchair), refused(tooLate), refused(serverError)],
    // The attempt itself failing (never expected): the form stays, with our sentence.
    'xstate.error.actor.createAssistance': [
      { type: 'xstate.error.actor.createAssistance', error: new Error('attempt failed') },
    ],
    'form.submit': [{ type: 'form.submit' }],
    'assistance.retry': [{ type: 'assistance.retry' }],
    'assistance.check': [{ type: 'assistance.check' }],
  }),
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
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
    if (snapshot.matches('notBookable'))
      expect(context.booking === null || !context.booking.bookable || context.booking.legs.length === 0).toBe(true);
    if (snapshot.matches('booked')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ assistance: jamieWheelchair });
    }
  },
  calls: {
    loading: { fetchBooking: { bookingId: 'b-york' } },
    // Each submit with its own Idempotency-Key; the check repeats the submit with the same one.
    submitting: {
      createAssistance: (c: { booking: unknown; values: unknown; attempt: number }) => ({
        request: { booking: c.booking, values: c.values, idempotencyKey: keyOf(c) },
      }),
    },
  },
  // docs/product/screens.md (/bookings/{bookingId}/passenger-assistance/create): load, form, submit.
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.init', 'assistance.retry']).toContain(event.type);
      expectEachLoadFailure(check, 'fetchBooking');
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          bookingId: 'b-york',
          booking: null,
          assistances: [],
          values: { passengerId: '', direction: '', kinds: [], details: '' },
          ...untouched,
          keySeed: KEY_SEED,
          attempt: 0,
        });
      }
      expect(context.booking).toBeNull();
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    loadFailed: (check) => expectLoadFailed(check, 'fetchBooking', 'booking'),
    notFound: (check) => expectNotFound(check, 'fetchBooking', 'booking'),
    notBookable: ({ snapshot, context, event }) => {
      if (!startedFromRoute({ context, event })) expect(event.type).toBe('xstate.done.actor.fetchBooking');
      const { booking } = outputReached({ context, event }) as { booking: { bookable: boolean; legs: unknown[] } };
      expect(booking.bookable && booking.legs.length > 0).toBe(false);
      expect(context.booking).toEqual(booking);
      expect(context.values).toEqual(openingValues(booking as never));
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    editing: (check) => {
      const { context, event, entered } = check;
      if (entered && !startedFromRoute(check))
        expect([
          'xstate.done.actor.fetchBooking',
          'xstate.done.actor.createAssistance',
          'xstate.error.actor.createAssistance',
        ]).toContain(event.type);
      if (event.type === 'xstate.done.actor.fetchBooking' || startedFromRoute(check)) {
        // The form opens pristine: nothing touched, tried or refused yet, from its own load or the route's.
        const { booking, assistances } = outputReached(check) as {
          booking: typeof returnBooking;
          assistances: unknown[];
        };
        expect(context).toEqual({
          bookingId: 'b-york',
          booking,
          assistances,
          values: openingValues(booking),
          ...untouched,
          first: context.first,
          keySeed: KEY_SEED,
          attempt: context.attempt,
        });
        expect(context.first === null || 'data' in context.first).toBe(true);
      }
      // A refusal (4xx) shows the server's sentence; a 5xx shows ours, whatever its body says.
      if (event.type === 'xstate.done.actor.createAssistance') {
        const error = refusalOf(event);
        expect(context.submitError).toEqual(
          error?.code === 'TOO_LATE'
            ? { code: 'TOO_LATE', detail: tooLate.problem.detail }
            : { code: error?.code, detail: null },
        );
      }
      if (event.type === 'xstate.error.actor.createAssistance')
        expect(context.submitError).toEqual({ code: null, detail: null });
      // Ticking a kind of help adds it once, at the end; unticking removes that kind only. Either
      // touches the group and makes the form dirty; nothing else changes.
      const { kinds } = context.values;
      const ticked = nextFrom(check, { type: 'form.toggleKind', kind: 'wheelchair', checked: true });
      expect(ticked.value).toBe('editing');
      expect(ticked.context).toEqual({
        ...context,
        values: { ...context.values, kinds: [...kinds.filter((k) => k !== 'wheelchair'), 'wheelchair'] },
        touched: { ...context.touched, kinds: true },
        dirty: true,
      });
      const both = nextFrom({ snapshot: ticked }, { type: 'form.toggleKind', kind: 'luggage', checked: true });
      expect(both.context.values.kinds).toEqual([
        ...kinds.filter((k) => k !== 'wheelchair' && k !== 'luggage'),
        'wheelchair',
        'luggage',
      ]);
      const unticked = nextFrom({ snapshot: both }, { type: 'form.toggleKind', kind: 'wheelchair', checked: false });
      expect(unticked.context.values).toEqual({
        ...context.values,
        kinds: [...kinds.filter((k) => k !== 'wheelchair' && k !== 'luggage'), 'luggage'],
      });
      const again = nextFrom({ snapshot: both }, { type: 'form.toggleKind', kind: 'luggage', checked: true });
      expect(again.context.values.kinds.filter((k: string) => k === 'luggage')).toEqual(['luggage']);
      // Leaving a field touches that field only; choosing one changes that value only.
      const left = nextFrom(check, { type: 'form.blur', field: 'passengerId' });
      expect(left.context).toEqual({ ...context, touched: { ...context.touched, passengerId: true } });
      const chosen = nextFrom(check, { type: 'form.change', field: 'direction', value: 'inward' });
      expect(chosen.context).toEqual({ ...context, values: { ...context.values, direction: 'inward' }, dirty: true });
      // Submitting an invalid form stays here and shows the errors.
      if (event.type === 'form.submit') {
        expect(context.submitAttempted).toBe(true);
        expect(
          context.dirty &&
            context.booking &&
            Object.keys(assistanceFormErrors(context.values, context.booking)).length === 0,
        ).toBe(false);
      }
    },
    submitting: (check) => {
      const { snapshot, context, event } = check;
      expect(['form.submit', 'assistance.check']).toContain(event.type);
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
      // Whatever fails, everything chosen is kept. Only a refusal under 500 carries a sentence
      // for the customer: a 500 or 503 with a detail shows our own copy.
      const failWith = (status: number, detail: string) =>
        nextFrom(check, refused({ status, code: 'X', problem: { kind: 'http', status, detail } }) as never).context;
      for (const status of [500, 503]) {
        const failed = failWith(status, 'Upstream timed out');
        expect(failed.submitError).toEqual({ code: 'X', detail: null });
        expect(failed.values).toEqual(context.values);
      }
      expect(failWith(499, 'Passenger not on booking').submitError).toEqual({
        code: 'X',
        detail: 'Passenger not on booking',
      });
      // Too many requests is under 500 but no refusal: no sentence, our own copy (detail null, not missing).
      const throttled = nextFrom(
        check,
        refused({
          problem: {
            kind: 'throttled',
            status: 429,
            codes: ['TOO_MANY_REQUESTS'],
            retryAfterSeconds: 30,
            message: 'Too many attempts',
          },
        }) as never,
      );
      expect(throttled.context.submitError).toStrictEqual({ code: 'TOO_MANY_REQUESTS', detail: null });
      expect(context.attempt).toBeGreaterThan(0);
      // Check again goes to the attempt (the same request, the same key), never a new submit.
      expect(snapshot.can({ type: 'assistance.check' })).toBe(true);
      expect(nextFrom(check, { type: 'assistance.check' }).context).toEqual(context);
    },
    booked: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.createAssistance');
      expect(context.booked).toEqual((outputOf(event) as { answer: unknown }).answer);
      expect(snapshot.output).toEqual({ assistance: context.booked });
    },
  },
});
