import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstDataOr, firstErrorPatch, firstFailedWith, loadErrorPatch } from './lib/page-load';
import { hasStatus } from './lib/problems';
import type { AssistanceItem } from '#src/schemas/passenger-assistance';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}: review one booked (or cancelled) assistance:
 * who, which leg, what help, details and status, with cancel offered while it is booked.
 * Reading one assistance is not in docs/product/api.md: the actor resolves to null when the host does
 * not offer it (the item's call answered 404 while the spec's list of the booking's assistance names
 * it), and the page says so instead of "we couldn't find" (docs/integrators.md). Given what its route
 * loaded (docs/decisions/730), the chart starts from it; without it, it loads the assistance itself.
 */
export interface PassengerAssistanceReviewInput {
  bookingId: string;
  assistanceId: string;
  /** What the route's loader got (the assistance, null for a host without the call, or the load's error). */
  first?: FirstData<AssistanceItem | null> | null | undefined;
}

export interface PassengerAssistanceReviewContext {
  bookingId: string;
  assistanceId: string;
  first: FirstData<AssistanceItem | null> | null;
  item: AssistanceItem | null;
  schemaError: boolean;
}

export type PassengerAssistanceReviewEvent = { type: 'assistance.retry' };

export const passengerAssistanceReviewMachine = setup({
  types: {
    context: {} as PassengerAssistanceReviewContext,
    events: {} as PassengerAssistanceReviewEvent,
    input: {} as PassengerAssistanceReviewInput,
  },
  actors: {
    /** The booking and the assistance; null: the host does not offer reading one assistance. */
    fetchAssistance: fromPromise<AssistanceItem | null, { bookingId: string; assistanceId: string }>(async () => {
      throw new Error('fetchAssistance not provided');
    }),
  },
  // In the order the chart asks them: on the start, then on its own load.
  guards: {
    firstLacksAssistance: ({ context }) => firstLoaded(context.first) && context.first.data === null,
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstNotFound: ({ context }) => firstFailedWith(context.first, 403, 404),
    firstFailed: ({ context }) => firstFailed(context.first),
    hostLacksAssistance: ({ event }) => doneOutput<AssistanceItem | null>(event, 'fetchAssistance') === null,
    isNotFound: ({ event }) => hasStatus(event, 403, 404),
  },
  actions: {
    storeFirstItem: assign({ item: ({ context }) => firstDataOr(context.first, null), schemaError: false }),
    storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
    storeItem: assign({
      item: ({ event }) => doneOutput<AssistanceItem>(event, 'fetchAssistance'),
      schemaError: false,
    }),
    storeLoadError: assign(({ event }) => loadErrorPatch(event)),
  },
}).createMachine({
  id: 'passengerAssistanceReview',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    assistanceId: input.assistanceId,
    first: input.first ?? null,
    item: null,
    schemaError: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the page starts: from what the route loaded (the assistance, a host without the call, not found, or the error), else it loads it itself.',
      always: [
        { guard: 'firstLacksAssistance', target: 'absent' },
        { guard: 'firstLoaded', target: 'ready', actions: 'storeFirstItem' },
        { guard: 'firstNotFound', target: 'notFound' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading the booking and this assistance.',
      invoke: {
        id: 'fetchAssistance',
        src: 'fetchAssistance',
        input: ({ context }) => ({ bookingId: context.bookingId, assistanceId: context.assistanceId }),
        onDone: [
          { guard: 'hostLacksAssistance', target: 'absent' },
          { target: 'ready', actions: 'storeItem' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: 'storeLoadError' },
        ],
      },
    },
    loadFailed: {
      description: 'The load failed; the customer can try again.',
      on: { 'assistance.retry': { target: 'loading' } },
    },
    notFound: {
      description: 'No such assistance on this booking, or the booking is not the customer’s.',
    },
    absent: {
      description:
        'The host does not offer reading one assistance (not in docs/product/api.md): the page says it cannot be viewed here, with a link back to the booking.',
    },
    ready: {
      description: 'The assistance is shown; while booked, a link leads to cancelling it.',
    },
  },
});
