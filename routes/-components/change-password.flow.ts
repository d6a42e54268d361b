import { fromPromise } from 'xstate';
import { changePasswordMachine } from '#machines/change-password';
import { defineFlow } from '#src/flow';

/** The change (or set) password chart bound to the API and the session once (src/flow.tsx). */
export const changePasswordFlow = defineFlow(changePasswordMachine)(({ authApi, authActor }) => {
  return {
    actors: {
      changePassword: fromPromise(async ({ input }) => {
        await authApi.changePassword(input);
      }),
      setPassword: fromPromise(async ({ input }) => {
        await authApi.setPassword(input);
      }),
    },
    actions: {
      passwordKnown: () => {
        const { user, ufacSession, isRegistered } = authActor.getSnapshot().context;
        if (!user) return;
        authActor.send({
          type: 'auth.userUpdated',
          response: { user: { ...user, hasPassword: true }, ufacSession, isRegistered },
        });
      },
    },
  };
});
