import { fromPromise } from 'xstate';
import { signInLinkMachine } from '#machines/sign-in-link';
import { defineFlow } from '#src/flow';

/** The sign-in link's chart bound to the API once (src/flow.tsx). */
export const signInLinkFlow = defineFlow(signInLinkMachine)(({ authApi }) => {
  return {
    actors: { spendSignInLink: fromPromise(({ input }) => authApi.spendSignInLink(input.token)) },
  };
});
