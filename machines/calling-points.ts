import { assign, fromPromise, setup } from 'xstate';
import type { CallingPoint, CallingPointsResponse } from '#src/schemas/booking';
import { hasStatus } from './lib/problems';

/**
 * Calling points of one leg (spec: "Calling points by timetable id: intermediate points, loading,
 * unavailable"): a disclosure that loads GET realtime/timetable/{timetableId} the first time it
 * opens and keeps the answer. 404 or an `unavailable` flag means unavailable; other failures can be
 * retried.
 */
export interface CallingPointsInput {
  timetableId: string;
  date: string;
  origin: string;
  destination: string;
}

export interface CallingPointsContext extends CallingPointsInput {
  points: CallingPoint[] | null;
}

export type CallingPointsEvent = { type: 'callingPoints.toggle' } | { type: 'callingPoints.retry' };

export const callingPointsMachine = setup({
  types: {
    context: {} as CallingPointsContext,
    events: {} as CallingPointsEvent,
    input: {} as CallingPointsInput,
  },
  actors: {
    fetchCallingPoints: fromPromise<CallingPointsResponse, CallingPointsInput>(async () => {
      throw new Error('fetchCallingPoints not provided');
    }),
  },
  guards: {
    hasPoints: ({ context }) => context.points !== null,
    isUnavailable: (_, params: { response: CallingPointsResponse }) => params.response.unavailable === true,
    isNotFound: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    storePoints: assign((_, params: { response: CallingPointsResponse }) => ({ points: params.response.callingPoints ?? [] })),
  },
}).createMachine({
  id: 'callingPoints',
  context: ({ input }) => ({ ...input, points: null }),
  initial: 'collapsed',
  states: {
    collapsed: {
      description: 'The calling points disclosure is closed.',
      on: {
        'callingPoints.toggle': [{ guard: 'hasPoints', target: 'shown' }, { target: 'loading' }],
      },
    },
    loading: {
      description: 'Opened for the first time: the leg\'s calling points are loading.',
      invoke: {
        id: 'fetchCallingPoints',
        src: 'fetchCallingPoints',
        input: ({ context }) => ({
          timetableId: context.timetableId,
          date: context.date,
          origin: context.origin,
          destination: context.destination,
        }),
        onDone: [
          { guard: { type: 'isUnavailable', params: ({ event }) => ({ response: event.output }) }, target: 'unavailable' },
          { target: 'shown', actions: { type: 'storePoints', params: ({ event }) => ({ response: event.output }) } },
        ],
        onError: [{ guard: 'isNotFound', target: 'unavailable' }, { target: 'failed' }],
      },
      on: { 'callingPoints.toggle': { target: 'collapsed' } },
    },
    shown: {
      description: 'The intermediate calling points are shown (kept when the disclosure closes and opens again).',
      on: { 'callingPoints.toggle': { target: 'collapsed' } },
    },
    unavailable: {
      description: 'No calling points for this leg (404 or unavailable): a short notice, no retry.',
      on: { 'callingPoints.toggle': { target: 'collapsed' } },
    },
    failed: {
      description: 'The calling points could not be loaded: an error with a retry.',
      on: { 'callingPoints.toggle': { target: 'collapsed' }, 'callingPoints.retry': { target: 'loading' } },
    },
  },
});
