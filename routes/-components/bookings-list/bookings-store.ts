import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { bookingsListMachine } from '../../../machines/bookings-list';
import { bookingsListApi } from '../../../src/api/bookings-list';
import type { BookingFilter } from '../../../src/schemas/bookings-list';
import { useServices, type AppServices } from '../../../src/services';

/**
 * One bookings-list actor shared by the /bookings screens (index and the four tabs), so moving
 * between tabs keeps what was loaded (fetch-if-required). It lives while one of those screens is
 * shown and is dropped when the customer leaves them (or another user signs in), so coming back
 * from a booking loads fresh lists. See docs/decisions/010.
 */
type BookingsActor = ActorRefFrom<typeof bookingsListMachine>;
let current: { services: AppServices; userId: string | null; actor: BookingsActor; users: number; timer: ReturnType<typeof setTimeout> | null } | null =
  null;

const getOrCreate = (services: AppServices, userId: string | null, filter: BookingFilter): BookingsActor => {
  if (current && current.services === services && current.userId === userId) {
    if (current.timer) clearTimeout(current.timer);
    current.timer = null;
    return current.actor;
  }
  current?.actor.stop();
  const api = bookingsListApi(services.api);
  const actor = createActor(
    bookingsListMachine.provide({
      actors: { fetchBookings: fromPromise(({ input, signal }) => api.getBookings(input.filter, input.page, signal)) },
    }),
    { input: { filter } },
  );
  actor.start();
  current = { services, userId, actor, users: 0, timer: null };
  return actor;
};

/** Forget the loaded lists (after guest bookings were imported). */
export const invalidateBookingsStore = () => {
  current?.actor.stop();
  current = null;
};

export const useBookingsStore = (filter: BookingFilter): BookingsActor => {
  const services = useServices();
  const userId = useSelector(services.authActor, (s) => s.context.user?.id ?? null);
  const [, force] = useState(0);
  const actor = getOrCreate(services, userId, filter);
  useEffect(() => {
    const entry = current;
    if (!entry || entry.actor !== actor) {
      force((n) => n + 1);
      return;
    }
    entry.users += 1;
    return () => {
      entry.users -= 1;
      if (entry.users === 0) {
        entry.timer = setTimeout(() => {
          if (current === entry && entry.users === 0) invalidateBookingsStore();
        }, 0);
      }
    };
  }, [actor]);
  return actor;
};
