import { expect } from 'vitest';
import { forgotPasswordMachine } from '#machines/forgot-password';
import { forgotPasswordFailureMessage } from '#src/copy/forgot-password';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { describeMachineModel, inputOf, nextFrom, stepFrom } from './harness';

describeMachineModel(forgotPasswordMachine, {
  name: 'forgotPasswordMachine',
  events: {
    'form.change': (snap) =>
      snap.context.values.email === ''
        ? [{ type: 'form.change', field: 'email', value: 'demo@example.com' } as const]
        : [],
    'form.blur': [{ type: 'form.blur', field: 'email' }],
    'xstate.done.actor.requestReset': [{ type: 'xstate.done.actor.requestReset', output: undefined }],
    'xstate.error.actor.requestReset': [
      { type: 'xstate.error.actor.requestReset', error: { status: 500 } },
      {
        type: 'xstate.error.actor.requestReset',
        error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: 61 } },
      },
    ],
  },
  serializeContext: (c) => ({
    email: c.values.email,
    failed: c.failed,
    throttled: c.throttled,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
  }),
  calls: { submitting: { requestReset: { email: 'demo@example.com' } } },
  // docs/product/validation.md and docs/product/errors.md: email required; submit refused while pristine or invalid; a failure
  // shows "We're unable to reset your password…" and keeps the email.
  states: {
    editing: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') {
        // An empty form: nothing typed, left, tried or failed yet.
        expect(context).toEqual({
          values: { email: '' },
          touched: {},
          dirty: false,
          submitAttempted: false,
          failed: false,
          throttled: false,
          retryAfterSeconds: null,
        });
      }
      // Typing clears any failure, and the address is sent without the spaces around it.
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'email', value: ' demo@example.com  ' });
      expect([typed.context.failed, typed.context.throttled, typed.context.retryAfterSeconds]).toEqual([
        false,
        false,
        null,
      ]);
      const sent = stepFrom({ snapshot: typed }, { type: 'form.submit' }).snapshot;
      expect([sent.value, inputOf(sent, 'requestReset')]).toEqual(['submitting', { email: 'demo@example.com' }]);
      if (event.type === 'xstate.error.actor.requestReset') {
        expect(context.failed).toBe(true);
        expect(context.values.email, 'the email is kept').toBe('demo@example.com');
        // Decision 155: a 429 says when to try again (Retry-After 61 s: 2 minutes); any other failure the spec's message.
        const throttled = 'problem' in (event.error as object);
        expect([context.throttled, context.retryAfterSeconds]).toEqual(throttled ? [true, 61] : [false, null]);
        if (throttled)
          expect(tooManyAttemptsMessage(context.retryAfterSeconds)).toBe(
            'Too many attempts. For your security, please try again in 2 minutes.',
          );
      }
      if (event.type === 'form.change') {
        expect(context.values.email).toBe(event.value);
        expect([context.failed, context.throttled], 'typing clears the failure').toEqual([false, false]);
      }
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched.email).toBe(true);
      if (event.type === 'forgot.restart') {
        expect(context).toEqual({
          values: { email: '' },
          touched: {},
          dirty: false,
          submitAttempted: false,
          failed: false,
          throttled: false,
          retryAfterSeconds: null,
        });
      }
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.values.email).toBe('demo@example.com');
    },
    sent: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.requestReset');
      expect(snapshot.can({ type: 'forgot.restart' }), 'Back starts again').toBe(true);
    },
  },
});

expect(forgotPasswordFailureMessage()).toBe(
  "We're unable to reset your password at this time. Please try again later.",
);
