import { fromPromise } from 'xstate';
import { preferencesTokenMachine } from '#machines/preferences-token';
import { consentsApi } from '#src/api/consents';
import { defineFlow } from '#src/flow';

/** The marketing email link's chart bound to the API once (src/flow.tsx). */
export const preferencesTokenFlow = defineFlow(preferencesTokenMachine)(({ api }) => {
  const consents = consentsApi(api);
  return {
    actors: { startCustomerFlow: fromPromise(({ input }) => consents.startCustomerFlow(input.token)) },
    actions: { applyUserFlow: (_, params) => api.setUserFlowId(`customer.${params.session}`) },
  };
});
