import type { Context } from 'hono';
import * as v from 'valibot';
import { findOrder } from '../domain/refund-quotes.ts';
import { round2 } from '../domain/refunds.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { findBooking } from '../domain/bookings.ts';
import { requireBookingAccess } from './booking.ts';

/**
 * The booking a refund endpoint works on (docs/decisions/080-refunds-server.md): the caller's
 * access to it, its order and payment, whether it may be quoted, and the stored quote's shape. Used
 * by the refund quote, refund request, partial refunds and change-of-journey status endpoints; the
 * card form and return instructions they answer with are server/domain/refund-quotes.ts's.
 * Access is that of GET /booking/{id}; guests need the 'refund' scope.
 */

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;
export const IdParam = v.pipe(v.string(), v.regex(/^[0-9a-zA-Z-]{1,64}$/));

/** The caller's access for the route's refund action (docs/access-policy.md); a guest session also needs the refund scope. */
export async function requireRefundAccess(c: Context<AppEnv>, orderId: string) {
  const access = await requireBookingAccess(c, orderId);
  if (access.via === 'guest' && !access.guest.scopes.includes('refund')) throw new ApiError(403, 'FORBIDDEN');
  return access;
}

/** The booking, its order and the caller's access; `orderId` (when given) must be the booking's. */
export async function loadBookingForRefund(c: Context<AppEnv>, bookingId: string, orderId?: string) {
  const { db } = c.get('deps');
  const booking = await findBooking(db, bookingId);
  const access = await requireRefundAccess(c, booking?.order_id ?? '');
  const order = booking ? await findOrder(db, booking.order_id) : null;
  if (!booking || !order || (orderId !== undefined && booking.order_id !== orderId))
    throw new ApiError(403, 'FORBIDDEN');
  return { booking, order, access };
}

export const money = (amount: number, currencyCode: string) => ({ amount: round2(amount), currencyCode });
