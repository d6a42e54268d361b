import { expect } from 'vitest';
import { guestAssociationMachine } from '../../machines/guest-association';
import { describeMachineModel } from './harness';

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
      { type: 'xstate.error.actor.associateGuestOrders', error: { status: 404 } },
      { type: 'xstate.error.actor.associateGuestOrders', error: new Error('offline') },
    ],
  },
  serializeContext: (c) => ({ outcome: c.outcome, count: c.count }),
  assert: (snapshot) => {
    if (snapshot.matches('finished') || snapshot.matches('redirected')) expect(snapshot.context.outcome).not.toBeNull();
    if (snapshot.context.outcome === 'none' || snapshot.context.outcome === 'error') expect(snapshot.context.count).toBe(0);
    if (!snapshot.context.guestToken) expect(snapshot.matches('ready')).toBe(true);
  },
});
