import { expect } from 'vitest';
import { checkInMachine } from '#machines/check-in';
import { checkInMessages } from '#src/copy/check-in';
import { describeMachineModel, errorOf, stepFrom } from './harness';

const uri = '/bookings/b1';

describeMachineModel(checkInMachine, {
  name: 'checkInMachine',
  input: { uri },
  events: {
    'xstate.done.actor.checkIn': [
      { type: 'xstate.done.actor.checkIn', output: { url: '/my-account/bookings/b1?checkedIn=true' } },
    ],
    'xstate.error.actor.checkIn': [
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'CHECK_IN_NOT_OPEN' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'CHECK_IN_CLOSED' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'CHECK_IN_NOT_SUPPORTED' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 403, code: 'FORBIDDEN' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 404, code: 'NOT_FOUND' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 409, code: 'SOMETHING_NEW' } },
      { type: 'xstate.error.actor.checkIn', error: { status: 500, code: 'INTERNAL_ERROR' } },
      { type: 'xstate.error.actor.checkIn', error: new Error('We received an unexpected response') },
    ],
  },
  serializeContext: (c) => ({ unavailableReason: c.unavailableReason, failed: c.failure !== null }),
  assert: (snapshot) => expect(snapshot.context.uri).toBe(uri),
  calls: { checkingIn: { checkIn: { uri } } },
  // Check-in (docs/decisions/030): 409 with a known code or 403/404 is "not available" with its
  // reason and no retry; anything else is an error with a retry; success opens the returned URL.
  states: {
    checkingIn: (check) => {
      const { context, event } = check;
      expect(['xstate.init', 'checkIn.retry']).toContain(event.type);
      expect(context.failure).toBeNull();
      const after = (error: unknown) =>
        stepFrom(check, { type: 'xstate.error.actor.checkIn', error } as never).snapshot;
      // A 409 says why check-in is not available, each code its own notice; an unknown 409 code,
      // or a known code on another status, is a failure to retry.
      for (const code of ['CHECK_IN_NOT_OPEN', 'CHECK_IN_CLOSED', 'CHECK_IN_NOT_SUPPORTED'] as const) {
        const refused = after({ status: 409, code });
        expect([refused.value, refused.context.unavailableReason]).toEqual(['notAvailable', code]);
        expect(after({ status: 500, code }).value).toBe('failed');
      }
      expect(after({ status: 409, code: 'SOMETHING_NEW' }).value).toBe('failed');
      // A failure keeps the kind of problem it was (the screen words it).
      const unexpected = after(new Error('We received an unexpected response'));
      expect([unexpected.value, unexpected.context.failure]).toEqual(['failed', 'unknown']);
      expect(after({ status: 500, code: 'INTERNAL_ERROR' }).context.failure).toBe('http');
    },
    failed: ({ snapshot, context, event }) => {
      const error = errorOf(event);
      expect(error).toBeDefined();
      expect([403, 404]).not.toContain(error?.status);
      if (error?.status === 409)
        expect(['CHECK_IN_NOT_OPEN', 'CHECK_IN_CLOSED', 'CHECK_IN_NOT_SUPPORTED']).not.toContain(error.code);
      expect(context.failure).not.toBeNull();
      expect(context.unavailableReason).toBeNull();
      expect(snapshot.can({ type: 'checkIn.retry' })).toBe(true);
    },
    notAvailable: ({ snapshot, context, event }) => {
      const error = errorOf(event);
      expect(context.unavailableReason).toBe(error?.status === 409 ? error.code : 'FORBIDDEN');
      expect(checkInMessages[context.unavailableReason!]).toBeTruthy();
      expect(snapshot.can({ type: 'checkIn.retry' }), 'nothing to retry').toBe(false);
    },
    done: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.checkIn');
      expect(snapshot.output).toEqual({ url: '/my-account/bookings/b1?checkedIn=true' });
    },
  },
});
