import * as v from 'valibot';
import { changeabilityInput } from '#machines/lib/changeability';
import type { ApiClient } from './api/client';
import { bookingPath, bookingsListPath, changeabilityPath } from './api/paths';
import type { FileRoutesById } from './route-tree.gen';
import type { BookingFilter } from './schemas/bookings-list';

type RouteId = keyof FileRoutesById;

/**
 * The first screen's data, requested with its code (issue 11, decisions 241 and 244). Opening a
 * bookings list or a booking used to wait for the user, then the screen's code, then its data:
 * round trips one after another. The boot file now asks for the data at once, next to the user,
 * through the API client's `prefetch`; the screen's own call, to the same path and query, takes
 * that answer instead of asking again.
 *
 * - /bookings and its upcoming, past and season tabs: the list's first page.
 * - /bookings/{id}: the booking, and, once it is known, its change-of-journey check (the call the
 *   detail makes next, with the same input: machines/lib/changeability.ts).
 *
 * Safe by construction (src/api/client.ts): an answer goes only to the same GET, once, within
 * PREFETCH_TTL_MS, and is checked against that call's schema then; a 401 is asked again by the
 * screen's call, so a signed-out visitor is sent to sign in once, by the guard; and what was
 * fetched is forgotten when who is signed in changes (main.tsx). A guest's order-token screens are
 * left out: their token is read from the URL after the boot.
 */
const listRoutes: Readonly<Partial<Record<RouteId, BookingFilter>>> = {
  '/_account/_bookings/bookings/': 'upcoming',
  '/_account/_bookings/bookings/upcoming': 'upcoming',
  '/_account/_bookings/bookings/past': 'past',
  '/_account/_bookings/bookings/season': 'season',
};

const detailRoute: RouteId = '/_account/bookings/$bookingId/';

/** What the change-of-journey check needs from the booking's answer; the detail checks the rest. */
const OrderIds = v.object({
  order: v.object({ id: v.string() }),
  bookings: v.array(v.object({ id: v.string(), isSeasonBooking: v.boolean() })),
});

/** `routeId` and `params` are the router's match for the first URL. */
export const requestFirstData = (client: ApiClient, routeId: string | undefined, params: Readonly<Record<string, string>>): void => {
  const filter = routeId ? listRoutes[routeId as RouteId] : undefined;
  if (filter) {
    void client.prefetch(bookingsListPath(filter), { query: { page: 0 } });
    return;
  }
  const bookingId = params.bookingId;
  if (routeId !== detailRoute || !bookingId) return;
  void client.prefetch(bookingPath(bookingId), { withOrderToken: true }).then((answer) => {
    const order = answer?.status === 200 ? v.safeParse(OrderIds, answer.body) : null;
    if (!order?.success) return;
    const check = changeabilityInput(bookingId, order.output);
    void client.prefetch(changeabilityPath(check.orderId, check.bookingId, check.season), { withOrderToken: true });
  });
};
