import { fromPromise } from 'xstate';
import { contactPreferencesMachine } from '#machines/contact-preferences';
import { consentsApi } from '#src/api/consents';
import { defineFlow } from '#src/flow';

/**
 * The contact preferences chart bound to the API once (src/flow.tsx). The calls identify whoever the
 * client speaks for: the signed-in customer, or the customer of a marketing email link once its token
 * has set the client's user-flow session (preferences-token.flow.ts).
 */
export const contactPreferencesFlow = defineFlow(contactPreferencesMachine)(({ api }) => {
  const consents = consentsApi(api);
  return {
    actors: {
      fetchConsents: fromPromise(({ signal }) => consents.getConsents({ signal })),
      updateConsents: fromPromise(({ input }) => consents.updateConsents(input.consentSelections)),
      revokeMarketing: fromPromise(() => consents.revoke()),
      restoreMarketing: fromPromise(() => consents.restore()),
    },
  };
});
