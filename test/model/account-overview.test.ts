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
  // The route's loader may have fetched the summary already (docs/decisions/730): the chart starts
  // from it or from its error, and asks only on a retry.
  inputs: [{}, { first: { data: summary } }, { first: { data: null } }, { first: { error: { status: 500 } } }],
  events: {
    'xstate.done.actor.fetchAccountSummary': [
      { type: 'xstate.done.actor.fetchAccountSummary', output: summary },
      // A host without the account summary call (not in docs/product/api.md): the API gives null (decision 342).
      { type: 'xstate.done.actor.fetchAccountSummary', output: null },
    ],
    'xstate.error.actor.fetchAccountSummary': [
      { type: 'xstate.error.actor.fetchAccountSummary', error: { status: 500 } },
    ],
  },
  serializeContext: (c) => ({ absent: c.summary === null }),
  calls: { loading: { fetchAccountSummary: undefined } },
  // docs/product/screens.md (/my-account): loading, error with retry, the summary.
  states: {
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'summary.retry']).toContain(event.type);
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(context.summary).toBeNull();
    },
    loaded: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: context.summary });
      else {
        expect(event.type).toBe('xstate.done.actor.fetchAccountSummary');
        expect(context.summary).toEqual((event as unknown as { output: unknown }).output);
      }
      expect(snapshot.hasTag('loading')).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(event.type).toBe('xstate.error.actor.fetchAccountSummary');
      expect(context.summary).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(snapshot.can({ type: 'summary.retry' })).toBe(true);
    },
  },
});
