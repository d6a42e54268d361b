import { expect } from 'vitest';
import { checkInMachine } from '../../machines/check-in';
import { describeMachineModel } from './harness';

const uri = '/bookings/b1';

describeMachineModel(checkInMachine, {
  name: 'checkInMachine',
  input: { uri },
  events: {
    'xstate.done.actor.checkIn': [{ type: 'xstate.done.actor.checkIn', output: { url: '/my-account/bookings/b1?checkedIn=true' } }],
    'xstate.error.actor.checkIn': [
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'CHECK_IN_NOT_OPEN' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'CHECK_IN_CLOSED' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'CHECK_IN_NOT_SUPPORTED' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 403, code: 'FORBIDDEN' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'SOMETHING_NEW' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 500, code: 'INTERNAL_ERROR' } },
      { type: 'xstate.error.actor.checkIn', error: new Error('We received an unexpected response') },
    ],
  },
  serializeContext: (c) => ({ unavailableReason: c.unavailableReason, failed: c.errorMessage !== null }),
  assert: (snapshot) => {
    expect(snapshot.context.uri).toBe(uri);
    if (snapshot.matches('done')) expect(snapshot.output).toEqual({ url: '/my-account/bookings/b1?checkedIn=true' });
    if (snapshot.matches('notAvailable')) expect(snapshot.context.unavailableReason).not.toBeNull();
    if (snapshot.matches('failed')) expect(snapshot.context.errorMessage).not.toBeNull();
  },
});
