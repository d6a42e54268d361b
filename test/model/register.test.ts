import { registerMachine } from '../../machines/register';
import { describeMachineModel } from './harness';

const valid = { firstName: 'Alex', lastName: 'Morgan', email: 'new@example.com', password: 'Trains2026' } as const;

describeMachineModel(registerMachine, {
  name: 'registerMachine',
  events: {
    // Fill the form in order so the model stays small; the submit guard needs every field valid.
    'form.change': (snap) => {
      const next = (Object.keys(valid) as (keyof typeof valid)[]).find((f) => snap.context.values[f] === '');
      return next ? [{ type: 'form.change', field: next, value: valid[next] } as const] : [];
    },
    'form.blur': [{ type: 'form.blur', field: 'email' }],
    'xstate.done.actor.register': [
      {
        type: 'xstate.done.actor.register',
        output: { user: { id: 'c9', email: 'new@example.com', provider: 'internal', status: 'AUTHORISED' }, ufacSession: null, isRegistered: true },
      },
    ],
    'xstate.error.actor.register': [
      { type: 'xstate.error.actor.register', error: { status: 422, code: 'EMAIL_ALREADY_EXISTS' } },
      { type: 'xstate.error.actor.register', error: { status: 400, code: 'PASSWORD_TOO_WEAK' } },
      { type: 'xstate.error.actor.register', error: { status: 503, code: null } },
    ],
  },
  serializeContext: (c) => ({ values: c.values, submitAttempted: c.submitAttempted, serverError: c.serverError, touched: c.touched }),
});
