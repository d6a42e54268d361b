import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { bookingsListMachine } from '#machines/bookings-list';
import { bookingsListApi } from '#src/api/bookings-list';
import { useServices } from '#src/services';

/**
 * The bookings store: one bookings-list actor owned by the bookings layout route
 * (routes/_account._bookings.tsx) and shared by the screens under it (/bookings and its four
 * tabs), so moving between tabs keeps what was loaded (fetch-if-required). It lives as long as
 * that layout is shown: leaving the lists (opening a booking) or another user signing in drops it,
 * so coming back loads fresh lists. See docs/decisions/010 and 140.
 */
type BookingsActor = ActorRefFrom<typeof bookingsListMachine>;

interface BookingsStore {
  actor: BookingsActor;
  /** Forget the loaded lists (after guest bookings were added to the account). */
  reset: () => void;
}

const BookingsStoreContext = createContext<BookingsStore | null>(null);

function BookingsActorProvider({ reset, children }: { reset: () => void; children: ReactNode }) {
  const services = useServices();
  const api = useMemo(() => bookingsListApi(services.api), [services.api]);
  const actor = useActorRef(
    bookingsListMachine.provide({
      actors: {
        // A tab's first page comes from its route's loader (`bookings.show` carries it); this asks for the rest.
        fetchBookings: fromPromise(({ input, signal }) => api.getBookings(input.filter, input.page, signal)),
      },
    }),
    { input: { filter: 'upcoming' } },
  );
  const store = useMemo(() => ({ actor, reset }), [actor, reset]);
  return <BookingsStoreContext.Provider value={store}>{children}</BookingsStoreContext.Provider>;
}

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
    <BookingsActorProvider key={`${userId ?? 'none'}:${generation}`} reset={reset}>
      {children}
    </BookingsActorProvider>
  );
}

const useStore = (): BookingsStore => {
  const store = useContext(BookingsStoreContext);
  if (!store) throw new Error('The bookings screens render under the bookings layout route (BookingsStoreProvider).');
  return store;
};

/** The bookings-list actor of the bookings layout route. */
export const useBookingsStore = (): BookingsActor => useStore().actor;

/** Forget the loaded lists (after guest bookings were imported). */
export const useResetBookingsStore = (): (() => void) => useStore().reset;
