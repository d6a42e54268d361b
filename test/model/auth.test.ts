import { expect } from 'vitest';
import { authMachine, logoutErrorMessage } from '../../machines/auth';
import { describeMachineModel } from './harness';

const user = (status: 'AUTHORISED' | 'GUEST' | 'UNKNOWN') => ({
  user: {
    id: status === 'AUTHORISED' ? 'c1' : null,
    email: status === 'UNKNOWN' ? null : 'demo@example.com',
    provider: status === 'AUTHORISED' ? 'internal' : null,
    status,
  },
  ufacSession: status === 'GUEST' ? 's1' : null,
  isRegistered: status !== 'UNKNOWN',
});

describeMachineModel(authMachine, {
  name: 'authMachine',
  events: {
    'xstate.done.actor.fetchUser': [
      { type: 'xstate.done.actor.fetchUser', output: user('AUTHORISED') },
      { type: 'xstate.done.actor.fetchUser', output: user('GUEST') },
      { type: 'xstate.done.actor.fetchUser', output: user('UNKNOWN') },
    ],
    'xstate.error.actor.fetchUser': [{ type: 'xstate.error.actor.fetchUser', error: new Error('offline') }],
    'xstate.done.actor.startGuestSession': [
      { type: 'xstate.done.actor.startGuestSession', output: { session: 's1', flow: 'order', orderId: 'o1' } },
    ],
    'xstate.error.actor.startGuestSession': [{ type: 'xstate.error.actor.startGuestSession', error: { status: 401 } }],
    'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
    'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: new Error('500') }],
    'auth.loggedIn': [{ type: 'auth.loggedIn', response: user('AUTHORISED') }],
    'auth.guestToken': [{ type: 'auth.guestToken', token: 'demo-guest-token-1' }],
    'auth.userUpdated': [{ type: 'auth.userUpdated', response: user('AUTHORISED') }],
  },
  serializeContext: (c) => ({ status: c.user?.status ?? null, logoutError: !!c.logoutError, guestError: !!c.guestError }),
  assert: (snapshot) => {
    if (snapshot.matches('authorised')) expect(snapshot.context.user?.status).toBe('AUTHORISED');
    if (snapshot.matches('guest')) expect(snapshot.context.user?.status).toBe('GUEST');
    if (snapshot.matches('anonymous')) expect(snapshot.context.user?.status ?? 'UNKNOWN').toBe('UNKNOWN');
    if (snapshot.context.logoutError) expect(snapshot.context.logoutError).toBe(logoutErrorMessage);
  },
});
