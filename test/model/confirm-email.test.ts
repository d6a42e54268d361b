import { expect } from 'vitest';
import { confirmEmailMachine } from '#machines/confirm-email';
import { describeMachineModel, errorOf, outputOf, stepFrom } from './harness';

const CONFIRMED = { newTokens: { sessionRotated: true }, updatedEmailAddress: 'alex.new@example.com' };
const SIGN_IN_AGAIN = { newTokens: null, updatedEmailAddress: 'alex.new@example.com' };

describeMachineModel(confirmEmailMachine, {
  name: 'confirmEmailMachine',
  inputs: [{ token: 'confirm-token-1' }, { token: null }],
  events: {
    'xstate.done.actor.confirmEmailChange': [
      { type: 'xstate.done.actor.confirmEmailChange', output: CONFIRMED },
      { type: 'xstate.done.actor.confirmEmailChange', output: SIGN_IN_AGAIN },
    ],
    'xstate.error.actor.confirmEmailChange': [
      { type: 'xstate.error.actor.confirmEmailChange', error: { status: 400, code: 'TOKEN_INVALID' } },
      { type: 'xstate.error.actor.confirmEmailChange', error: { status: 422, code: 'EMAIL_ALREADY_EXISTS' } },
      { type: 'xstate.error.actor.confirmEmailChange', error: { status: 500, code: null } },
    ],
  },
  calls: { confirming: { confirmEmailChange: { token: 'confirm-token-1' } } },
  // Decision 150: the link's token (from the URL hash) is sent once to change-email/confirm; its
  // answer is the spec's change-email answer (docs/product/api.md): newTokens → still signed in, none → sign in again.
  states: {
    confirming: ({ snapshot, context, event }) => {
      expect(context.token).toBe('confirm-token-1');
      expect(['xstate.init', 'confirmEmail.retry']).toContain(event.type);
      // Only a 400 TOKEN_INVALID refuses the link. A 400 for another reason, or a failure that
      // happens to carry the code, is a failure to retry with the same token.
      for (const error of [
        { status: 400, code: 'VALIDATION_ERROR' },
        { status: 503, code: 'TOKEN_INVALID' },
      ]) {
        const next = stepFrom({ snapshot }, { type: 'xstate.error.actor.confirmEmailChange', error } as never).snapshot;
        expect([next.value, next.context.token], JSON.stringify(error)).toEqual(['failed', 'confirm-token-1']);
      }
    },
    failed: ({ snapshot, context, event }) => {
      expect(errorOf(event)?.status).toBe(500);
      expect(context.token, 'kept for the retry').toBe('confirm-token-1');
      expect(snapshot.can({ type: 'confirmEmail.retry' })).toBe(true);
    },
    confirmed: ({ snapshot, context, event, performed }) => {
      expect(outputOf(event)).toEqual(CONFIRMED);
      expect(performed.find((a) => a.type === 'emailChanged')?.params).toEqual({ email: 'alex.new@example.com' });
      expect(context.token, 'used once').toBeNull();
      expect(snapshot.output).toEqual({ outcome: 'confirmed', updatedEmailAddress: 'alex.new@example.com' });
    },
    signInRequired: ({ snapshot, context, event, actions }) => {
      expect(outputOf(event)).toEqual(SIGN_IN_AGAIN);
      expect(actions).not.toContain('emailChanged');
      expect(context.token).toBeNull();
      expect(snapshot.output).toEqual({ outcome: 'signInRequired', updatedEmailAddress: 'alex.new@example.com' });
    },
    expired: ({ snapshot, context, event }) => {
      // No token in the link, or the server refused it as used or expired.
      if (event.type === 'xstate.init') expect(context.updatedEmailAddress).toBeNull();
      else expect(errorOf(event)).toEqual({ status: 400, code: 'TOKEN_INVALID' });
      expect(context.token).toBeNull();
      expect(context.outcome).toBe('expired');
      expect(snapshot.output).toEqual({ outcome: 'expired', updatedEmailAddress: null });
    },
    emailTaken: ({ snapshot, context, event }) => {
      expect(errorOf(event)?.status).toBe(422);
      expect(context.token, 'used once').toBeNull();
      expect(context.outcome).toBe('emailTaken');
      expect(snapshot.output).toEqual({ outcome: 'emailTaken', updatedEmailAddress: null });
    },
  },
});
