import type { Context } from 'hono';
import * as v from 'valibot';
import type { CreditCardForm, ReturnInstructions } from '#src/schemas/refunds.ts';
import { findOrder, type PaymentRow } from '../domain/refund-quotes.ts';
import {
  needsPostBack,
  POST_BACK_ADDRESS,
  POST_BACK_DAYS,
  returnInstructionsText,
  returnModeFor,
  round2,
  type RefundFacts,
} from '../domain/refunds.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { addMs, DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { findBooking } from '../domain/bookings.ts';
import { requireBookingAccess } from './booking.ts';

/**
 * The booking a refund endpoint works on (docs/decisions/080-refunds-server.md): the caller's
 * access to it, its order and payment, whether it may be quoted, and the stored quote's shape. Used
 * by the refund quote, refund request, partial refunds and change-of-journey status endpoints.
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

export function cardForm(payment: PaymentRow | null): CreditCardForm | null {
  if (!payment) return null;
  const declined = payment.card_declined_at !== null;
  return {
    required: declined,
    reason: declined ? 'INVALID_CREDIT_CARD' : null,
    cardOnFile: { brand: payment.card_brand, last4: payment.card_last4 },
  };
}

export function returnInstructions(facts: RefundFacts, now: Date): ReturnInstructions {
  const mode = returnModeFor(facts.data, facts.fulfilment?.state === 'collected');
  const deadline = needsPostBack(mode) ? addMs(now, POST_BACK_DAYS * DAY_MS) : null;
  return {
    mode,
    address: needsPostBack(mode) ? POST_BACK_ADDRESS : null,
    deadline: deadline ? deadline.toISOString() : null,
    instructions: returnInstructionsText(mode, deadline),
  };
}
