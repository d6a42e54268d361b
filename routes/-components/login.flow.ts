import { fromPromise } from 'xstate';
import { loginMachine } from '#machines/login';
import { apiBase } from '#src/api/paths';
import type { SignInProvider } from '#src/schemas/auth';
import { defineFlow } from '#src/flow';

/**
 * Where a "Continue with …" button goes: the server's start of sign-in with that provider (decision
 * 360), a full-page visit, not a call. It comes back to `returnTo` (an app path) in this locale.
 */
export const providerSignInUrl = (provider: SignInProvider, returnTo: string, localePrefix: string | null): string =>
  `${apiBase}/oidc/${provider}/start?${new URLSearchParams({ redirect: returnTo, ...(localePrefix ? { locale: localePrefix } : {}) })}`;

/**
 * The sign-in chart bound to the API and the session once (src/flow.tsx). Signed in, the session
 * knows the customer; the page goes on from the chart's `signedIn` (navigation stays in the screen).
 */
export const loginFlow = defineFlow(loginMachine)(({ authApi, authActor, locale }) => ({
  actors: {
    login: fromPromise(async ({ input }) => {
      const response = await authApi.login(input);
      authActor.send({ type: 'auth.loggedIn', response });
      return response;
    }),
    requestSignInLink: fromPromise(({ input }) => authApi.requestSignInLink(input.email)),
    // Is the start served here (decision 571)? HEAD begins nothing; a redirect is not followed.
    checkProvider: fromPromise(async ({ input }) => {
      const res = await fetch(providerSignInUrl(input.provider, input.returnTo, locale.prefix), {
        method: 'HEAD',
        credentials: 'same-origin',
        redirect: 'manual',
      });
      if (res.status === 404) throw Object.assign(new Error('sign-in provider not served'), { status: 404 });
      return null;
    }),
  },
  actions: {
    goToProvider: (_, { provider, returnTo }) => {
      window.location.assign(providerSignInUrl(provider, returnTo, locale.prefix));
    },
  },
}));
