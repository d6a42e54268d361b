import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { FindBookingResponse } from '#src/schemas/find-booking';
import { collectErrors, hasErrors } from '#src/schemas/forms';
import { findBookingValidators, type FindBookingField } from '#src/schemas/find-booking';
import { hasStatus, isThrottledProblem, retryAfterOfEvent } from './lib/problems';
import { doneOutput } from './lib/done-output';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';

/**
 * Find a booking (docs/product/entities.md, docs/product/states.md, docs/product/validation.md, docs/product/api.md): statuses not requested, requesting, success, bad request
 * (400), not found (422) and server error. Success opens the order-token page with the
 * orderExchangeToken: the booking itself when the answer names it (a local-server extra), else the
 * order-token list of the bookings the token may fetch.
 */
export interface FindBookingContext {
  /** Seconds the server asked to wait after too many misses (429 Retry-After), or null. */
  retryAfterSeconds: number | null;
  values: Record<FindBookingField, string>;
  touched: Partial<Record<FindBookingField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  response: FindBookingResponse | null;
}

export type FindBookingEvent =
  | { type: 'form.change'; field: FindBookingField; value: string }
  | { type: 'form.blur'; field: FindBookingField }
  | { type: 'form.submit' };

export const findBookingMachine = setup({
  types: {
    context: {} as FindBookingContext,
    events: {} as FindBookingEvent,
    output: {} as { booking: FindBookingResponse | null },
  },
  actors: {
    findBooking: fromPromise<FindBookingResponse, Record<FindBookingField, string>>(async () => {
      throw new Error('findBooking not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, findBookingValidators)),
    isBadRequest: ({ event }) => hasStatus(event, 400),
    isNotFound: ({ event }) => hasStatus(event, 422),
    isThrottled: ({ event }) => isThrottledProblem(event),
  },
  actions: {
    setValue: assign(({ context, event }) => changePatch(context, event, {})),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    storeRetryAfter: assign(({ event }) => ({ retryAfterSeconds: retryAfterOfEvent(event) })),
    storeResponse: assign(({ event }) => ({ response: doneOutput<FindBookingResponse>(event, 'findBooking') })),
    /**
     * Provided by the route: keep the token in memory and open /order-token/{bookingId}, or
     * /order-token when the answer carries only the token (docs/product/api.md).
     */
    openBooking: (_, _params: FindBookingResponse) => {},
  },
})
  .extend<{ openFoundBooking: undefined }>({
    actions: {
      /** The booking findBooking returned (kept in context), handed to the route's openBooking as its params. */
      openFoundBooking: enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'openBooking', params: context.response! });
      }),
    },
  })
  .createMachine({
    id: 'findBooking',
    context: {
      values: { bookingReference: '', departureDate: '', passengerSurname: '', emailAddress: '' },
      touched: {},
      dirty: false,
      submitAttempted: false,
      response: null,
      retryAfterSeconds: null,
    },
    initial: 'notRequested',
    states: {
      notRequested: {
        description:
          'The find booking form (reference, departure date, surname, email); submit disabled while pristine or invalid.',
        on: {
          'form.change': { actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': [{ guard: 'isValid', target: 'requesting' }, { actions: 'markSubmitAttempted' }],
        },
      },
      requesting: {
        description: 'The booking is being looked up; submit is disabled.',
        invoke: {
          id: 'findBooking',
          src: 'findBooking',
          input: ({ context }) => ({
            bookingReference: context.values.bookingReference.trim(),
            departureDate: context.values.departureDate.trim(),
            passengerSurname: context.values.passengerSurname.trim(),
            emailAddress: context.values.emailAddress.trim(),
          }),
          onDone: { target: 'success', actions: 'storeResponse' },
          onError: [
            { guard: 'isBadRequest', target: 'badRequest' },
            { guard: 'isNotFound', target: 'notFound' },
            { guard: 'isThrottled', target: 'throttled', actions: 'storeRetryAfter' },
            { target: 'serverError' },
          ],
        },
      },
      success: {
        description:
          'Found: the booking opens on the order-token page (output: the order exchange token, and the booking id when the server gives one).',
        type: 'final',
        entry: 'openFoundBooking',
      },
      badRequest: {
        description: '400: the details could not be read; input kept.',
        on: {
          'form.change': { target: 'notRequested', actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': { guard: 'isValid', target: 'requesting' },
        },
      },
      notFound: {
        description: '422: no booking matches these details; input kept.',
        on: {
          'form.change': { target: 'notRequested', actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': { guard: 'isValid', target: 'requesting' },
        },
      },
      throttled: {
        description:
          '429: too many misses from this client (or for this reference); "Too many attempts" says when to try again; input kept.',
        on: {
          'form.change': { target: 'notRequested', actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': { guard: 'isValid', target: 'requesting' },
        },
      },
      serverError: {
        description: 'Any other failure: a generic error, input kept.',
        on: {
          'form.change': { target: 'notRequested', actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': { guard: 'isValid', target: 'requesting' },
        },
      },
    },
    output: ({ context }) => ({ booking: context.response }),
  });
