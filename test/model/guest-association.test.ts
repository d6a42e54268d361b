import { expect, it } from 'vitest';
import { guestAssociationMachine } from '#machines/guest-association';
import { describeMachineModel, errorOf, liveModel, outputOf } from './harness';

describeMachineModel(guestAssociationMachine, {
  name: 'guestAssociationMachine',
  inputs: [{ guestToken: 'demo-guest-token-3' }, { guestToken: null }],
  events: {
    'xstate.done.actor.associateGuestOrders': [
      { type: 'xstate.done.actor.associateGuestOrders', output: { outcome: 'success', count: 2 } },
      { type: 'xstate.done.actor.associateGuestOrders', output: { outcome: 'partial', count: 1 } },
      { type: 'xstate.done.actor.associateGuestOrders', output: { outcome: 'none', count: 0 } },
    ],
    'xstate.error.actor.associateGuestOrders': [
      { type: 'xstate.error.actor.associateGuestOrders', error: { status: 403 } },
      // Decision 303: a Find a booking token does not verify the account's email.
      { type: 'xstate.error.actor.associateGuestOrders', error: { status: 403, code: 'EMAIL_NOT_VERIFIED' } },
      { type: 'xstate.error.actor.associateGuestOrders', error: { status: 404 } },
      { type: 'xstate.error.actor.associateGuestOrders', error: new Error('offline') },
    ],
  },
  serializeContext: (c) => ({ outcome: c.outcome, count: c.count }),
  calls: { associating: { associateGuestOrders: { guestToken: 'demo-guest-token-3' } } },
  // docs/product/states.md, docs/product/errors.md and docs/product/constants.md: outcomes success, partial, none, error; 403 goes quietly to the
  // target; the redirect follows 1000 ms after the outcome shows.
  states: {
    ready: ({ context, event }) => {
      if (event.type === 'association.start') expect(context.guestToken, 'no token, no association').toBeNull();
      expect(context.outcome).toBeNull();
    },
    associating: ({ context }) => expect(context.guestToken).toBe('demo-guest-token-3'),
    unverified: ({ snapshot, context, event }) => {
      expect(errorOf(event)).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
      expect(context).toMatchObject({ outcome: 'unverified', count: 0 });
      // No redirect: the customer reads what to do.
      expect(snapshot.status).toBe('active');
      expect(snapshot.can({ type: 'association.start' })).toBe(false);
    },
    finished: ({ context, event, entered }) => {
      if (!entered) return;
      const output = outputOf(event) as { outcome: string; count: number } | undefined;
      const error = errorOf(event);
      if (output) expect(context).toMatchObject({ outcome: output.outcome, count: output.count });
      else if (error?.status === 403) expect(context).toMatchObject({ outcome: 'forbidden', count: 0 });
      else expect(context).toMatchObject({ outcome: 'error', count: 0 });
    },
    redirected: ({ snapshot, context, event, performed }) => {
      expect(event.type).toBe('xstate.after.associationRedirectMs.guestAssociation.finished');
      // The flow ends here, handing the outcome and how many bookings came over to the page.
      expect([snapshot.status, snapshot.output]).toEqual(['done', { outcome: context.outcome, count: context.count }]);
      // The target page gets bookingsImported for this outcome (none for a 403).
      expect(performed.find((a) => a.type === 'redirectToTarget')?.params).toEqual({ outcome: context.outcome });
      expect(context.outcome).not.toBeNull();
    },
  },
});

it('redirects 1000 ms after the outcome shows (docs/product/constants.md)', async () => {
  const live = liveModel(guestAssociationMachine, { guestToken: 'demo-guest-token-3' });
  try {
    await live.send(
      { type: 'association.start' },
      { type: 'xstate.done.actor.associateGuestOrders', output: { outcome: 'success', count: 2 } },
    );
    await live.expectTimer('finished', 1000, 'redirected');
  } finally {
    live.stop();
  }
});
