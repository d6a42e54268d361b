import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bookingsListMachine } from '#machines/bookings-list';
import { useServices } from '#src/services';
import { bookingsListFlow } from './bookings-list.flow';

/**
 * The bookings store: one running bookings-list flow (./bookings-list.flow.ts, its `Provider`) owned
 * by the bookings layout route (routes/_account._bookings.tsx) and shared by the screens under it
 * (/bookings and its four tabs), so moving between tabs keeps what was loaded (fetch-if-required). It lives as long as
 * that layout is shown: leaving the lists (opening a booking) or another user signing in drops it,
 * so coming back loads fresh lists. See docs/decisions/010 and 140.
 */
type BookingsActor = ActorRefFrom<typeof bookingsListMachine>;

/** Forget the loaded lists (after guest bookings were added to the account). */
const ResetContext = createContext<(() => void) | null>(null);

/** Owns the store: a fresh actor per signed-in user and after each reset. */
export function BookingsStoreProvider({ children }: { children: ReactNode }) {
  const { authActor } = useServices();
  const router = useRouter();
  const userId = useSelector(authActor, (s) => s.context.user?.id ?? null);
  const [generation, setGeneration] = useState(0);
  // The tabs' loaded first pages (decision 730) live as long as this store: dropped with it, so the
  // lists shown again (after a booking, after guest bookings were added) are asked for afresh.
  const forgetLoadedTabs = useCallback(
    () => router.clearCache({ filter: (match) => match.routeId.startsWith('/_account/_bookings/') }),
    [router],
  );
  useEffect(() => forgetLoadedTabs, [forgetLoadedTabs]);
  const reset = useCallback(() => {
    forgetLoadedTabs();
    setGeneration((n) => n + 1);
  }, [forgetLoadedTabs]);
  return (
    <ResetContext.Provider value={reset}>
      <bookingsListFlow.Provider key={`${userId ?? 'none'}:${generation}`} input={{ filter: 'upcoming' }}>
        {children}
      </bookingsListFlow.Provider>
    </ResetContext.Provider>
  );
}

/** The bookings-list actor of the bookings layout route. */
export const useBookingsStore = (): BookingsActor => bookingsListFlow.useActorRef();

/** Forget the loaded lists (after guest bookings were imported). */
export const useResetBookingsStore = (): (() => void) => {
  const reset = useContext(ResetContext);
  if (!reset) throw new Error('The bookings screens render under the bookings layout route (BookingsStoreProvider).');
  return reset;
};
