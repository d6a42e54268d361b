import { fromPromise } from 'xstate';
import { registerMachine } from '#machines/register';
import { defineFlow } from '#src/flow';

/**
 * The registration chart bound to the API and the session once (src/flow.tsx). A server that signs
 * the new customer in at once hands the session the customer; ours sends a confirmation link instead
 * and the chart says so (decision 303). Navigation after `registered` stays in the screen.
 */
export const registerFlow = defineFlow(registerMachine)(({ authApi, authActor }) => ({
  actors: {
    register: fromPromise(async ({ input }) => {
      const response = await authApi.register(input);
      if ('user' in response) authActor.send({ type: 'auth.loggedIn', response });
      return response;
    }),
  },
}));
