import { assign, fromPromise, setup } from 'xstate';
import type { AccountSummary } from '#src/schemas/customer-profile';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Account overview: loads the account summary (name, email, counts). A failed summary shows an
 * error with a retry; the section links work regardless.
 */
export interface AccountOverviewContext {
  summary: AccountSummary | null;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<AccountSummary | null> | null;
}

export interface AccountOverviewInput {
  first?: FirstData<AccountSummary | null> | undefined;
}

export type AccountOverviewEvent = { type: 'summary.retry' };

export const accountOverviewMachine = setup({
  types: {
    context: {} as AccountOverviewContext,
    events: {} as AccountOverviewEvent,
    input: {} as AccountOverviewInput,
  },
  actors: {
    /** Null: the host has no account summary call (not in docs/product/api.md); the section links alone show. */
    fetchAccountSummary: fromPromise<AccountSummary | null>(async () => {
      throw new Error('fetchAccountSummary not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    /** The route's summary, as `storeSummary` stores a fetched one. */
    storeFirstSummary: assign(({ context }) => ({ summary: firstLoaded(context.first) ? context.first.data : null })),
    storeSummary: assign(({ event }) => ({ summary: doneOutput<AccountSummary | null>(event, 'fetchAccountSummary') })),
  },
}).createMachine({
  id: 'accountOverview',
  context: ({ input }) => ({ summary: null, first: input?.first ?? null }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the screen starts: from what the route loaded (the summary or its error), else it fetches the summary.',
      always: [
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstSummary' },
        { guard: 'firstFailed', target: 'failed' },
        { target: 'loading' },
      ],
    },
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
