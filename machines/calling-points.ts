import { assign, fromPromise, setup } from 'xstate';
import type { CallingPoint, CallingPointsResponse } from '#src/schemas/booking';
import { hasStatus } from './lib/problems';
import { doneOutput } from './lib/done-output';
import type { CallingPointsInput } from './lib/calling-points';
import type { LoadedAnswers } from './lib/loaded-answers';

/**
 * Calling points of one leg (spec: "Calling points by timetable id: intermediate points, loading,
 * unavailable"): loaded as the booking opens, so each leg's timeline is already there,
 * in a disclosure the customer can close; GET realtime/timetable/{timetableId} once, the answer kept.
 * 404 or an `unavailable` flag means unavailable; other failures can be retried.
 */
/** The leg's call, and the answers the booking's loader started (its calling points among them). */
export interface CallingPointsFlowInput extends CallingPointsInput {
  loaded?: LoadedAnswers | null;
}

export interface CallingPointsContext extends CallingPointsInput {
  loaded: LoadedAnswers | null;
  points: CallingPoint[] | null;
}

export type CallingPointsEvent = { type: 'callingPoints.toggle' } | { type: 'callingPoints.retry' };

export const callingPointsMachine = setup({
  types: {
    context: {} as CallingPointsContext,
    events: {} as CallingPointsEvent,
    input: {} as CallingPointsFlowInput,
  },
  actors: {
    fetchCallingPoints: fromPromise<CallingPointsResponse, CallingPointsInput & { loaded: LoadedAnswers | null }>(
      async () => {
        throw new Error('fetchCallingPoints not provided');
      },
    ),
  },
  guards: {
    hasPoints: ({ context }) => context.points !== null,
    isUnavailable: ({ event }) => doneOutput<CallingPointsResponse>(event, 'fetchCallingPoints').unavailable === true,
    isNotFound: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    storePoints: assign(({ event }) => ({
      points: doneOutput<CallingPointsResponse>(event, 'fetchCallingPoints').callingPoints,
    })),
  },
}).createMachine({
  id: 'callingPoints',
  context: ({ input }) => ({ ...input, loaded: input.loaded ?? null, points: null }),
  initial: 'loading',
  states: {
    collapsed: {
      description: 'The customer closed the calling points.',
      on: {
        'callingPoints.toggle': [{ guard: 'hasPoints', target: 'shown' }, { target: 'loading' }],
      },
    },
    loading: {
      description: "The leg's calling points are loading (as the booking opens, or when reopened without them).",
      invoke: {
        id: 'fetchCallingPoints',
        src: 'fetchCallingPoints',
        input: ({ context }) => ({
          timetableId: context.timetableId,
          date: context.date,
          origin: context.origin,
          destination: context.destination,
          loaded: context.loaded,
        }),
        onDone: [
          { guard: 'isUnavailable', target: 'unavailable' },
          { target: 'shown', actions: 'storePoints' },
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
