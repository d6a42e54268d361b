import { createActor, fromPromise } from 'xstate';
import { authMachine } from '#machines/auth';
import { authApi } from './api/auth';
import { createDraftStore } from './drafts';
import { createApiClient, type ApiClientOptions } from './api/client';
import type { PageData } from './config/page-data';
import type { LocaleInfo } from './config/locales';
import { createTokenStore } from './hash-token';
import type { AppServices } from './services';
import { createConnection, type ConnectionStore } from './offline/connection';

/**
 * Wires the app-wide auth actor to the real API. `onRedirectToLogin` runs after logout and after
 * any non-login 401 (docs/product/states.md).
 */
export const createServices = (opts: {
  pageData: PageData;
  locale: LocaleInfo;
  hashToken: string | null;
  /** `returnHere`: a 401 (come back to this screen after sign-in), not a sign-out. */
  onRedirectToLogin: (returnHere: boolean) => void;
  client?: ApiClientOptions;
  /** Online or offline (tests pass their own; the app watches the window). */
  connection?: ConnectionStore;
}): AppServices => {
  const api = createApiClient({ language: opts.locale.tag, ...opts.client });
  api.setCsrfToken(opts.pageData.csrfToken);
  const auth = authApi(api);
  const authActor = createActor(
    authMachine.provide({
      actors: {
        fetchUser: fromPromise(() => auth.getUser()),
        startGuestSession: fromPromise(({ input }) => auth.startGuestSession(input.token)),
        logout: fromPromise(async () => {
          await auth.logout();
        }),
      },
      actions: {
        applyUserFlow: (_, params) => api.setUserFlowId(`${params.flow}.${params.session}`),
        clearUserFlow: () => api.setUserFlowId(null),
        redirectToLogin: ({ event }) => opts.onRedirectToLogin(event.type === 'auth.unauthorised'),
      },
    }),
  );
  api.onUnauthorised(() => authActor.send({ type: 'auth.unauthorised' }));
  const connection = opts.connection ?? createConnection(window);
  api.onAnswer((savedAt) => connection.noteAnswer(savedAt));
  return {
    api,
    authApi: auth,
    authActor,
    pageData: opts.pageData,
    locale: opts.locale,
    hashToken: createTokenStore(opts.hashToken),
    drafts: createDraftStore(),
    connection,
  };
};
