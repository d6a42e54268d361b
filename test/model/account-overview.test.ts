import { expect } from 'vitest';
import { accountOverviewMachine } from '#machines/account-overview';
import { describeMachineModel } from './harness';

const summary = {
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'demo@example.com',
  counts: { upcomingBookings: 4, savedPassengers: 2, addresses: null, cards: 1 },
};

describeMachineModel(accountOverviewMachine, {
  name: 'accountOverviewMachine',
  events: {
    'xstate.done.actor.fetchAccountSummary': [{ type: 'xstate.done.actor.fetchAccountSummary', output: summary }],
    'xstate.error.actor.fetchAccountSummary': [{ type: 'xstate.error.actor.fetchAccountSummary', error: { status: 500 } }],
  },
  calls: { loading: { fetchAccountSummary: undefined } },
  // Spec section 2 (/my-account): loading, error with retry, the summary.
  states: {
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'summary.retry']).toContain(event.type);
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(context.summary).toBeNull();
    },
    loaded: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchAccountSummary');
      expect(context.summary).toEqual(summary);
      expect(snapshot.hasTag('loading')).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchAccountSummary');
      expect(context.summary).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(snapshot.can({ type: 'summary.retry' })).toBe(true);
    },
  },
});
