import { fromPromise } from 'xstate';
import { accountOverviewMachine } from '#machines/account-overview';
import { customerProfileApi } from '#src/api/customer-profile';
import { absentOn404 } from '#src/api/errors';
import { defineFlow } from '#src/flow';

/** The account overview's chart bound to the API once (src/flow.tsx). */
export const accountOverviewFlow = defineFlow(accountOverviewMachine)(({ api }) => {
  const profile = customerProfileApi(api);
  return { actors: { fetchAccountSummary: fromPromise(() => absentOn404(profile.getAccountSummary())) } };
});
