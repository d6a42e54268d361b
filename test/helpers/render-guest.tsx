import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '#src/router';
import { answerFrom, callOf, fakeServices, json, notFound, renderRouter, type Answer } from './fake-api';

/**
 * What POST /user-flow-access answers the link's token with: a guest session (`opens`), a refusal
 * (`refused`: an expired, used or unknown token), or a 404 (`absent`: a host without guest
 * sessions, where the token alone opens the order).
 */
export type GuestSessionAnswer = 'opens' | 'refused' | 'absent';

export interface GuestOptions {
  /** The order token the link carried in its hash (taken at start-up), or null: no token. */
  token?: string | null;
  session?: GuestSessionAnswer;
  /** How long the first navigation may take to settle. */
  idleTimeout?: number;
}

/**
 * The real route tree in memory, opened from a guest's order link: nobody signed in, the link's
 * token in memory as the app takes it from the address bar, the API answered by a fake fetch.
 * `answers` maps an API path (after /my-account/api) to its answer; anything else is a 404, and a
 * booking's call without a token or a guest session is a 401, as the server answers it. Settles once
 * the first navigation is idle, for the tests of the guest screens whose first data their route
 * loads (docs/decisions/730).
 */
export const renderGuest = async (
  path: string,
  answers: Record<string, Answer>,
  { token = 'order-token-1', session = 'opens', idleTimeout = 20_000 }: GuestOptions = {},
) => {
  /** Every API call (method, path and query), in the order made. */
  const requests: { method: string; path: string }[] = [];
  let sessionOpen = false;
  let toLogin = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const { url, apiPath, method } = callOf(input, init);
    requests.push({ method, path: `${apiPath}${url.search}` });
    if (apiPath === '/user') {
      const status = sessionOpen ? 'GUEST' : 'UNKNOWN';
      return json({ user: { id: null, email: null, provider: null, status }, ufacSession: null, isRegistered: false });
    }
    if (apiPath === '/user-flow-access') {
      if (session === 'absent') return notFound();
      if (session === 'refused') return json({ errors: [{ code: 'TOKEN_EXPIRED' }] }, 400);
      sessionOpen = true;
      return json({ session: 's1', flow: 'order' });
    }
    if (!sessionOpen && !url.searchParams.has('token')) return json({ errors: [{ code: 'UNAUTHORISED' }] }, 401);
    return answerFrom(answers, apiPath);
  }) as typeof globalThis.fetch;
  const services = fakeServices(fetch, { path, hashToken: token, onRedirectToLogin: () => void toLogin++ });
  const router = createAppRouter(services, createMemoryHistory({ initialEntries: [path] }));
  await renderRouter(services, router);
  await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: idleTimeout });
  /** What the route `routeId` loaded (undefined when it has no loader or was not drawn). */
  const loaded = (routeId: string) => router.state.matches.find((match) => match.routeId === routeId)?.loaderData;
  /** The calls that asked for `apiPath`, with any query. */
  const calls = (apiPath: string) =>
    requests.filter(({ path: r }) => r === apiPath || r.startsWith(`${apiPath}?`)).map(({ path: r }) => r);
  /** How many calls asked for `apiPath`, with any query. */
  const asked = (apiPath: string) => calls(apiPath).length;
  /** How many times the app sent the guest to sign in. */
  const sentToLogin = () => toLogin;
  return { router, services, loaded, asked, calls, requests, sentToLogin };
};
