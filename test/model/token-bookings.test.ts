import { tokenBookingsMachine } from '../../machines/token-bookings';
import { describeMachineModel } from './harness';

describeMachineModel(tokenBookingsMachine, {
  name: 'tokenBookingsMachine',
  events: {
    'xstate.done.actor.fetchTokenBookings': [
      { type: 'xstate.done.actor.fetchTokenBookings', output: { bookings: [], customerRegistered: true } },
    ],
    'xstate.error.actor.fetchTokenBookings': [{ type: 'xstate.error.actor.fetchTokenBookings', error: new Error('500') }],
  },
});
