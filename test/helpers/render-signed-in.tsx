import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '#src/router';
import type { AppServices } from '#src/services';
import { defaultPageData, type PageData } from '#src/config/page-data';
import { answerFrom, callOf, fakeServices, renderRouter, signedInUser, type Answer } from './fake-api';

export { json, type Answer } from './fake-api';

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
    const { url, apiPath, method } = callOf(input, init);
    requests.push({ method, path: `${apiPath}${url.search}` });
    return apiPath === '/user' ? signedInUser() : answerFrom(answers, apiPath);
  }) as typeof globalThis.fetch;
  const services = fakeServices(fetch, { path, pageData });
  before(services);
  const router = createAppRouter(services, createMemoryHistory({ initialEntries: [path] }));
  await renderRouter(services, router);
  await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: idleTimeout });
  /** What the route `routeId` loaded (undefined when it has no loader). */
  const loaded = (routeId: string) => router.state.matches.find((match) => match.routeId === routeId)?.loaderData;
  /** How many calls asked for `apiPath`, with any query. */
  const asked = (apiPath: string) =>
    requests.filter(({ path: r }) => r === apiPath || r.startsWith(`${apiPath}?`)).length;
  return { router, loaded, asked, requests };
};
