import { expect } from 'vitest';
import { resendEmailMachine, resendEmailStatus } from '../../machines/resend-email';
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
  assert: (snapshot) => {
    const status = resendEmailStatus(snapshot);
    if (snapshot.matches('closed')) {
      expect(status).toBe('NOT_SET');
      // Closing resets the modal.
      expect(snapshot.context.emails).toEqual([snapshot.context.initialEmail]);
      expect(snapshot.context.submitAttempted).toBe(false);
    }
    if (snapshot.matches({ open: 'sending' })) expect(status).toBe('PENDING');
    if (snapshot.matches({ open: 'sent' })) {
      expect(status).toBe('SUCCESS');
      expect(snapshot.context.sentTo.length).toBeGreaterThan(0);
    }
    if (snapshot.matches({ open: 'failed' })) {
      expect(status).toBe('ERROR');
      // Input is kept on a server failure.
      expect(snapshot.context.emails.every((e) => e !== '')).toBe(true);
    }
  },
});
