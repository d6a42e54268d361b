import { expect, it } from 'vitest';
import { treesFor, treesPlantedMachine } from '#machines/trees-planted';
import { describeMachineModel } from './harness';

describeMachineModel(treesPlantedMachine, {
  name: 'treesPlantedMachine',
  events: {
    'xstate.done.actor.fetchOrderCount': [
      { type: 'xstate.done.actor.fetchOrderCount', output: { lifeTimeBookingCount: 12 } },
    ],
    'xstate.error.actor.fetchOrderCount': [{ type: 'xstate.error.actor.fetchOrderCount', error: { status: 500 } }],
  },
  serializeContext: (c) => ({ bookingCount: c.bookingCount, failed: c.failed }),
  calls: { loading: { fetchOrderCount: undefined } },
  // docs/product/errors.md: trees-planted error is flag only (count 0); one tree per booking.
  states: {
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'trees.retry']).toContain(event.type);
      // Before the count answers: no trees and no failure flag.
      if (event.type === 'xstate.init') expect(context).toEqual({ treesPerBooking: 1, bookingCount: 0, failed: false });
      expect(snapshot.hasTag('loading')).toBe(true);
    },
    loaded: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchOrderCount');
      expect(context).toMatchObject({ bookingCount: 12, failed: false, treesPerBooking: 1 });
      expect(treesFor(context)).toBe(12);
      expect(snapshot.hasTag('loading')).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchOrderCount');
      expect([context.failed, context.bookingCount]).toEqual([true, 0]);
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(snapshot.can({ type: 'trees.retry' })).toBe(true);
    },
  },
});

it('treesFor: the booking count times the trees per booking', () => {
  expect(treesFor({ bookingCount: 12, treesPerBooking: 2 })).toBe(24);
  expect(treesFor({ bookingCount: 0, treesPerBooking: 1 })).toBe(0);
});
