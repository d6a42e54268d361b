import { expect, it } from 'vitest';
import { treesFor, treesPlantedMachine } from '#machines/trees-planted';
import { describeMachineModel } from './harness';

describeMachineModel(treesPlantedMachine, {
  name: 'treesPlantedMachine',
  // The route's load (docs/decisions/730): the count, or the load's error.
  inputs: [{}, { first: { data: { lifeTimeBookingCount: 12 } } }, { first: { error: { status: 500 } } }],
  events: {
    'xstate.done.actor.fetchOrderCount': [
      { type: 'xstate.done.actor.fetchOrderCount', output: { lifeTimeBookingCount: 12 } },
    ],
    'xstate.error.actor.fetchOrderCount': [{ type: 'xstate.error.actor.fetchOrderCount', error: { status: 500 } }],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    bookingCount: c.bookingCount,
    failed: c.failed,
  }),
  calls: { loading: { fetchOrderCount: undefined } },
  // docs/product/errors.md: trees-planted error is flag only (count 0); one tree per booking.
  states: {
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'trees.retry']).toContain(event.type);
      // Before the count answers: no trees and no failure flag.
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init')
        expect(context).toEqual({ first: null, treesPerBooking: 1, bookingCount: 0, failed: false });
      expect(snapshot.hasTag('loading')).toBe(true);
    },
    loaded: ({ snapshot, context, event }) => {
      // From the route's load, or the chart's own.
      if (event.type !== 'xstate.init') expect(event.type).toBe('xstate.done.actor.fetchOrderCount');
      else expect(context.first).toEqual({ data: { lifeTimeBookingCount: 12 } });
      expect(context).toMatchObject({ bookingCount: 12, failed: false, treesPerBooking: 1 });
      expect(treesFor(context)).toBe(12);
      expect(snapshot.hasTag('loading')).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      if (event.type !== 'xstate.init') expect(event.type).toBe('xstate.error.actor.fetchOrderCount');
      else expect(context.first).toEqual({ error: { status: 500 } });
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
