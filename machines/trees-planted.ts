import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Sustainability dashboard: trees planted from lifeTimeBookingCount (docs/product/entities.md, docs/product/errors.md). One tree
 * per booking (`treesPerBooking`, docs/decisions/043-trees-planted.md). An error is a flag only:
 * the count stays 0 and the dashboard still renders. Given what its route loaded (docs/decisions/730),
 * the chart starts from it; without it, it loads the count itself.
 */
export interface TreesPlantedInput {
  /** What the route's loader got (the lifetime booking count or the load's error); absent, the chart loads it. */
  first?: FirstData<{ lifeTimeBookingCount: number }> | null | undefined;
}

export interface TreesPlantedContext {
  first: FirstData<{ lifeTimeBookingCount: number }> | null;
  treesPerBooking: number;
  bookingCount: number;
  failed: boolean;
}

export type TreesPlantedEvent = { type: 'trees.retry' };

export const treesPlantedMachine = setup({
  types: {
    context: {} as TreesPlantedContext,
    events: {} as TreesPlantedEvent,
    input: {} as TreesPlantedInput | undefined,
  },
  actors: {
    fetchOrderCount: fromPromise<{ lifeTimeBookingCount: number }>(async () => {
      throw new Error('fetchOrderCount not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    storeFirstCount: assign(({ context }) => ({
      bookingCount: firstLoaded(context.first) ? context.first.data.lifeTimeBookingCount : 0,
      failed: false,
    })),
    storeCount: assign(({ event }) => ({
      bookingCount: doneOutput<{ lifeTimeBookingCount: number }>(event, 'fetchOrderCount').lifeTimeBookingCount,
      failed: false,
    })),
    flagFailure: assign({ bookingCount: 0, failed: true }),
  },
}).createMachine({
  id: 'treesPlanted',
  context: ({ input }) => ({ first: input?.first ?? null, treesPerBooking: 1, bookingCount: 0, failed: false }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the dashboard starts: from what the route loaded (the count, or the failure flag), else it loads the count.',
      tags: ['loading'],
      always: [
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstCount' },
        { guard: 'firstFailed', target: 'failed', actions: 'flagFailure' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The lifetime booking count is loading.',
      tags: ['loading'],
      invoke: {
        id: 'fetchOrderCount',
        src: 'fetchOrderCount',
        onDone: { target: 'loaded', actions: 'storeCount' },
        onError: { target: 'failed', actions: 'flagFailure' },
      },
    },
    loaded: { description: 'The trees planted: one per booking.' },
    failed: {
      description: 'The count could not be loaded (a flag only): 0 trees and the dashboard still renders.',
      on: { 'trees.retry': { target: 'loading' } },
    },
  },
});

/** Trees planted for a lifetime booking count. */
export const treesFor = (context: Pick<TreesPlantedContext, 'bookingCount' | 'treesPerBooking'>): number =>
  context.bookingCount * context.treesPerBooking;
