import type { Context } from 'hono';
import * as v from 'valibot';
import type { CreditCardForm, ReturnInstructions } from '#src/schemas/refunds.ts';
import { one, type Queryable } from '../db.ts';
import {
  needsPostBack,
  POST_BACK_ADDRESS,
  POST_BACK_DAYS,
  returnInstructionsText,
  returnModeFor,
  round2,
  type ItemAssessment,
  type RefundFacts,
} from '../domain/refunds.ts';
import type { OrderRow } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { addMs, DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { findBooking, requireBookingAccess } from './booking.ts';

/**
 * The booking a refund endpoint works on (docs/decisions/080-refunds-server.md): the caller's
 * access to it, its order and payment, whether it may be quoted, and the stored quote's shape. Used
 * by the refund quote, refund request, partial refunds and change-of-journey status endpoints.
 * Access is that of GET /booking/{id}; guests need the 'refund' scope.
 */

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;
export type PaymentRow = {
  order_id: string;
  card_brand: string;
  card_last4: string;
  card_declined: boolean;
  card_declined_at: Date | null;
  fraud_flagged: boolean;
  fraud_detected_at: Date | null;
};
export type QuoteLine = Pick<ItemAssessment, 'refundableId' | 'ticketId' | 'passengerId' | 'direction' | 'paid' | 'adminFee' | 'refund'>;
export type QuoteRow = {
  id: string;
  order_id: string;
  booking_id: string;
  refund_reason: string;
  refund_type: string;
  lines: QuoteLine[];
  partial: boolean;
  total: string | number;
  admin_fee: string | number;
  fees_refunded: string | number;
  currency: string;
  card_form_required: boolean;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  outcome: string | null;
};

export const IdParam = v.pipe(v.string(), v.regex(/^[0-9a-zA-Z-]{1,64}$/));

export const findOrder = (db: Queryable, orderId: string) => one<OrderRow>(db, 'select * from orders where id = $1', [orderId]);
export const findPayment = (db: Queryable, orderId: string) =>
  one<PaymentRow>(db, 'select * from order_payments where order_id = $1', [orderId]);

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
  if (!booking || !order || (orderId !== undefined && booking.order_id !== orderId)) throw new ApiError(403, 'FORBIDDEN');
  return { booking, order, access };
}

async function isReplaced(db: Queryable, order: OrderRow): Promise<boolean> {
  if (order.replacement_order_id) return true;
  return (await one(db, 'select 1 from pending_replacements where order_id = $1', [order.id])) !== null;
}

export async function refuseIfNotQuotable(db: Queryable, booking: BookingRow, order: OrderRow) {
  if (await one(db, 'select 1 from change_of_journeys where source_booking_id = $1', [booking.id])) {
    throw new ApiError(
      409,
      'CHANGE_OF_JOURNEY_SOURCE',
      'This booking was exchanged for a new journey: check the change of journey status instead.',
    );
  }
  if (await isReplaced(db, order)) {
    throw new ApiError(409, 'BOOKING_REPLACED', 'This booking has been replaced: see its history for the current booking.');
  }
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
