import { fromPromise } from 'xstate';
import { resetPasswordMachine } from '#machines/reset-password';
import { defineFlow } from '#src/flow';

/** The password reset's chart bound to the API once (src/flow.tsx). */
export const resetPasswordFlow = defineFlow(resetPasswordMachine)(({ authApi }) => {
  return {
    actors: {
      validateToken: fromPromise(({ input }) => authApi.validateResetToken(input.token)),
      resetPassword: fromPromise(async ({ input }) => {
        await authApi.resetPassword(input);
      }),
    },
  };
});
