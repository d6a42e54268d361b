import { expect } from 'vitest';
import { tokenBookingsMachine } from '#machines/token-bookings';
import { describeMachineModel } from './harness';

const fetched = { bookings: [], customerRegistered: true };

describeMachineModel(tokenBookingsMachine, {
  name: 'tokenBookingsMachine',
  events: {
    'xstate.done.actor.fetchTokenBookings': [{ type: 'xstate.done.actor.fetchTokenBookings', output: fetched }],
    'xstate.error.actor.fetchTokenBookings': [
      { type: 'xstate.error.actor.fetchTokenBookings', error: new Error('500') },
    ],
  },
  calls: { loading: { fetchTokenBookings: undefined } },
  // docs/product/screens.md (/order-token): the guest's bookings with loading, error (with retry) and list.
  states: {
    loading: ({ context, event }) => {
      expect(context.data).toBeNull();
      expect(['xstate.init', 'tokenBookings.retry']).toContain(event.type);
    },
    loaded: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchTokenBookings');
      expect(context.data).toEqual(fetched);
      expect(snapshot.can({ type: 'tokenBookings.retry' })).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchTokenBookings');
      expect(context.data).toBeNull();
      expect(snapshot.can({ type: 'tokenBookings.retry' }), 'the error offers a retry').toBe(true);
    },
  },
});
