import { assign, fromPromise, setup } from 'xstate';
import type { AccountSummary } from '#src/schemas/customer-profile';
import { doneOutput } from './lib/done-output';

/**
 * Account overview: loads the account summary (name, email, counts). A failed summary shows an
 * error with a retry; the section links work regardless.
 */
export interface AccountOverviewContext {
  summary: AccountSummary | null;
}

export type AccountOverviewEvent = { type: 'summary.retry' };

export const accountOverviewMachine = setup({
  types: {
    context: {} as AccountOverviewContext,
    events: {} as AccountOverviewEvent,
  },
  actors: {
    /** Null: the host has no account summary call (not in docs/product/api.md); the section links alone show. */
    fetchAccountSummary: fromPromise<AccountSummary | null>(async () => {
      throw new Error('fetchAccountSummary not provided');
    }),
  },
  actions: {
    storeSummary: assign(({ event }) => ({ summary: doneOutput<AccountSummary | null>(event, 'fetchAccountSummary') })),
  },
}).createMachine({
  id: 'accountOverview',
  context: { summary: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The account summary (name, email, counts) is loading; the section links already work.',
      tags: ['loading'],
      invoke: {
        id: 'fetchAccountSummary',
        src: 'fetchAccountSummary',
        onDone: { target: 'loaded', actions: 'storeSummary' },
        onError: { target: 'failed' },
      },
    },
    loaded: { description: "The summary is shown: the customer's name, email and the counts of each section." },
    failed: {
      description: 'The summary could not be loaded: an error with a retry; the section links still work.',
      on: { 'summary.retry': { target: 'loading' } },
    },
  },
});
