import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '#src/router';
import { createServices } from '#src/create-services';
import { ServicesContext } from '#src/services';
import { defaultPageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';
import { requestTimeoutMs } from '#src/config/timeouts';
import { liveRegionFillDelayMs } from '#src/ui/live-region';

type Status = 'AUTHORISED' | 'UNKNOWN' | 'MALFORMED' | 'HANG' | 'DOWN';

/** The real route tree in memory, with the API answered by a fake fetch. */
const renderApp = async (
  path: string,
  initialStatus: Status,
  pageData = defaultPageData,
  /** GET /api/user answers only once this settles (the request order on a first load). */
  userHeld?: Promise<void>,
) => {
  let status = initialStatus;
  /** Every path asked for, in the order asked. */
  const requests: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url.pathname);
    if (userHeld && url.pathname.endsWith('/api/user')) await userHeld;
    if (status === 'HANG') {
      // A server that never answers: only the client's own deadline ends the call.
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    }
    if (url.pathname.endsWith('/api/user')) {
      if (status === 'MALFORMED')
        return new Response(JSON.stringify({ user: 'nope' }), { headers: { 'content-type': 'application/json' } });
      if (status === 'DOWN') {
        return new Response(JSON.stringify({ errors: [{ code: 'SERVICE_UNAVAILABLE' }] }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      const user =
        status === 'AUTHORISED'
          ? { id: 'c1', email: 'demo@example.com', provider: 'internal', status }
          : { id: null, email: null, provider: null, status };
      return new Response(JSON.stringify({ user, ufacSession: null, isRegistered: status === 'AUTHORISED' }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    const signedOut = status === 'UNKNOWN' && url.pathname.includes('/api/booking/');
    return new Response(JSON.stringify({ errors: [{ code: signedOut ? 'UNAUTHORISED' : 'NOT_FOUND' }] }), {
      status: signedOut ? 401 : 404,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  const locale = localeFromPath(path);
  let router: ReturnType<typeof createAppRouter> | null = null;
  const services = createServices({
    pageData,
    locale,
    hashToken: null,
    onRedirectToLogin: () => void router?.navigate({ to: '/login' }),
    client: { fetch, baseURL: 'http://localhost/my-account/api' },
  });
  router = createAppRouter(services, createMemoryHistory({ initialEntries: [path] }));
  services.authActor.start();
  await act(async () => {
    render(
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router!} />
      </ServicesContext.Provider>,
    );
  });
  return { router, services, requests, setStatus: (next: Status) => void (status = next) };
};

describe('router (generated tree, memory history)', () => {
  it('shows a loading indicator at once while GET /api/user hangs, then the error with a retry after the deadline', async () => {
    // Only the clocks the deadline uses: React's scheduler and the router keep their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { requests } = await renderApp('/my-account/personal-details', 'HANG');
      await act(async () => {
        // The loading note's live region is filled a moment after it appears (src/ui/live-region.tsx).
        await vi.advanceTimersByTimeAsync(50 + liveRegionFillDelayMs);
      });
      expect(screen.getByRole('status').textContent).toBe('Loading…');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      // The page's own loader (docs/decisions/730) asks beside the user call once its module has
      // arrived (a real-time import); its call has the same deadline, which must pass too.
      const pageCall = '/my-account/api/customer/personal-details';
      for (const until = Date.now() + 5_000; Date.now() < until && !requests.includes(pageCall); ) {
        await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
      }
      expect(requests).toContain(pageCall);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(requestTimeoutMs);
      });
      // The deadlines have passed; back on real timers only for the lazily imported route modules.
      vi.useRealTimers();
      await screen.findByText("We couldn't load your account. Please check your connection and try again.", undefined, {
        timeout: 10_000,
      });
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a signed-out visitor from a protected page to login with a redirect back', async () => {
    const { router } = await renderApp('/my-account/personal-details', 'UNKNOWN');
    await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/personal-details' });
  });

  it('asks for a booking beside the user call on a first load, not once it is answered (decision 800)', async () => {
    let answerUser!: () => void;
    const userHeld = new Promise<void>((resolve) => (answerUser = resolve));
    const { router, requests } = await renderApp('/my-account/bookings/b1', 'AUTHORISED', defaultPageData, userHeld);
    // The user call is still unanswered when the booking's goes out.
    await waitFor(() => expect(requests).toContain('/my-account/api/booking/b1'));
    expect(requests.indexOf('/my-account/api/user')).toBe(0);
    answerUser();
    await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/bookings/b1');
  });

  it("sends a signed-out visitor from a booking to login with a redirect back, its booking call's 401 and all", async () => {
    let answerUser!: () => void;
    const userHeld = new Promise<void>((resolve) => (answerUser = resolve));
    const { router, requests } = await renderApp('/my-account/bookings/b1', 'UNKNOWN', defaultPageData, userHeld);
    // The booking's 401 comes first; the user's answer (nobody signed in) decides.
    await waitFor(() => expect(requests).toContain('/my-account/api/booking/b1'));
    answerUser();
    await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/bookings/b1' });
  });

  it('redirects / to the upcoming bookings for a signed-in customer', async () => {
    const { router } = await renderApp('/my-account/', 'AUTHORISED');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/upcoming'));
  });

  it('shows the not-found screen for an unknown path', async () => {
    await renderApp('/my-account/nowhere/at-all', 'UNKNOWN');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
  });

  it('shows the not-found screen for every passengers-and-railcards page while its flag is off', async () => {
    const off = { ...defaultPageData, features: { ...defaultPageData.features, 'passengers-and-railcards': false } };
    for (const path of [
      '/passengers-and-railcards',
      '/passengers-and-railcards/add-passenger',
      '/passengers-and-railcards/p1/select-railcard',
    ]) {
      const { router } = await renderApp(`/my-account${path}`, 'AUTHORISED', off);
      await screen.findByRole('heading', { level: 1, name: 'Page not found' });
      expect(router.state.location.pathname).toBe(path);
      cleanup();
    }
  });

  it('opens the passengers-and-railcards pages while its flag is on', async () => {
    await renderApp('/my-account/passengers-and-railcards/add-passenger', 'AUTHORISED');
    await screen.findByRole('heading', { level: 1, name: 'Add passenger' });
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows a clear error with a retry when the user response has the wrong shape, not "check your connection"', async () => {
    const { setStatus } = await renderApp('/my-account/personal-details', 'MALFORMED');
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "We couldn't load your account: we received an unexpected response from our servers. Please try again later.",
      ),
    );
    setStatus('AUTHORISED');
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await screen.findByRole('heading', { level: 1, name: 'Personal details' }, { timeout: 10_000 });
  });

  it('says a server error is a problem on our side, with a retry', async () => {
    await renderApp('/my-account/personal-details', 'DOWN');
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "We couldn't load your account because of a problem on our side. Please try again later.",
      ),
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the locale prefix in links', async () => {
    await renderApp('/fr/my-account/forgot-password', 'UNKNOWN');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/fr/my-account/login');
  });
});

/**
 * Each screen's first data is its route's loader's (docs/decisions/730): the screen's call goes out
 * from the route, the chart starts from the answer (here the fake server's 404: the screen's own
 * error with Try again) and does not ask again.
 */
describe('route loaders', () => {
  const tryAgain = () => screen.findByRole('button', { name: 'Try again' }, { timeout: 25_000 });
  it.each([
    { path: '/bookings/b1/history', call: '/my-account/api/booking/b1/history', shown: tryAgain },
    { path: '/bookings/b1/change', call: '/my-account/api/change-of-journey/options/b1', shown: tryAgain },
    {
      path: '/passenger-assistance',
      call: '/my-account/api/customer/passenger-assistance',
      // A host without the list across bookings (404): where assistance is booked instead.
      shown: () => screen.findByText(/Passenger assistance is booked for each journey/, {}, { timeout: 25_000 }),
    },
    {
      path: '/bookings/b1/passenger-assistance',
      call: '/my-account/api/booking/b1',
      // The booking's 404: not the customer's, nothing to retry.
      shown: () => screen.findByText("We couldn't find this booking in your account.", {}, { timeout: 25_000 }),
    },
    {
      path: '/bookings/b1/passenger-assistance/a1',
      call: '/my-account/api/booking/b1',
      shown: () =>
        screen.findByText(
          "We couldn't find this assistance. It may belong to another booking.",
          {},
          { timeout: 25_000 },
        ),
    },
    {
      path: '/smartcards',
      call: '/my-account/api/customer/smartcards',
      // A host without smartcards (404): the page says so quietly.
      loaded: { data: null },
      shown: () => screen.findByText("This isn't available in your account here.", {}, { timeout: 25_000 }),
    },
    // The count's failure is a flag: 0 trees and Try again.
    { path: '/sustainability-dashboard', call: '/my-account/api/customer/order-count', shown: tryAgain },
  ])(
    '$path loads its first data in its loader and the screen starts from it',
    async ({ path, call, shown, ...c }) => {
      const { router, requests } = await renderApp(`/my-account${path}`, 'AUTHORISED');
      await shown();
      expect(router.state.location.pathname).toBe(path);
      const loaded = 'loaded' in c ? c.loaded : { error: expect.anything() };
      expect(router.state.matches.at(-1)?.loaderData).toEqual(loaded);
      expect(requests.filter((r) => r === call)).toHaveLength(1);
    },
    30_000,
  );
});
