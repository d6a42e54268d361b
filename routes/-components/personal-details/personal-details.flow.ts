import { fromPromise } from 'xstate';
import { personalDetailsMachine } from '#machines/personal-details';
import { customerProfileApi } from '#src/api/customer-profile';
import { defineFlow } from '#src/flow';

/** Key of this screen's draft in the in-memory draft store. */
export const personalDetailsDraftKey = 'personal-details';

/** The personal details' chart bound to the API, the session and the draft store once (src/flow.tsx). */
export const personalDetailsFlow = defineFlow(personalDetailsMachine)(({ api, authActor, drafts }) => {
  const profile = customerProfileApi(api);
  // A draft belongs to the account signed in when the customer pressed save, and is shown only to it.
  const currentAccount = () => authActor.getSnapshot().context.user?.id ?? null;
  return {
    actors: {
      fetchPersonalDetails: fromPromise(() => profile.getPersonalDetails()),
      savePersonalDetails: fromPromise(({ input }) => {
        drafts.claim(personalDetailsDraftKey, currentAccount());
        return profile.savePersonalDetails(input);
      }),
    },
    actions: {
      nameChanged: (_, params) => {
        const { user, ufacSession, isRegistered } = authActor.getSnapshot().context;
        if (!user) return;
        authActor.send({
          type: 'auth.userUpdated',
          response: {
            user: { ...user, firstName: params.firstName, lastName: params.lastName },
            ufacSession,
            isRegistered,
          },
        });
      },
      keepDraft: (_, draft) => drafts.keep(personalDetailsDraftKey, draft),
      dropDraft: () => drafts.drop(personalDetailsDraftKey),
    },
  };
});
