import { expect } from 'vitest';
import { loginMachine } from '../../machines/login';
import { describeMachineModel } from './harness';

describeMachineModel(loginMachine, {
  name: 'loginMachine',
  events: {
    'form.change': (snap) => [
      ...(snap.context.values.email === '' ? [{ type: 'form.change' as const, field: 'email' as const, value: 'demo@example.com' }] : []),
      ...(snap.context.values.password === '' ? [{ type: 'form.change' as const, field: 'password' as const, value: 'RailDemo!2026' }] : []),
    ],
    'form.blur': [{ type: 'form.blur', field: 'email' }],
    'xstate.done.actor.login': [
      {
        type: 'xstate.done.actor.login',
        output: { user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' }, ufacSession: null, isRegistered: true },
      },
    ],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: { status: 401, code: 'INVALID_CREDENTIALS' } },
      { type: 'xstate.error.actor.login', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({ values: c.values, submitAttempted: c.submitAttempted, serverError: c.serverError, touched: c.touched }),
  assert: (snapshot) => {
    if (snapshot.matches('signedIn')) expect(snapshot.output?.response?.user.status).toBe('AUTHORISED');
  },
});
