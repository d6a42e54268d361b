import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useServices } from '#src/services';

declare module '@tanstack/history' {
  interface HistoryState {
    /** One-off notice after a request or a cancel (history state, so the URL stays clean). */
    assistanceNotice?: 'booked' | 'cancelled';
  }
}

/**
 * Passenger assistance sits behind `enable-passenger-assistance`: off means the not-found screen.
 * Checked inside the lazily loaded screens, not in `beforeLoad`, and the screen is the root route's
 * own not-found component taken from the router: route options other than the component, and
 * anything these screens share with the first bundle, would grow the first route's JS
 * (docs/decisions/101-assistance-flag-inside-lazy-screens.md).
 */
export function AssistanceFeature({ children }: { children: ReactNode }) {
  const { pageData } = useServices();
  const router = useRouter();
  if (pageData.features['enable-passenger-assistance']) return children;
  const NotFoundScreen = router.routeTree.options.notFoundComponent;
  return NotFoundScreen ? <NotFoundScreen isNotFound routeId={router.routeTree.id} /> : null;
}

/**
 * The notice the previous screen left in history state, checked (never trusted as is). Read as the
 * screen renders (each navigation mounts it anew), through the router the app shell already holds.
 */
export function useAssistanceNotice(expected: 'booked' | 'cancelled'): boolean {
  return useRouter().state.location.state.assistanceNotice === expected;
}
