import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '#machines/forgot-password';
import { defineFlow } from '#src/flow';

/** The forgotten password chart bound to the API once (src/flow.tsx). */
export const forgotPasswordFlow = defineFlow(forgotPasswordMachine)(({ authApi }) => {
  return {
    actors: {
      requestReset: fromPromise(async ({ input }) => {
        await authApi.forgotPassword(input.email);
      }),
    },
  };
});
