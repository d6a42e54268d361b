import { expect } from 'vitest';
import { preferencesTokenMachine } from '../../machines/preferences-token';
import { describeMachineModel } from './harness';

describeMachineModel(preferencesTokenMachine, {
  name: 'preferencesTokenMachine',
  inputs: [{ token: 'demo-marketing-token' }, { token: null }, { token: '' }],
  events: {
    'xstate.done.actor.startCustomerFlow': [
      { type: 'xstate.done.actor.startCustomerFlow', output: { session: 's'.repeat(43), flow: 'customer', orderId: null } },
    ],
    'xstate.error.actor.startCustomerFlow': [
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 401 } },
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 400 } },
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 500 } },
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: null } },
    ],
  },
  serializeContext: (c) => ({ hasToken: c.token !== null, session: c.session !== null }),
  assert: (snapshot) => {
    if (snapshot.matches('ready')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ session: 's'.repeat(43) });
      expect(snapshot.context.token).toBeNull();
    }
    if (snapshot.matches('failed')) expect(snapshot.context.token).toBe('demo-marketing-token');
    if (snapshot.matches('invalidToken') || snapshot.matches('noToken')) expect(snapshot.context.session).toBeNull();
  },
});
