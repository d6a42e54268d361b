import { expect } from 'vitest';
import { treesFor, treesPlantedMachine } from '../../machines/trees-planted';
import { describeMachineModel } from './harness';

describeMachineModel(treesPlantedMachine, {
  name: 'treesPlantedMachine',
  events: {
    'xstate.done.actor.fetchOrderCount': [{ type: 'xstate.done.actor.fetchOrderCount', output: { lifeTimeBookingCount: 12 } }],
    'xstate.error.actor.fetchOrderCount': [{ type: 'xstate.error.actor.fetchOrderCount', error: { status: 500 } }],
  },
  serializeContext: (c) => ({ bookingCount: c.bookingCount, failed: c.failed }),
  assert: (snapshot) => {
    if (snapshot.matches('loaded')) expect(treesFor(snapshot.context)).toBe(12);
    // Spec section 8: trees-planted error is flag only, with count 0.
    if (snapshot.matches('failed')) expect([snapshot.context.failed, snapshot.context.bookingCount]).toEqual([true, 0]);
  },
});
