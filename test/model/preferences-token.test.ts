import { expect } from 'vitest';
import { preferencesTokenMachine } from '#machines/preferences-token';
import { preferencesTokenMessages } from '#src/copy/preferences-token';
import { describeMachineModel, errorOf, outputOf } from './harness';

describeMachineModel(preferencesTokenMachine, {
  name: 'preferencesTokenMachine',
  inputs: [{ token: 'demo-marketing-token' }, { token: null }, { token: '' }],
  events: {
    'xstate.done.actor.startCustomerFlow': [
      {
        type: 'xstate.done.actor.startCustomerFlow',
        output: { session: 's'.repeat(43), flow: 'customer', orderId: null },
      },
    ],
    'xstate.error.actor.startCustomerFlow': [
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 401 } },
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 400 } },
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 500 } },
      // A host without POST /user-flow-access (beyond docs/product/api.md).
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: 404 } },
      { type: 'xstate.error.actor.startCustomerFlow', error: { status: null } },
    ],
  },
  serializeContext: (c) => ({ hasToken: c.token !== null, session: c.session !== null }),
  calls: { exchanging: { startCustomerFlow: { token: 'demo-marketing-token' } } },
  // Contact preferences by email link (docs/product/api.md): the token is exchanged for a customer
  // session; 400/401 mean the link is no good (token forgotten); other failures keep it for a retry.
  states: {
    exchanging: ({ context, event }) => {
      expect(['xstate.init', 'token.retry']).toContain(event.type);
      expect(context.token).toBe('demo-marketing-token');
    },
    failed: ({ snapshot, context, event }) => {
      expect([400, 401, 404]).not.toContain(errorOf(event)?.status);
      expect(context.token, 'kept for a retry').toBe('demo-marketing-token');
      expect(snapshot.can({ type: 'token.retry' })).toBe(true);
    },
    noToken: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.init');
      // An end: the page says how to get a link, with nothing to retry.
      expect([snapshot.status, snapshot.can({ type: 'token.retry' })]).toEqual(['done', false]);
      expect(context.token ?? '').toBe('');
      expect(context.session).toBeNull();
    },
    invalidToken: ({ snapshot, context, event }) => {
      expect([400, 401]).toContain(errorOf(event)?.status);
      expect([snapshot.status, snapshot.can({ type: 'token.retry' })]).toEqual(['done', false]);
      expect(context).toEqual({ token: null, session: null });
    },
    linkNotOffered: ({ snapshot, context, event }) => {
      expect(errorOf(event)?.status).toBe(404);
      // An end: no retry can help; the page offers sign-in instead, not an error.
      expect([snapshot.status, snapshot.can({ type: 'token.retry' })]).toEqual(['done', false]);
      expect(context).toEqual({ token: null, session: null });
      expect(preferencesTokenMessages.linkNotOffered).toBe(
        "Changing your contact preferences from an email link isn't available here. Sign in to choose the marketing you'd like from us.",
      );
    },
    ready: ({ snapshot, context, event, actions, performed }) => {
      expect(actions, 'the session is used from now on').toContain('applyUserFlow');
      expect(performed.find((a) => a.type === 'applyUserFlow')?.params).toEqual({ session: 's'.repeat(43) });
      expect(outputOf(event)).toMatchObject({ session: 's'.repeat(43) });
      expect(context.token, 'the token is not kept once used').toBeNull();
      expect(snapshot.output).toEqual({ session: 's'.repeat(43) });
    },
  },
});
