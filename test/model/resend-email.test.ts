import { describe, expect, it } from 'vitest';
import { refusedRecipientsOf, resendEmailMachine, resendEmailStatus } from '#machines/resend-email';
import { emailErrors, resendEmailMessages } from '#src/copy/resend-email';
import { describeMachineModel, inputOf, nextFrom } from './harness';

describeMachineModel(resendEmailMachine, {
  name: 'resendEmailMachine',
  inputs: [
    { email: 'guest@example.com', booking: { bookingId: 'b1', orderId: 'o1', deliveryMethod: 'post' } },
    { email: null },
  ],
  events: {
    // Keep the model finite: the first address is set to a bad value, then to a good one;
    // a second address (added) gets one good value.
    'emails.change': (snap) => {
      const [first, second] = snap.context.emails;
      if (first === '' || first === 'guest@example.com')
        return [{ type: 'emails.change', index: 0, value: 'not-an-email' } as const];
      if (first === 'not-an-email') return [{ type: 'emails.change', index: 0, value: 'alex@example.com' } as const];
      if (second === '') return [{ type: 'emails.change', index: 1, value: 'jamie@example.com' } as const];
      return [];
    },
    'emails.blur': [{ type: 'emails.blur', index: 0 }],
    'emails.remove': (snap) =>
      snap.context.emails.length > 1
        ? [{ type: 'emails.remove', index: 1 } as const]
        : [{ type: 'emails.remove', index: 0 } as const],
    'emails.add': (snap) => (snap.context.emails.length < 2 ? [{ type: 'emails.add' } as const] : []),
    'xstate.done.actor.resendEmail': [{ type: 'xstate.done.actor.resendEmail', output: undefined }],
    'xstate.error.actor.resendEmail': [
      { type: 'xstate.error.actor.resendEmail', error: { status: 500, code: 'INTERNAL_ERROR' } },
      // Too many resends (decision 301): 429 with Retry-After.
      {
        type: 'xstate.error.actor.resendEmail',
        error: { status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 600 },
      },
      // A recipient the booking may not be sent to: the field it names.
      {
        type: 'xstate.error.actor.resendEmail',
        error: {
          status: 422,
          code: 'RECIPIENT_NOT_ALLOWED',
          body: { errors: [{ code: 'RECIPIENT_NOT_ALLOWED', field: 'emailAddresses.0' }] },
        },
      },
    ],
  },
  serializeContext: (c) => ({
    emails: c.emails,
    submitAttempted: c.submitAttempted,
    refused: c.refusedRecipients,
    failure: c.failure,
  }),
  maxPaths: 450,
  calls: { 'open.sending': { resendEmail: undefined } },
  // docs/product/states.md: resend email NOT_SET, PENDING, SUCCESS, ERROR; closing the modal resets it.
  states: {
    closed: ({ snapshot, context, event }) => {
      expect(resendEmailStatus(snapshot)).toBe('NOT_SET');
      expect([...snapshot.tags]).toEqual(['NOT_SET']);
      if (event.type === 'xstate.init') {
        // The booking's address (a guest's) is offered first; nothing typed, tried or sent yet.
        expect(context).toEqual({
          booking: context.booking,
          initialEmail: context.initialEmail,
          emails: [context.initialEmail],
          touched: [false],
          submitAttempted: false,
          sentTo: [],
          maxAddresses: 5,
          refusedRecipients: [],
          failure: null,
          retryAfterSeconds: null,
        });
        expect(['guest@example.com', '']).toContain(context.initialEmail);
      }
      expect(context.emails).toEqual([context.initialEmail]);
      expect(context.submitAttempted).toBe(false);
    },
    open: ({ snapshot }) => expect(snapshot.can({ type: 'modal.close' })).toBe(true),
    'open.editing': (check) => {
      const { snapshot, context, event } = check;
      expect(resendEmailStatus(snapshot)).toBe('NOT_SET');
      expect([...snapshot.tags]).toEqual(['NOT_SET']);
      if (event.type === 'xstate.error.actor.resendEmail') {
        // The server refused a recipient: back to editing, that field in error, the rest kept.
        const refused = context.emails[0]?.trim().toLowerCase() ?? '';
        expect(context.refusedRecipients).toEqual([refused]);
        expect(context.submitAttempted).toBe(true);
        expect(emailErrors(context.emails, context.refusedRecipients)[0]).toBe(resendEmailMessages.recipientNotAllowed);
        expect(
          emailErrors(context.emails, context.refusedRecipients)
            .slice(1)
            .every((e) => e === null),
        ).toBe(true);
        // Sending the same address again is not possible; changing it clears its error.
        expect(nextFrom(check, { type: 'form.submit' }).value).toEqual({ open: 'editing' });
        const changed = nextFrom(check, { type: 'emails.change', index: 0, value: 'other@example.com' });
        expect(emailErrors(changed.context.emails, changed.context.refusedRecipients)[0]).toBeNull();
        // A refusal naming no field refuses every address but the booking's own.
        expect(
          refusedRecipientsOf(
            { error: { status: 422, code: 'RECIPIENT_NOT_ALLOWED' } },
            [' A@x.example', 'guest@example.com'],
            'guest@example.com',
          ),
        ).toEqual(['a@x.example']);
      }
      if (
        context.refusedRecipients.length === 0 &&
        context.emails[0] === 'alex@example.com' &&
        context.emails.every((e) => e.includes('@') && e.trim() === e)
      ) {
        // Addresses are sent trimmed, and the confirmation lists them as sent.
        const padded = nextFrom(check, { type: 'emails.change', index: 0, value: '  alex@example.com ' });
        const sending = nextFrom({ snapshot: padded }, { type: 'form.submit' });
        const trimmed = ['alex@example.com', ...context.emails.slice(1)];
        expect(sending.value).toEqual({ open: 'sending' });
        expect(inputOf(sending, 'resendEmail')).toEqual({ emailAddresses: trimmed, booking: context.booking });
        const sent = nextFrom({ snapshot: sending }, {
          type: 'xstate.done.actor.resendEmail',
          output: undefined,
        } as never);
        expect(sent.context.sentTo).toEqual(trimmed);
      }
      if (event.type === 'modal.open') {
        expect(context).toMatchObject({
          emails: [context.initialEmail],
          touched: [false],
          submitAttempted: false,
          sentTo: [],
          refusedRecipients: [],
          failure: null,
          retryAfterSeconds: null,
        });
      }
      // The list of addresses, from every editing step: each edit touches the address it names only.
      const step = (e: object) => nextFrom(check, e as never).context;
      const last = context.emails.length - 1;
      if (last > 0) {
        const removed = step({ type: 'emails.remove', index: 0 });
        expect([removed.emails, removed.touched], 'a removed address goes with its touched flag').toEqual([
          context.emails.slice(1),
          context.touched.slice(1),
        ]);
      } else expect(step({ type: 'emails.remove', index: 0 }).emails, 'the last address stays').toEqual(context.emails);
      for (const index of [-1, last + 1]) {
        expect(step({ type: 'emails.remove', index }).emails, `remove ${index}`).toEqual(context.emails);
        expect(step({ type: 'emails.change', index, value: 'x@example.com' }).emails, `change ${index}`).toEqual(
          context.emails,
        );
      }
      expect(step({ type: 'emails.change', index: last, value: 'z@example.com' }).emails).toEqual([
        ...context.emails.slice(0, -1),
        'z@example.com',
      ]);
      expect(step({ type: 'emails.blur', index: last }).touched).toEqual([...context.touched.slice(0, -1), true]);
      const added = step({ type: 'emails.add' });
      expect([added.emails, added.touched], 'a new address is empty and untouched').toEqual([
        [...context.emails, ''],
        [...context.touched, false],
      ]);
      const full = Array.from({ length: context.maxAddresses }, (_, i) => `a${i}@example.com`);
      const atMax = snapshot.machine.resolveState({
        value: { open: 'editing' },
        context: { ...context, emails: full, touched: full.map(() => false) },
      });
      expect(nextFrom({ snapshot: atMax }, { type: 'emails.add' }).context.emails, 'no more than the maximum').toEqual(
        full,
      );
      if (event.type === 'emails.change') expect(context.emails[event.index]).toBe(event.value);
      if (event.type === 'emails.add') expect(context.emails.at(-1)).toBe('');
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'emails.blur') expect(context.touched[event.index]).toBe(true);
      expect(context.emails.length).toBeLessThanOrEqual(context.maxAddresses);
      expect(context.emails.length).toBeGreaterThan(0);
    },
    'open.sending': (check) => {
      const { snapshot, event } = check;
      expect(event.type).toBe('form.submit');
      expect(resendEmailStatus(snapshot)).toBe('PENDING');
      // Only a 422 RECIPIENT_NOT_ALLOWED refuses a recipient; the code on another status, or another
      // 422, is a failure to send.
      for (const error of [
        { problem: { kind: 'http', status: 400, codes: ['RECIPIENT_NOT_ALLOWED'], detail: null, body: null } },
        { problem: { kind: 'http', status: 422, codes: ['VALIDATION_ERROR'], detail: null, body: null } },
      ]) {
        const failed = nextFrom(check, { type: 'xstate.error.actor.resendEmail', error } as never);
        expect([failed.value, failed.context.failure, failed.context.refusedRecipients]).toEqual([
          { open: 'failed' },
          'failed',
          check.context.refusedRecipients,
        ]);
      }
    },
    'open.sent': ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.resendEmail');
      expect(resendEmailStatus(snapshot)).toBe('SUCCESS');
      expect(context.sentTo).toEqual(context.emails.map((e) => e.trim()));
    },
    'open.failed': (check) => {
      const { snapshot, context, event } = check;
      if (event.type !== 'emails.blur') expect(event.type).toBe('xstate.error.actor.resendEmail');
      // Leaving an address after a failure marks it (its error may show), and stays on the failure.
      const left = nextFrom(check, { type: 'emails.blur', index: 0 });
      expect(left.matches({ open: 'failed' })).toBe(true);
      expect(left.context.touched).toEqual(context.touched.map((t, i) => t || i === 0));
      expect(resendEmailStatus(snapshot)).toBe('ERROR');
      // Too many resends says when to try again; anything else is the general failure.
      if (event.type === 'xstate.error.actor.resendEmail') {
        const throttled = (event as unknown as { error: { status: number } }).error.status === 429;
        expect(context.failure).toBe(throttled ? 'throttled' : 'failed');
        expect(context.retryAfterSeconds).toBe(throttled ? 600 : null);
        if (throttled) expect(resendEmailMessages.throttled(context.retryAfterSeconds)).toMatch(/10 minutes/);
      }
      // Input is kept on a server failure.
      expect(context.emails.every((e) => e !== '')).toBe(true);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
    },
  },
});

describe('refusedRecipientsOf: which addresses a 422 RECIPIENT_NOT_ALLOWED names', () => {
  const refusal = (body: unknown) => ({
    error: { problem: { kind: 'http', status: 422, codes: ['RECIPIENT_NOT_ALLOWED'], detail: null, body } },
  });
  const sent = ['a@example.com', ' B@Example.com ', 'guest@example.com'];
  const all = ['a@example.com', 'b@example.com'];

  it('the addresses its errors’ fields name, once each, as keys (trimmed, lower case)', () => {
    const fields = (...names: unknown[]) =>
      refusal({ errors: names.map((field) => ({ code: 'RECIPIENT_NOT_ALLOWED', field })) });
    expect(refusedRecipientsOf(fields('emailAddresses.1', 'emailAddresses.1'), sent, 'guest@example.com')).toEqual([
      'b@example.com',
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    expect(refusedRecipientsOf(fields('emailAddresses.10'), eleven, 'guest@example.com')).toEqual(['r10@example.com']);
  });

  it.each([
    ['no body', null],
    ['a body that is not an object', 'refused'],
    ['errors that are not objects', { errors: [null, 'emailAddresses.0', 7] }],
    ['a field that is not a string', { errors: [{ field: ['emailAddresses.0'] }] }],
    [
      'a field naming something else',
      { errors: [{ field: 'recipient.emailAddresses.0' }, { field: 'emailAddresses.0.value' }] },
    ],
    ['a field past what was sent', { errors: [{ field: 'emailAddresses.5' }] }],
  ])('%s: every address but the booking’s own', (_, body) => {
    expect(refusedRecipientsOf(refusal(body), sent, 'guest@example.com')).toEqual(all);
  });
});
