import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { closeAccountMachine } from '#machines/close-account';
import { closeAccountMessages } from '#src/copy/close-account';
import { describeMachineModel, errorOf, nextFrom, stepFrom } from './harness';

/**
 * "Close your account" (decision 611): the explanation, then the confirmation with the password
 * (none for an account made with a sign-in provider, which needs a recent sign-in instead); a
 * refund or claim under way refuses it, naming each by its booking reference.
 */
const matters = [
  { kind: 'refund', reference: 'TL-ABC234' },
  { kind: 'claim', reference: 'TL-XYZ789' },
] as const;

describeMachineModel(closeAccountMachine, {
  name: 'closeAccountMachine',
  // Absent hasPassword: a password is asked for. false: an account with no password.
  inputs: [{}, { hasPassword: false }],
  events: {
    'form.change': (snap) =>
      snap.context.hasPassword && snap.context.values.password === ''
        ? [{ type: 'form.change', field: 'password', value: 'RailDemo!2026' } as const]
        : [],
    'form.blur': [{ type: 'form.blur', field: 'password' }],
    'xstate.done.actor.closeAccount': [{ type: 'xstate.done.actor.closeAccount', output: undefined }],
    'xstate.error.actor.closeAccount': [
      { type: 'xstate.error.actor.closeAccount', error: { status: 400, code: 'PASSWORD_INCORRECT' } },
      {
        type: 'xstate.error.actor.closeAccount',
        error: { status: 409, code: 'OPEN_MATTERS', body: { errors: [{ code: 'OPEN_MATTERS' }], matters } },
      },
      // A 409 whose reasons do not read (another shape): refused all the same, with no reference named.
      {
        type: 'xstate.error.actor.closeAccount',
        error: {
          status: 409,
          code: 'OPEN_MATTERS',
          body: { errors: [{ code: 'OPEN_MATTERS' }], matters: 'TL-ABC234' },
        },
      },
      { type: 'xstate.error.actor.closeAccount', error: { status: 403, code: 'RECENT_SIGN_IN_REQUIRED' } },
      // The same statuses with other codes are no such answer: the form's general error.
      { type: 'xstate.error.actor.closeAccount', error: { status: 400, code: 'VALIDATION_FAILED' } },
      { type: 'xstate.error.actor.closeAccount', error: { status: 403, code: 'CSRF_INVALID' } },
      { type: 'xstate.error.actor.closeAccount', error: { status: 409, code: 'CONFLICT' } },
      {
        type: 'xstate.error.actor.closeAccount',
        error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 900 } },
      },
      { type: 'xstate.error.actor.closeAccount', error: { status: 500, code: null } },
    ],
  },
  serializeContext: (c) => ({
    hasPassword: c.hasPassword,
    password: c.values.password,
    error: c.error,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
  }),
  maxPaths: 400,
  calls: {
    closing: { closeAccount: (c: { hasPassword: boolean }) => ({ password: c.hasPassword ? 'RailDemo!2026' : null }) },
  },
  states: {
    idle: ({ context, event }) => {
      expect(['xstate.init', 'close.cancel']).toContain(event.type);
      // Nothing typed is kept once the form is closed.
      expect(context).toMatchObject({ values: { password: '' }, error: null, dirty: false });
    },
    confirming: (check) => {
      const { context, event } = check;
      if (event.type === 'close.start')
        expect(context).toMatchObject({ values: { password: '' }, error: null, submitAttempted: false });
      if (event.type === 'xstate.error.actor.closeAccount') {
        // The answer is said beside the form, and what was typed is still there.
        const code = errorOf(event)?.code;
        expect(context.error).toBe(code === 'PASSWORD_INCORRECT' ? 'passwordIncorrect' : 'genericError');
        if (context.hasPassword) expect(context.values.password).toBe('RailDemo!2026');
        expect(closeAccountMessages[context.error!]).toMatch(/password|close your account/);
      }
      if (event.type === 'form.blur') expect(context.touched.password).toBe(true);
      if (context.hasPassword && context.values.password === '') {
        // Nothing is sent without the password: the submit only shows its error.
        const refused = stepFrom(check, { type: 'form.submit' }).snapshot;
        expect(refused.value).toBe('confirming');
        expect(refused.context.submitAttempted).toBe(true);
      }
      if (context.hasPassword && context.values.password !== '') {
        // A password typed and then deleted sends nothing either.
        const cleared = nextFrom(check, { type: 'form.change', field: 'password', value: '' });
        expect(cleared.context.dirty).toBe(true);
        expect(nextFrom({ snapshot: cleared }, { type: 'form.submit' }).value).toBe('confirming');
      }
      // With no password to type, the confirmation alone closes the account.
      if (!context.hasPassword) expect(nextFrom(check, { type: 'form.submit' }).value).toBe('closing');
      // Typing again clears the last answer.
      if (context.error !== null)
        expect(nextFrom(check, { type: 'form.change', field: 'password', value: 'x' }).context.error).toBeNull();
    },
    closing: (check) => {
      const { context, event } = check;
      expect(event.type).toBe('form.submit');
      if (context.hasPassword) expect(context.values.password).not.toBe('');
      // Every answer from here, not only the one a path walks: the graph keeps one event per
      // resulting state, so an answer that lands where another does is checked here.
      const failed = (error: object) => nextFrom(check, { type: 'xstate.error.actor.closeAccount', error });
      for (const [status, code] of [
        [400, 'VALIDATION_FAILED'],
        [403, 'CSRF_INVALID'],
        [409, 'CONFLICT'],
        [500, 'PASSWORD_INCORRECT'],
        [500, 'OPEN_MATTERS'],
        [500, 'RECENT_SIGN_IN_REQUIRED'],
      ] as const) {
        const general = failed({ status, code });
        expect([general.value, general.context.error], `${status} ${code}`).toEqual(['confirming', 'genericError']);
      }
      expect(failed({ status: 400, code: 'PASSWORD_INCORRECT' }).context.error).toBe('passwordIncorrect');
      expect(failed({ status: 403, code: 'RECENT_SIGN_IN_REQUIRED' }).value).toBe('signInAgain');
      const unreadable = failed({
        status: 409,
        code: 'OPEN_MATTERS',
        body: { errors: [{ code: 'OPEN_MATTERS' }], matters: 'TL-ABC234' },
      });
      expect([unreadable.value, unreadable.context.matters]).toEqual(['refused', []]);
    },
    refused: ({ snapshot, context, event }) => {
      const body = (errorOf(event) as { body?: { matters?: unknown } } | undefined)?.body;
      expect(context.matters).toEqual(Array.isArray(body?.matters) ? matters : []);
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    signInAgain: ({ event }) => {
      expect(errorOf(event)?.code).toBe('RECENT_SIGN_IN_REQUIRED');
    },
    throttled: ({ context }) => {
      expect(context.retryAfterSeconds).toBe(900);
    },
    closed: ({ snapshot, event, actions }) => {
      expect(event.type).toBe('xstate.done.actor.closeAccount');
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ closed: true });
      // The app is told the session has ended, and forgets the customer.
      expect(actions).toContain('signedOut');
    },
  },
});

it('knows from its input whether there is a password to ask for, and starts with nothing refused', () => {
  for (const [input, hasPassword] of [
    [{}, true],
    [{ hasPassword: true }, true],
    [{ hasPassword: null }, true],
    [{ hasPassword: false }, false],
  ] as const) {
    const { context } = createActor(closeAccountMachine, { input }).getSnapshot();
    expect([context.hasPassword, context.matters], JSON.stringify(input)).toEqual([hasPassword, []]);
  }
});

it('asks for a password when the screen could not say whether the account has one', async () => {
  const actor = createActor(
    closeAccountMachine.provide({
      actors: { closeAccount: fromPromise<void, { password: string | null }>(async () => {}) },
    }),
    { input: { hasPassword: null } },
  ).start();
  actor.send({ type: 'close.start' });
  actor.send({ type: 'form.submit' });
  expect(actor.getSnapshot().value).toBe('confirming');
  actor.send({ type: 'form.change', field: 'password', value: 'RailDemo!2026' });
  actor.send({ type: 'form.submit' });
  expect((await waitFor(actor, (s) => s.status === 'done')).output).toEqual({ closed: true });
});
