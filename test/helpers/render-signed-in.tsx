import { expect } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '#src/router';
import { createServices } from '#src/create-services';
import { ServicesContext, type AppServices } from '#src/services';
import { defaultPageData, type PageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';

const API = '/my-account/api';

/** A JSON answer of the fake API. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the fake API answers a path with: a JSON body, a Response, or a function making one. */
export type Answer = unknown;

export interface SignedInOptions {
  pageData?: PageData;
  /** Sees the services before the app starts (a draft kept from before a sign-in, say). */
  before?: (services: AppServices) => void;
  /** How long the first navigation may take to settle. */
  idleTimeout?: number;
}

/**
 * The real route tree in memory, signed in as c1, the API answered by a fake fetch: `answers` maps
 * an API path (after /my-account/api) to its answer; anything else is a 404. Settles once the first
 * navigation is idle, for the tests of the screens whose first data their route loads
 * (docs/decisions/730).
 */
export const renderSignedIn = async (
  path: string,
  answers: Record<string, Answer>,
  { pageData = defaultPageData, before = () => {}, idleTimeout = 10_000 }: SignedInOptions = {},
) => {
  /** Every API call (method, path and query), in the order made. */
  const requests: { method: string; path: string }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const apiPath = url.pathname.slice(API.length);
    requests.push({ method: init?.method ?? 'GET', path: `${apiPath}${url.search}` });
    if (apiPath === '/user') {
      const user = { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' };
      return json({ user, ufacSession: null, isRegistered: true });
    }
    if (apiPath in answers) {
      const answer = answers[apiPath];
      if (typeof answer === 'function') return (answer as () => Response)();
      return answer instanceof Response ? answer : json(answer);
    }
    return json({ errors: [{ code: 'NOT_FOUND' }] }, 404);
  }) as typeof globalThis.fetch;
  const services = createServices({
    pageData,
    locale: localeFromPath(path),
    hashToken: null,
    onRedirectToLogin: () => {},
    client: { fetch, baseURL: `http://localhost${API}` },
  });
  before(services);
  const router = createAppRouter(services, createMemoryHistory({ initialEntries: [path] }));
  services.authActor.start();
  await act(async () => {
    render(
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>,
    );
  });
  await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: idleTimeout });
  /** What the route `routeId` loaded (undefined when it has no loader). */
  const loaded = (routeId: string) => router.state.matches.find((match) => match.routeId === routeId)?.loaderData;
  /** How many calls asked for `apiPath`, with any query. */
  const asked = (apiPath: string) =>
    requests.filter(({ path: r }) => r === apiPath || r.startsWith(`${apiPath}?`)).length;
  return { router, loaded, asked, requests };
};
