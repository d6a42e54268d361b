import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { createServices } from '#src/create-services';
import { ServicesContext, type AppServices } from '#src/services';
import { defaultPageData, type PageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';

/**
 * The fake API the DOM tests render the app over: a fetch that answers each call from a table or a
 * function, the app's services over it, and the render of a router with those services. The
 * renderers (render-signed-in.tsx, render-guest.tsx, renderScreenSignedIn) differ only in who
 * GET /user says is there and in what else they answer.
 */
const API = '/my-account/api';

/** A JSON answer of the fake API. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the fake API answers a path with: a JSON body, a Response, or a function making one. */
export type Answer = unknown;

/** One call the app made: its URL, its path after /my-account/api, and its method. */
export const callOf = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  return { url, apiPath: url.pathname.slice(API.length), method };
};

/** GET /user for the customer c1, signed in. */
export const signedInUser = () =>
  json({
    user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
    ufacSession: null,
    isRegistered: true,
  });

/** Anything the fake API does not know: a 404, as the server answers it. */
export const notFound = () => json({ errors: [{ code: 'NOT_FOUND' }] }, 404);

/** The table's answer to `apiPath`, else a 404. */
export const answerFrom = (answers: Record<string, Answer>, apiPath: string): Response => {
  if (!(apiPath in answers)) return notFound();
  const answer = answers[apiPath];
  if (typeof answer === 'function') return (answer as () => Response)();
  return answer instanceof Response ? answer : json(answer);
};

export interface FakeServicesOptions {
  /** The address the app opens at (its locale is read from it). */
  path: string;
  pageData?: PageData;
  /** The order token the app took from the address bar's hash, or null. */
  hashToken?: string | null;
  onRedirectToLogin?: () => void;
}

/** The app's services over the fake `fetch`. */
export const fakeServices = (
  fetch: typeof globalThis.fetch,
  { path, pageData = defaultPageData, hashToken = null, onRedirectToLogin = () => {} }: FakeServicesOptions,
): AppServices =>
  createServices({
    pageData,
    locale: localeFromPath(path),
    hashToken,
    onRedirectToLogin,
    client: { fetch, baseURL: `http://localhost${API}` },
  });

/** Starts the services' session and renders `router` with them. */
export const renderRouter = async (services: AppServices, router: AnyRouter) => {
  services.authActor.start();
  await act(async () => {
    render(
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>,
    );
  });
};

/** Renders `component` alone (not the route tree), signed in, with `answer` answering every call but /user (else a 404). */
export const renderScreenSignedIn = async (
  component: () => ReactNode,
  answer: (apiPath: string, method: string) => Response | undefined,
) => {
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const { apiPath, method } = callOf(input, init);
    if (apiPath === '/user') return signedInUser();
    return answer(apiPath, method) ?? notFound();
  }) as typeof globalThis.fetch;
  const services = fakeServices(fetch, { path: '/my-account/' });
  await renderRouter(
    services,
    createRouter({
      routeTree: createRootRoute({ component }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    }),
  );
};
