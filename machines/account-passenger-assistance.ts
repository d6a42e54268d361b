import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { firstDataOr, firstErrorPatch, firstFailedWith, loadErrorPatch } from './lib/page-load';
import { hasStatus } from './lib/problems';
import type { UpcomingAssistance } from '#src/schemas/passenger-assistance';

/**
 * The account's passenger assistance page (docs/product/screens.md, "passenger assistance base path"):
 * assistance across the customer's upcoming journeys, and the journeys that have none yet. The
 * call is not in docs/product/api.md: a host without it answers 404, and the page says where a customer
 * books assistance instead, from each booking (decision 342). Given what its route loaded
 * (docs/decisions/730), the chart starts from it: the journeys, the host's 404, or the load's error
 * with its retry; without it, it loads them itself.
 */
export interface AccountPassengerAssistanceInput {
  /** What the route's loader got (the journeys or the load's error); absent, the chart loads them. */
  first?: FirstData<UpcomingAssistance> | null | undefined;
}

export interface AccountPassengerAssistanceContext {
  first: FirstData<UpcomingAssistance> | null;
  bookings: UpcomingAssistance;
  schemaError: boolean;
}

export type AccountPassengerAssistanceEvent = { type: 'assistance.retry' };

export const accountPassengerAssistanceMachine = setup({
  types: {
    context: {} as AccountPassengerAssistanceContext,
    events: {} as AccountPassengerAssistanceEvent,
    input: {} as AccountPassengerAssistanceInput | undefined,
  },
  actors: {
    fetchUpcoming: fromPromise<UpcomingAssistance>(async () => {
      throw new Error('fetchUpcoming not provided');
    }),
  },
  // In the order the chart asks them: on the start, then on its own load.
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstLacksList: ({ context }) => firstFailedWith(context.first, 404),
    firstFailed: ({ context }) => firstFailed(context.first),
    /** 404: the host does not offer a list across bookings (docs/integrators.md). */
    hostLacksList: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    storeFirstBookings: assign({ bookings: ({ context }) => firstDataOr(context.first, []), schemaError: false }),
    storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
    storeBookings: assign({
      bookings: ({ event }) => doneOutput<UpcomingAssistance>(event, 'fetchUpcoming'),
      schemaError: false,
    }),
    storeLoadError: assign(({ event }) => loadErrorPatch(event)),
  },
}).createMachine({
  id: 'accountPassengerAssistance',
  context: ({ input }) => ({ first: input?.first ?? null, bookings: [], schemaError: false }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the page starts: from what the route loaded (the journeys, the host without the list, or the error), else it loads them itself.',
      always: [
        { guard: 'firstLoaded', target: 'ready', actions: 'storeFirstBookings' },
        { guard: 'firstLacksList', target: 'absent' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: "Loading the customer's upcoming journeys with their assistance.",
      invoke: {
        id: 'fetchUpcoming',
        src: 'fetchUpcoming',
        onDone: { target: 'ready', actions: 'storeBookings' },
        onError: [
          { guard: 'hostLacksList', target: 'absent' },
          { target: 'loadFailed', actions: 'storeLoadError' },
        ],
      },
    },
    absent: {
      description:
        'The host has no list across bookings (404): the page says assistance is booked from each booking, with a link to the bookings.',
    },
    loadFailed: {
      description: 'The load failed; the customer can try again.',
      on: { 'assistance.retry': { target: 'loading' } },
    },
    ready: {
      description: 'Booked assistance per journey, then journeys without any, each with a link to request it.',
    },
  },
});
