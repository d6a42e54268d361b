import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import type { AppServices } from './services';
import { NotFound } from './ui/not-found';

export const createAppRouter = (services: AppServices, history?: Parameters<typeof createRouter>[0]['history']) =>
  createRouter({
    routeTree,
    basepath: services.locale.basepath,
    context: services,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
