import { expect } from 'vitest';
import { resendEmailMachine, resendEmailStatus } from '#machines/resend-email';
import { describeMachineModel } from './harness';

describeMachineModel(resendEmailMachine, {
  name: 'resendEmailMachine',
  inputs: [{ email: 'guest@example.com' }, { email: null }],
  events: {
    // Keep the model finite: the first address is set to a bad value, then to a good one;
    // a second address (added) gets one good value.
    'emails.change': (snap) => {
      const [first, second] = snap.context.emails;
      if (first === '' || first === 'guest@example.com') return [{ type: 'emails.change', index: 0, value: 'not-an-email' } as const];
      if (first === 'not-an-email') return [{ type: 'emails.change', index: 0, value: 'alex@example.com' } as const];
      if (second === '') return [{ type: 'emails.change', index: 1, value: 'jamie@example.com' } as const];
      return [];
    },
    'emails.blur': [{ type: 'emails.blur', index: 0 }],
    'emails.remove': (snap) => (snap.context.emails.length > 1 ? [{ type: 'emails.remove', index: 1 } as const] : [{ type: 'emails.remove', index: 0 } as const]),
    'emails.add': (snap) => (snap.context.emails.length < 2 ? [{ type: 'emails.add' } as const] : []),
    'xstate.done.actor.resendEmail': [{ type: 'xstate.done.actor.resendEmail', output: undefined }],
    'xstate.error.actor.resendEmail': [{ type: 'xstate.error.actor.resendEmail', error: { status: 500, code: 'INTERNAL_ERROR' } }],
  },
  serializeContext: (c) => ({ emails: c.emails, submitAttempted: c.submitAttempted }),
  maxPaths: 300,
  calls: { 'open.sending': { resendEmail: undefined } },
  // Spec section 4: resend email NOT_SET, PENDING, SUCCESS, ERROR; closing the modal resets it.
  states: {
    closed: ({ snapshot, context }) => {
      expect(resendEmailStatus(snapshot)).toBe('NOT_SET');
      expect(context.emails).toEqual([context.initialEmail]);
      expect(context.submitAttempted).toBe(false);
    },
    open: ({ snapshot }) => expect(snapshot.can({ type: 'modal.close' })).toBe(true),
    'open.editing': ({ snapshot, context, event }) => {
      expect(resendEmailStatus(snapshot)).toBe('NOT_SET');
      if (event.type === 'modal.open') expect(context).toMatchObject({ emails: [context.initialEmail], submitAttempted: false, sentTo: [] });
      if (event.type === 'emails.change') expect(context.emails[event.index]).toBe(event.value);
      if (event.type === 'emails.add') expect(context.emails.at(-1)).toBe('');
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'emails.blur') expect(context.touched[event.index]).toBe(true);
      expect(context.emails.length).toBeLessThanOrEqual(context.maxAddresses);
      expect(context.emails.length).toBeGreaterThan(0);
    },
    'open.sending': ({ snapshot, event }) => {
      expect(event.type).toBe('form.submit');
      expect(resendEmailStatus(snapshot)).toBe('PENDING');
    },
    'open.sent': ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.resendEmail');
      expect(resendEmailStatus(snapshot)).toBe('SUCCESS');
      expect(context.sentTo).toEqual(context.emails.map((e) => e.trim()));
    },
    'open.failed': ({ snapshot, context, event }) => {
      if (event.type !== 'emails.blur') expect(event.type).toBe('xstate.error.actor.resendEmail');
      expect(resendEmailStatus(snapshot)).toBe('ERROR');
      // Input is kept on a server failure.
      expect(context.emails.every((e) => e !== '')).toBe(true);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
    },
  },
});
