import { fromPromise } from 'xstate';
import { changeEmailMachine } from '#machines/change-email';
import { customerProfileApi } from '#src/api/customer-profile';
import { defineFlow } from '#src/flow';

/** The change-email chart bound to the API and the session once (src/flow.tsx). */
export const changeEmailFlow = defineFlow(changeEmailMachine)(({ api, authActor }) => {
  const profileApi = customerProfileApi(api);
  return {
    actors: {
      changeEmail: fromPromise(({ input }) => profileApi.changeEmail(input)),
    },
    actions: {
      emailChanged: (_, params) => {
        const { user, ufacSession, isRegistered } = authActor.getSnapshot().context;
        if (!user) return;
        authActor.send({
          type: 'auth.userUpdated',
          response: { user: { ...user, email: params.email }, ufacSession, isRegistered },
        });
      },
      signOut: () => authActor.send({ type: 'auth.logout' }),
    },
  };
});
