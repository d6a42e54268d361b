import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import { tokenBookingsMachine } from '#machines/token-bookings';
import { describeMachineModel, outputReached, reachedBy } from './harness';

const fetched = { bookings: [], customerRegistered: true };

describeMachineModel(tokenBookingsMachine, {
  name: 'tokenBookingsMachine',
  // The route's load (docs/decisions/730): the link's bookings, or the load's error.
  inputs: [{}, { first: { data: fetched } }, { first: { error: new Error('500') } }],
  events: {
    'xstate.done.actor.fetchTokenBookings': [{ type: 'xstate.done.actor.fetchTokenBookings', output: fetched }],
    'xstate.error.actor.fetchTokenBookings': [
      { type: 'xstate.error.actor.fetchTokenBookings', error: new Error('500') },
    ],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    data: c.data !== null,
  }),
  calls: { loading: { fetchTokenBookings: undefined } },
  // docs/product/screens.md (/order-token): the guest's bookings with loading, error (with retry) and list.
  states: {
    loading: ({ context, event }) => {
      expect(context.data).toBeNull();
      expect(['xstate.init', 'tokenBookings.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
    },
    loaded: ({ snapshot, context, event }) => {
      // From the route's load, or the chart's own.
      reachedBy({ context, event }, 'xstate.done.actor.fetchTokenBookings');
      expect(context.data).toEqual(outputReached({ context, event }));
      expect(snapshot.can({ type: 'tokenBookings.retry' })).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toMatchObject({ error: expect.any(Error) });
      else expect(event.type).toBe('xstate.error.actor.fetchTokenBookings');
      expect(context.data).toBeNull();
      expect(snapshot.can({ type: 'tokenBookings.retry' }), 'the error offers a retry').toBe(true);
    },
  },
});

// The chart's input is optional: started with none (no route load), it loads the bookings itself.
it('starts with no input by loading the bookings', () => {
  const snapshot = createActor(tokenBookingsMachine, { input: undefined as never }).getSnapshot();
  expect([snapshot.value, snapshot.context]).toEqual(['loading', { first: null, data: null }]);
});
