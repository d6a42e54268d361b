import './i18n/url-locale';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { readPageData } from './config/page-data';
import { localeFromPath } from './config/locales';
import { takeHashTokenFromLocation } from './hash-token';
import { createServices } from './create-services';
import { createAppRouter } from './router';
import { adoptBootRequests } from './api/boot-requests';
import { ServicesContext } from './services';
import { portalThemes } from './styles/theme.css';
import { themeKey } from './config/portals';
import { nextTask, settledOrAfter } from './next-task';
import { formatsOnFirstRender, loadLocaleData } from './i18n/locale-data';

/** How long the first render waits for the first route to resolve (see below). */
const FIRST_ROUTE_WAIT_MS = 1000;

const start = async () => {
  // Read the token before anything else so it leaves the address bar at once.
  const hashToken = takeHashTokenFromLocation();
  const locale = localeFromPath(window.location.pathname);
  const pageData = await readPageData();
  // Evaluating the modules was one task; building the app starts the next, so neither is a long task on a slow phone.
  await nextTask();
  document.documentElement.lang = locale.tag;
  document.body.classList.add(portalThemes[themeKey(pageData.portal)]);

  let router: ReturnType<typeof createAppRouter> | null = null;
  const services = createServices({
    pageData,
    locale,
    hashToken,
    onRedirectToLogin: (returnHere) => {
      // After a 401 the customer comes back to the same screen (and the draft it kept, decision 161);
      // after a sign-out, plain /login. The login page makes the path safe before following it.
      const location = router?.state.location;
      const redirect = returnHere && location ? `${location.pathname}${location.searchStr}` : undefined;
      void router?.navigate({
        to: '/login',
        search: redirect && !/\/login(\/|$)/.test(location?.pathname ?? '') ? { redirect } : {},
      });
    },
  });
  // Re-run guards whenever who is signed in changes (login, logout, 401), except when the customer
  // has just closed their account: that page keeps its confirmation, and the next navigation goes
  // through the guards.
  let lastStatus: string | undefined;
  services.authActor.subscribe((snapshot) => {
    const status = snapshot.hasTag('loading') ? undefined : (snapshot.context.user?.status ?? 'UNKNOWN');
    if (status && lastStatus && status !== lastStatus) {
      // What was loaded for the one before is never shown to the next (the routes' loaders' cache too).
      services.api.forgetPrefetched();
      router?.clearCache();
      if (!snapshot.context.accountClosed) void router?.invalidate();
    }
    if (status) lastStatus = status;
  });
  // Who is signed in: the first request, before the router is built. The first screen's data is its
  // route's loader's (docs/decisions/730), once the sign-in guard has settled. On the bookings lists
  // the boot file has asked for both already, before this code arrived (decision 247): the client
  // gives those replies to the calls that ask for the same GETs instead of asking again.
  adoptBootRequests(services.api, locale.tag);
  services.authActor.start();
  // Building the router (its route tree) is the boot's largest piece of work: a task of its own
  // (decision 245), with the user call already on its way.
  await nextTask();
  const appRouter = createAppRouter(services);
  router = appRouter;
  const firstPath = appRouter.latestLocation.pathname;
  const [firstRoutes] = appRouter.getMatchedRoutes(firstPath);

  // The rest runs in tasks of its own (each long task on a slow phone counts towards
  // Lighthouse's total blocking time; the network calls above are already on their way).
  // The first screen's code, fetched while the auth actor asks who is signed in: left to itself
  // the router asks for it only once the sign-in guard has settled, a round trip later. A
  // signed-out visitor to a deep link fetches a few KiB they will not run. One task per route:
  // each chunk's preload links cost a few milliseconds of DOM work.
  for (const route of firstRoutes) {
    await nextTask();
    void appRouter.loadRouteChunk(route)?.catch(() => undefined);
  }
  if (formatsOnFirstRender(firstPath)) {
    await nextTask();
    loadLocaleData(locale.tag);
  }
  // The first route resolved before the first render: its guard (who is signed in) and its code.
  // React then draws the screen once. Rendering first drew a pending screen, then re-rendered
  // synchronously when the router's first load ran in a layout effect, then drew the screen: on a
  // booking detail that was most of Lighthouse's total blocking time (decision 243). The shell's
  // skeleton stays up meanwhile; after a second the pending screen takes over, as it would have
  // anyway (TanStack Router's own default wait before it shows pending UI).
  await settledOrAfter(appRouter.load(), FIRST_ROUTE_WAIT_MS);
  await nextTask();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, instead of one long task on a slow phone (Lighthouse's total blocking time).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <ServicesContext.Provider value={services}>
          <RouterProvider router={appRouter} />
        </ServicesContext.Provider>
      </StrictMode>,
    );
  });
};

void start();
