import { assign, fromPromise, sendTo, setup } from 'xstate';
import { attemptKey, nextAttempt } from './lib/attempt-key';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstErrorPatch, firstFailedWith, loadErrorPatch } from './lib/page-load';
import { answerOf, failureOf, isAnswered } from './lib/lost-answer';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { codeOf, hasStatus, problemOfEvent } from './lib/problems';
import {
  assistanceFormErrors,
  type AssistanceBooking,
  type AssistanceFailure,
  type AssistanceField,
  type AssistanceFormValues,
  type AssistanceKind,
  type AssistanceOverview,
  type PassengerAssistance,
} from '#src/schemas/passenger-assistance';

/**
 * /bookings/{bookingId}/passenger-assistance/create: request help for one passenger on one leg
 * (docs/product/screens.md). Loads the booking; the form needs a passenger, a leg and at least one kind of
 * help (with optional free text). The server decides the rules (2 hours' notice, past journeys):
 * a refusal shows its sentence and keeps everything typed. Success ends with the booked assistance.
 * Each submit is one attempt with its own Idempotency-Key, invoked as the lost-answer chart
 * (machines/submit-with-lost-answer.ts): when its answer is lost the attempt checks before the
 * screen speaks, and says it could not confirm only when the check fails too (decisions 310, 575).
 * Given what its route loaded (docs/decisions/730), the chart starts from it; without it, it loads
 * the booking itself.
 */
export interface PassengerAssistanceFormInput {
  bookingId: string;
  /** Made once per screen by the route (random): the stem of each submit's Idempotency-Key. */
  keySeed: string;
  /** What the route's loader got (the booking with its assistance, or the load's error); absent, the chart loads it. */
  first?: FirstData<AssistanceOverview> | null | undefined;
}

export interface PassengerAssistanceFormContext {
  bookingId: string;
  first: FirstData<AssistanceOverview> | null;
  booking: AssistanceBooking | null;
  /** Assistance already on the booking (the form points out a passenger and leg that has some). */
  assistances: PassengerAssistance[];
  values: AssistanceFormValues;
  touched: Partial<Record<AssistanceField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  schemaError: boolean;
  /** The last submit failed: the server's code and sentence, if any. */
  submitError: AssistanceFailure | null;
  booked: PassengerAssistance | null;
  keySeed: string;
  /** Submits so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
}

export type PassengerAssistanceFormEvent =
  | { type: 'form.change'; field: 'passengerId' | 'direction' | 'details'; value: string }
  | { type: 'form.toggleKind'; kind: AssistanceKind; checked: boolean }
  | { type: 'form.blur'; field: AssistanceField }
  | { type: 'form.submit' }
  | { type: 'assistance.retry' }
  | { type: 'assistance.check' };

export interface CreateAssistanceInput {
  booking: AssistanceBooking;
  values: AssistanceFormValues;
  idempotencyKey: string;
}

/** The one passenger or leg of a booking is chosen already; otherwise the customer chooses. */
const initialValues = (booking: AssistanceBooking | null): AssistanceFormValues => ({
  passengerId: (booking?.passengers.length === 1 ? booking.passengers[0] : undefined)?.id ?? '',
  direction: (booking?.legs.length === 1 ? booking.legs[0] : undefined)?.direction ?? '',
  kinds: [],
  details: '',
});

/** A booking the form can be filled in for: bookable, with a leg still to travel. */
const bookable = (overview: AssistanceOverview) => overview.booking.bookable && overview.booking.legs.length > 0;

/** The loaded booking in the context: its assistance, and the one passenger or leg chosen already. */
const bookingPatch = (overview: AssistanceOverview) => ({
  booking: overview.booking,
  assistances: overview.assistances,
  values: initialValues(overview.booking),
  schemaError: false,
});

export const passengerAssistanceFormMachine = setup({
  types: {
    context: {} as PassengerAssistanceFormContext,
    events: {} as PassengerAssistanceFormEvent,
    input: {} as PassengerAssistanceFormInput,
    output: {} as { assistance: PassengerAssistance | null },
  },
  actors: {
    fetchBooking: fromPromise<AssistanceOverview, { bookingId: string }>(async () => {
      throw new Error('fetchBooking not provided');
    }),
    /** One submit: the route provides its call (CreateAssistanceInput → PassengerAssistance). */
    createAssistance: submitWithLostAnswerMachine,
  },
  // In the order the chart asks them: on the start, on its own load, then on a submit.
  guards: {
    firstBookable: ({ context }) => firstLoaded(context.first) && bookable(context.first.data),
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstNotFound: ({ context }) => firstFailedWith(context.first, 403, 404),
    firstFailed: ({ context }) => firstFailed(context.first),
    isBookable: ({ event }) => bookable(doneOutput<AssistanceOverview>(event, 'fetchBooking')),
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
    isBooked: ({ event }) => isAnswered(event, 'createAssistance'),
    isValid: ({ context }) =>
      context.dirty &&
      context.booking !== null &&
      Object.keys(assistanceFormErrors(context.values, context.booking)).length === 0,
  },
  actions: {
    storeFirstBooking: assign(({ context }) => (firstLoaded(context.first) ? bookingPatch(context.first.data) : {})),
    storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
    storeBooking: assign(({ event }) => bookingPatch(doneOutput<AssistanceOverview>(event, 'fetchBooking'))),
    storeLoadError: assign(({ event }) => loadErrorPatch(event)),
    setValue: assign(({ context, event }) => changePatch(context, event, {})),
    /**
     * Not the kit's: the kinds of help are a checkbox group, a list of choices rather than one
     * string, so a tick or untick adds or removes one kind. Ticking is also what "leaving" the
     * group means (a checkbox group has no one blur), so it marks the group touched.
     */
    toggleKind: assign(({ context, event }) => {
      if (event.type !== 'form.toggleKind') return {};
      const others = context.values.kinds.filter((k) => k !== event.kind);
      return {
        values: { ...context.values, kinds: event.checked ? [...others, event.kind] : others },
        touched: { ...context.touched, kinds: true },
        dirty: true,
      };
    }),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    clearSubmitError: assign({ submitError: null }),
    /** A new submit: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => nextAttempt(context)),
    /** The attempt's refusal (or, should the attempt itself fail, that failure). */
    storeSubmitError: assign({
      submitError: ({ event }) => {
        const problem = problemOfEvent(failureOf(event, 'createAssistance'));
        return {
          code: codeOf(problem),
          // Only a refusal (4xx) carries a sentence meant for the customer.
          detail: problem.kind === 'http' && problem.status < 500 ? problem.detail : null,
        };
      },
    }),
    storeBooked: assign({ booked: ({ event }) => answerOf<PassengerAssistance>(event, 'createAssistance') ?? null }),
    /** Check again, when the attempt could not confirm its outcome: the same request, the same key. */
    checkAgain: sendTo('createAssistance', { type: 'submit.check' }),
  },
}).createMachine({
  id: 'passengerAssistanceForm',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    first: input.first ?? null,
    booking: null,
    assistances: [],
    values: initialValues(null),
    touched: {},
    dirty: false,
    submitAttempted: false,
    schemaError: false,
    submitError: null,
    booked: null,
    keySeed: input.keySeed,
    attempt: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the form starts: from what the route loaded (the form for a bookable booking, no form, not found, or the error), else it loads the booking itself.',
      always: [
        { guard: 'firstBookable', target: 'editing', actions: 'storeFirstBooking' },
        { guard: 'firstLoaded', target: 'notBookable', actions: 'storeFirstBooking' },
        { guard: 'firstNotFound', target: 'notFound' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading the booking: its passengers and the legs still to travel.',
      invoke: {
        id: 'fetchBooking',
        src: 'fetchBooking',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          { guard: 'isBookable', target: 'editing', actions: 'storeBooking' },
          { target: 'notBookable', actions: 'storeBooking' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: 'storeLoadError' },
        ],
      },
    },
    loadFailed: {
      description: 'The booking could not be loaded; the customer can try again.',
      on: { 'assistance.retry': { target: 'loading' } },
    },
    notFound: {
      description: 'The booking does not exist or belongs to someone else.',
    },
    notBookable: {
      description: 'Every leg has left, or the booking is a season ticket or replaced: no form.',
    },
    editing: {
      description: 'The form: passenger, leg, kinds of help and details. Submit is disabled while pristine or invalid.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.toggleKind': { actions: 'toggleKind' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearSubmitError' },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    submitting: {
      description:
        'One submit with a new Idempotency-Key, sent by the lost-answer chart: booking, then checking when the answer was lost, then unconfirmed with Check again (what was typed is kept); the server checks the notice period and the passenger.',
      entry: 'beginAttempt',
      invoke: {
        id: 'createAssistance',
        src: 'createAssistance',
        input: ({ context }) => ({
          request: {
            booking: context.booking as AssistanceBooking,
            values: context.values,
            idempotencyKey: attemptKey(context),
          } satisfies CreateAssistanceInput,
        }),
        onDone: [
          { guard: 'isBooked', target: 'booked', actions: 'storeBooked' },
          { target: 'editing', actions: 'storeSubmitError' },
        ],
        onError: { target: 'editing', actions: 'storeSubmitError' },
      },
      on: { 'assistance.check': { actions: 'checkAgain' } },
    },
    booked: {
      description: 'The assistance is booked; the screen opens its review.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ assistance: context.booked }),
});
