import * as v from 'valibot';
import { callingPointsInput } from '#machines/lib/calling-points';
import { changeabilityInput } from '#machines/lib/changeability';
import type { ApiClient, EarlyReply } from './api/client';
import { bookingPath, bookingsListPath, callingPointsPath, changeabilityPath, firstListRoutes } from './api/paths';
import type { BookingFilter } from './schemas/bookings-list';

/**
 * The first screen's data, requested with its code (decisions 241, 244 and 246). Opening
 * a bookings list or a booking used to wait for the user, then the screen's code, then its data:
 * round trips one after another. The app now asks for the data as it starts, in the same task as
 * the user call, through the API client's `prefetch`; the screen's own call, to the same path and
 * query, takes that answer instead of asking again. On the lists the boot file has asked for both
 * earlier still, while the framework downloaded (`adoptBootRequests` below, decision 247).
 *
 * - /bookings and its upcoming, past and season tabs: the list's first page.
 * - /bookings/{id}: the booking, and, once it is known, the calls its detail makes next with the
 *   same inputs: its change-of-journey check (machines/lib/changeability.ts) and each leg's calling
 *   points (machines/lib/calling-points.ts).
 *
 * Safe by construction (src/api/client.ts): an answer goes only to the same GET, once, within
 * PREFETCH_TTL_MS, and is checked against that call's schema then; a 401 is asked again by the
 * screen's call, so a signed-out visitor is sent to sign in once, by the guard; and what was
 * fetched is forgotten when who is signed in changes (main.tsx). A guest's order-token screens are
 * left out: their token is read from the URL after the boot.
 */

/** What a first screen needs: a list's first page, or a booking. */
export type FirstData = { list: BookingFilter } | { booking: string };

/** The lists by the path's segment after /bookings: a route file's last part, '' for its index. */
const lists: Readonly<Record<string, BookingFilter>> = Object.fromEntries(
  Object.entries(firstListRoutes).map(([route, filter]) => [route.endsWith('.index') ? '' : route.slice(route.lastIndexOf('.') + 1), filter]),
);

/**
 * The first data of a router path (inside the basepath: `/bookings/past`), without the router:
 * building it is a task of its own (decision 245), and the calls go out before it. The paths are
 * the routes' own (`/_account/_bookings/bookings/*` and `/_account/bookings/$bookingId/`), checked
 * against the router's match in test/unit/first-data.test.ts. `/bookings/guest` shows guest orders,
 * not a booking.
 */
export const firstDataOf = (path: string | null): FirstData | null => {
  const match = path === null ? null : /^\/bookings(?:\/([^/]+))?\/?$/.exec(path);
  if (!match) return null;
  const segment = match[1] ?? '';
  if (Object.hasOwn(lists, segment)) return { list: lists[segment]! };
  if (segment === 'guest') return null;
  try {
    return { booking: decodeURIComponent(segment) };
  } catch {
    return null;
  }
};

/** The router path of a page's pathname: what follows the locale's basepath, or null outside it. */
export const routerPath = (pathname: string, basepath: string): string | null =>
  pathname === basepath || pathname.startsWith(`${basepath}/`) ? pathname.slice(basepath.length) || '/' : null;

const LegIds = v.object({
  date: v.string(),
  departureTime: v.optional(v.nullable(v.string()), null),
  timetableId: v.optional(v.nullable(v.string()), null),
  origin: v.optional(v.nullable(v.object({ code: v.string() })), null),
  destination: v.optional(v.nullable(v.object({ code: v.string() })), null),
});

/**
 * What the detail's next calls need from the booking's answer; the detail checks the rest. A leg
 * that does not read leaves only its calling points unasked.
 */
const OrderIds = v.object({
  order: v.object({ id: v.string() }),
  bookings: v.array(
    v.object({ id: v.string(), isSeasonBooking: v.boolean(), season: v.optional(v.unknown()), outward: v.optional(v.unknown()), inward: v.optional(v.unknown()) }),
  ),
});

/** The calling points the detail's leg cards ask for: none for a season, which shows its validity instead. */
const callingPointsOf = (booking: v.InferOutput<typeof OrderIds>['bookings'][number] | undefined) =>
  booking && !booking.season
    ? [booking.outward, booking.inward].flatMap((raw) => {
        const leg = v.safeParse(LegIds, raw);
        const input = leg.success ? callingPointsInput(leg.output) : null;
        return input ? [input] : [];
      })
    : [];

/**
 * What the boot file asked for before the app's code arrived (scripts/locale-bundles.ts, decision
 * 247): on the routes `firstData` names in vite.config.ts (the bookings lists), the user and the
 * list's first page. Each reply by the path and query it was sent to, with the Accept-Language it
 * was sent with.
 */
interface BootRequests {
  language: string;
  replies: Record<string, Promise<EarlyReply>>;
}

declare global {
  var __myAccountFirst: BootRequests | undefined;
}

/**
 * Hands what the boot file asked for to the API client, which gives each reply to the first call
 * to the same GET (`ApiClient.adopt`). Read once, then gone from the page. Replies sent in another
 * language than this client's are left: the client asks again.
 */
export const adoptBootRequests = (client: ApiClient, language: string, from: { __myAccountFirst?: unknown } = globalThis): void => {
  const boot = from.__myAccountFirst as Partial<BootRequests> | undefined;
  delete from.__myAccountFirst;
  if (!boot || boot.language !== language || typeof boot.replies !== 'object' || boot.replies === null) return;
  for (const [path, reply] of Object.entries(boot.replies)) if (reply instanceof Promise) client.adopt(path, reply);
};

export const requestFirstData = (client: ApiClient, first: FirstData | null): void => {
  if (!first) return;
  if ('list' in first) {
    void client.prefetch(bookingsListPath(first.list), { query: { page: 0 } });
    return;
  }
  const bookingId = first.booking;
  void client.prefetch(bookingPath(bookingId), { withOrderToken: true }).then((answer) => {
    const order = answer?.status === 200 ? v.safeParse(OrderIds, answer.body) : null;
    if (!order?.success) return;
    const check = changeabilityInput(bookingId, order.output);
    void client.prefetch(changeabilityPath(check.orderId, check.bookingId, check.season), { withOrderToken: true });
    for (const { timetableId, ...query } of callingPointsOf(order.output.bookings.find((b) => b.id === check.bookingId))) {
      void client.prefetch(callingPointsPath(timetableId), { query });
    }
  });
};
