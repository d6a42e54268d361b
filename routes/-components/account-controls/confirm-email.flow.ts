import { fromPromise } from 'xstate';
import { confirmEmailMachine } from '#machines/confirm-email';
import { customerProfileApi } from '#src/api/customer-profile';
import { defineFlow } from '#src/flow';

/** The email change confirmation's chart bound to the API and the session once (src/flow.tsx). */
export const confirmEmailFlow = defineFlow(confirmEmailMachine)(({ api, authActor }) => {
  const profileApi = customerProfileApi(api);
  return {
    actors: { confirmEmailChange: fromPromise(({ input }) => profileApi.confirmEmailChange(input.token)) },
    actions: {
      emailChanged: (_, params) => {
        const { user, ufacSession, isRegistered } = authActor.getSnapshot().context;
        if (!user) return;
        authActor.send({
          type: 'auth.userUpdated',
          response: { user: { ...user, email: params.email }, ufacSession, isRegistered },
        });
      },
    },
  };
});
