import { expect } from 'vitest';
import { signInLinkMachine } from '#machines/sign-in-link';
import { describeMachineModel, errorOf, outputOf, stepFrom } from './harness';

const SIGNED_IN = {
  user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
  ufacSession: null,
  isRegistered: true,
};

describeMachineModel(signInLinkMachine, {
  name: 'signInLinkMachine',
  inputs: [{ token: 'link-token-1' }, { token: null }],
  events: {
    'signInLink.retry': [{ type: 'signInLink.retry' }],
    'xstate.done.actor.spendSignInLink': [{ type: 'xstate.done.actor.spendSignInLink', output: SIGNED_IN }],
    'xstate.error.actor.spendSignInLink': [
      { type: 'xstate.error.actor.spendSignInLink', error: { status: 400, code: 'TOKEN_INVALID' } },
      { type: 'xstate.error.actor.spendSignInLink', error: { status: 500, code: null } },
    ],
  },
  calls: { signingIn: { spendSignInLink: { token: 'link-token-1' } } },
  // Decision 400: the emailed link's token (from the URL hash) is sent once; the answer is the
  // spec's user response, as POST /login gives.
  states: {
    signingIn: ({ snapshot, context, event }) => {
      expect(context.token).toBe('link-token-1');
      expect(['xstate.init', 'signInLink.retry']).toContain(event.type);
      // Only a 400 TOKEN_INVALID refuses the link; any other failure keeps the token for a retry.
      for (const error of [
        { status: 400, code: 'VALIDATION_ERROR' },
        { status: 503, code: 'TOKEN_INVALID' },
      ]) {
        const next = stepFrom({ snapshot }, { type: 'xstate.error.actor.spendSignInLink', error } as never).snapshot;
        expect([next.value, next.context.token], JSON.stringify(error)).toEqual(['failed', 'link-token-1']);
      }
    },
    failed: ({ snapshot, context, event }) => {
      expect(errorOf(event)?.status).toBe(500);
      expect(context.token, 'kept for the retry').toBe('link-token-1');
      expect(snapshot.can({ type: 'signInLink.retry' })).toBe(true);
    },
    signedIn: ({ snapshot, context, event }) => {
      expect(outputOf(event)).toEqual(SIGNED_IN);
      expect(context.token, 'used once').toBeNull();
      expect(snapshot.output).toEqual({ outcome: 'signedIn', response: SIGNED_IN });
    },
    expired: ({ snapshot, context, event }) => {
      // No token in the link, or the server refused it as used or expired.
      if (event.type !== 'xstate.init') expect(errorOf(event)).toEqual({ status: 400, code: 'TOKEN_INVALID' });
      expect(context.token).toBeNull();
      expect(snapshot.output).toEqual({ outcome: 'expired', response: null });
    },
  },
});
