import { fromPromise } from 'xstate';
import { closeAccountMachine } from '#machines/close-account';
import { yourDataApi } from '#src/api/your-data';
import { defineFlow } from '#src/flow';

/** The account closing's chart bound to the API and the session once (src/flow.tsx). */
export const closeAccountFlow = defineFlow(closeAccountMachine)(({ api, authActor }) => {
  const calls = yourDataApi(api);
  return {
    actors: { closeAccount: fromPromise(({ input }) => calls.closeAccount(input.password)) },
    actions: {
      // The server ended every session of the account: the app forgets the customer at once, so
      // the header and the account navigation no longer show them signed in.
      signedOut: () => {
        api.forgetPrefetched();
        authActor.send({ type: 'auth.accountClosed' });
      },
    },
  };
});
