import { expect } from 'vitest';
import { registerMachine } from '#machines/register';
import { registerConfirmationMessage, registerMessages } from '#src/copy/register';
import { describeMachineModel, errorOf, inputOf, nextFrom } from './harness';

const valid = { firstName: 'Alex', lastName: 'Morgan', email: 'new@example.com', password: 'Trains2026' } as const;
const response = {
  user: { id: 'c9', email: 'new@example.com', provider: 'internal', status: 'AUTHORISED' },
  ufacSession: null,
  isRegistered: true,
};

/** Which server answer means which message (docs/decisions/003: register copy). */
const serverErrorFor = (code: unknown) =>
  code === 'EMAIL_ALREADY_EXISTS' ? 'emailAlreadyExists' : code === 'PASSWORD_TOO_WEAK' ? 'passwordTooWeak' : 'generic';

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
      { type: 'xstate.done.actor.register', output: response },
      // The local server (decision 303): no session, a link to confirm the email (the same answer when it has an account).
      {
        type: 'xstate.done.actor.register',
        output: { confirmationSent: true, pendingEmailAddress: 'new@example.com' },
      },
    ],
    'xstate.error.actor.register': [
      { type: 'xstate.error.actor.register', error: { status: 422, code: 'EMAIL_ALREADY_EXISTS' } },
      { type: 'xstate.error.actor.register', error: { status: 400, code: 'PASSWORD_TOO_WEAK' } },
      { type: 'xstate.error.actor.register', error: { status: 503, code: null } },
    ],
  },
  serializeContext: (c) => ({
    values: c.values,
    submitAttempted: c.submitAttempted,
    serverError: c.serverError,
    touched: c.touched,
    pendingEmail: c.pendingEmail,
  }),
  calls: { submitting: { register: valid } },
  states: {
    editing: (check) => {
      const { context, event } = check;
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          values: { firstName: '', lastName: '', email: '', password: '' },
          touched: {},
          dirty: false,
          submitAttempted: false,
          serverError: null,
          response: null,
          pendingEmail: null,
        });
      }
      if (context.serverError !== null) {
        // Any typing clears the server's message (the model only types into empty fields).
        const typed = nextFrom(check, { type: 'form.change', field: 'email', value: 'other@example.com' });
        expect(typed.context.serverError, 'typing clears the server message').toBeNull();
      }
      if (Object.values(context.values).every((v) => v !== '')) {
        // Names and email are sent trimmed, the password exactly as typed.
        let padded = check.snapshot;
        for (const [field, value] of [
          ['firstName', ' Alex '],
          ['lastName', '  Morgan'],
          ['email', 'new@example.com  '],
        ] as const) {
          padded = nextFrom({ snapshot: padded }, { type: 'form.change', field, value });
        }
        const sent = nextFrom({ snapshot: padded }, { type: 'form.submit' });
        expect(sent.value).toBe('submitting');
        expect(inputOf(sent, 'register')).toEqual(valid);
        // "Check your inbox" names the address the server says it wrote to, else the one typed, trimmed.
        const pendingAfter = (output: object) =>
          nextFrom({ snapshot: sent }, { type: 'xstate.done.actor.register', output } as never).context.pendingEmail;
        expect(pendingAfter({ confirmationSent: true, pendingEmailAddress: 'alex.morgan@example.com' })).toBe(
          'alex.morgan@example.com',
        );
        expect(pendingAfter({ confirmationSent: true })).toBe('new@example.com');
      }
      const error = errorOf(event);
      if (error) {
        // A refused registration keeps what was typed and says why.
        expect(context.serverError).toBe(serverErrorFor(error.code));
        expect(registerMessages[context.serverError!]).toBeTruthy();
        expect(context.values).toEqual(valid);
      } else if (event.type === 'form.change') {
        expect(context.serverError, 'typing clears the server message').toBeNull();
        expect(context.values[event.field]).toBe(event.value);
        expect(context.dirty).toBe(true);
      } else if (event.type === 'form.submit') {
        // Submit is refused while the form is pristine or invalid (docs/product/validation.md).
        expect(context.submitAttempted).toBe(true);
        expect(Object.values(context.values).some((v) => v === '')).toBe(true);
      } else if (event.type === 'form.blur') {
        expect(context.touched[event.field]).toBe(true);
      }
      expect(context.response).toBeNull();
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.values).toEqual(valid);
      expect(context.response).toBeNull();
    },
    confirmationSent: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.register');
      expect(context.pendingEmail).toBe('new@example.com');
      expect(context.response).toBeNull();
      expect(snapshot.status).toBe('done');
      expect(registerConfirmationMessage(context.pendingEmail!)).toContain('Check your inbox');
      expect(registerConfirmationMessage(context.pendingEmail!)).toContain('new@example.com');
    },
    registered: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.register');
      expect(context.response).toEqual(response);
      expect(snapshot.output).toEqual({ response });
    },
  },
});
