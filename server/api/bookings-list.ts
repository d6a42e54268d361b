import { Hono } from 'hono';
import * as v from 'valibot';
import {
  BOOKING_FILTERS,
  BOOKINGS_PAGE_SIZE,
  countBookingTabs,
  listBookingsPage,
  toListEntry,
  type BookingFilter,
} from '../domain/booking-lists.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { delayRepayByBooking } from '../domain/delay-repay-claims.ts';
import { refundSummaries } from '../domain/refund-store.ts';
import { can } from '../lib/policy.ts';

/**
 * GET /bookings/{filter}?page={n} (docs/product/api.md), see docs/decisions/010-bookings-lists-and-guest-access.md.
 * The page and the counts come from server/domain/booking-lists.ts.
 */
const PageQuery = v.union([v.undefined(), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))]);

export function bookingsListApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/bookings/:filter', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const filter = c.req.param('filter');
    if (!(BOOKING_FILTERS as readonly string[]).includes(filter)) throw new ApiError(404, 'NOT_FOUND');
    const parsed = v.safeParse(PageQuery, c.req.query('page'));
    if (!parsed.success) throw new ApiError(400, 'VALIDATION', 'page must be a whole number from 0');
    const page = parsed.output ?? 0;
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const f = filter as BookingFilter;
    // Guest orders match the account's email only once that email is verified (decision 150).
    const guestEmail = customer.emailVerified ? customer.email : null;
    const rows = await listBookingsPage(db, f, customer.id, now, guestEmail, page);
    const counts = await countBookingTabs(db, customer.id, guestEmail, now);
    // Local extras: the Delay Repay claim of a delayed journey (past bookings, decision 090); the
    // refund offer and tracking (decision 080); guest-tab orders are read-only until associated.
    const claims =
      f === 'past'
        ? await delayRepayByBooking(
            db,
            rows.map((r) => r.id),
            now,
          )
        : new Map();
    const refunds = await refundSummaries(
      db,
      rows.map((r) => ({ ...r, replaced: r.replacement_order_id !== null, canAct: f !== 'guest' })),
      now,
    );
    return c.json({
      results: rows.map((row) => {
        const entry = toListEntry(row);
        const delayRepay = claims.get(row.id);
        return {
          ...entry,
          booking: { ...entry.booking, refund: refunds.get(row.id), ...(delayRepay ? { delayRepay } : {}) },
        };
      }),
      total: counts[f],
      page,
      pageSize: BOOKINGS_PAGE_SIZE,
      upcomingBookings: counts.upcoming,
      pastBookings: counts.past,
      seasonBookings: counts.season,
      guestBookings: counts.guest,
      hasGuestBookings: counts.guest > 0,
    });
  });

  return api;
}
