import { assign, fromPromise, setup } from 'xstate';
import { doneOutput } from './lib/done-output';

/**
 * Sustainability dashboard: trees planted from lifeTimeBookingCount (docs/product/entities.md, docs/product/errors.md). One tree
 * per booking (`treesPerBooking`, docs/decisions/043-trees-planted.md). An error is a flag only:
 * the count stays 0 and the dashboard still renders.
 */
export interface TreesPlantedContext {
  treesPerBooking: number;
  bookingCount: number;
  failed: boolean;
}

export type TreesPlantedEvent = { type: 'trees.retry' };

export const treesPlantedMachine = setup({
  types: {
    context: {} as TreesPlantedContext,
    events: {} as TreesPlantedEvent,
  },
  actors: {
    fetchOrderCount: fromPromise<{ lifeTimeBookingCount: number }>(async () => {
      throw new Error('fetchOrderCount not provided');
    }),
  },
  actions: {
    storeCount: assign(({ event }) => ({
      bookingCount: doneOutput<{ lifeTimeBookingCount: number }>(event, 'fetchOrderCount').lifeTimeBookingCount,
      failed: false,
    })),
    flagFailure: assign({ bookingCount: 0, failed: true }),
  },
}).createMachine({
  id: 'treesPlanted',
  context: { treesPerBooking: 1, bookingCount: 0, failed: false },
  initial: 'loading',
  states: {
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
