import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useServices } from '../../../src/services';
import { NotFound } from '../not-found';

declare module '@tanstack/history' {
  interface HistoryState {
    /** One-off notice after a request or a cancel (history state, so the URL stays clean). */
    assistanceNotice?: 'booked' | 'cancelled';
  }
}

/**
 * Passenger assistance sits behind `enable-passenger-assistance`: off means the not-found screen.
 * Checked inside the lazily loaded screens rather than in `beforeLoad`, so the route definitions in
 * the first bundle stay as small as the placeholders were (docs/decisions/100-passenger-assistance.md).
 */
export function AssistanceFeature({ children }: { children: ReactNode }) {
  const { pageData } = useServices();
  return pageData.features['enable-passenger-assistance'] ? children : <NotFound />;
}

/** The notice the previous screen left in history state, checked (never trusted as is). */
export function useAssistanceNotice(expected: 'booked' | 'cancelled'): boolean {
  return useRouterState({ select: (s) => s.location.state.assistanceNotice === expected });
}
