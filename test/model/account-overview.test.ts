import { expect } from 'vitest';
import { accountOverviewMachine } from '../../machines/account-overview';
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
  assert: (snapshot) => {
    if (snapshot.matches('loaded')) expect(snapshot.context.summary).toEqual(summary);
  },
});
