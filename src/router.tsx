import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import type { AppServices } from './services';
import { NotFound } from './ui/not-found';
import { PendingScreen } from './ui/page';

export const createAppRouter = (services: AppServices, history?: Parameters<typeof createRouter>[0]['history']) =>
  createRouter({
    routeTree,
    basepath: services.locale.basepath,
    context: services,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    // A guard waiting on GET /api/user shows a loading indicator at once, never a blank page (on the
    // first load the shell's skeleton comes first, for up to a second: decision 243); the call's own
    // deadline (requestTimeoutMs) then ends in the layout's error with a retry.
    // The focus waits on <main> meanwhile, never on <body> (decision 580).
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 1,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
