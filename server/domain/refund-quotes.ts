import type { CreditCardForm, ReturnInstructions } from '#src/schemas/refunds.ts';
import { one, type Queryable } from '../db.ts';
import type { OrderRow } from '../lib/access.ts';
import { addMs, DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import {
  needsPostBack,
  POST_BACK_ADDRESS,
  POST_BACK_DAYS,
  returnInstructionsText,
  returnModeFor,
  type ItemAssessment,
  type RefundFacts,
} from './refunds.ts';

/**
 * A refund's order, payment and stored quote in the database (docs/decisions/080-refunds-server.md),
 * and whether a booking may be quoted at all. Used by the refund quote, refund request, partial
 * refunds and change of journey endpoints.
 */

export type PaymentRow = {
  order_id: string;
  card_brand: string;
  card_last4: string;
  card_declined: boolean;
  card_declined_at: Date | null;
  fraud_flagged: boolean;
  fraud_detected_at: Date | null;
};
export type QuoteLine = Pick<
  ItemAssessment,
  'refundableId' | 'ticketId' | 'passengerId' | 'direction' | 'paid' | 'adminFee' | 'refund'
>;
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

export const findOrder = (db: Queryable, orderId: string) =>
  one<OrderRow>(db, 'select * from orders where id = $1', [orderId]);
export const findPayment = (db: Queryable, orderId: string) =>
  one<PaymentRow>(db, 'select * from order_payments where order_id = $1', [orderId]);

/** A stored refund quote by its id, or null. */
export const findRefundQuote = (db: Queryable, quoteId: string) =>
  one<QuoteRow>(db, 'select * from refund_quotes where id = $1', [quoteId]);

async function isReplaced(db: Queryable, order: OrderRow): Promise<boolean> {
  if (order.replacement_order_id) return true;
  return (await one(db, 'select 1 from pending_replacements where order_id = $1', [order.id])) !== null;
}

export async function refuseIfNotQuotable(db: Queryable, booking: { id: string }, order: OrderRow) {
  if (await one(db, 'select 1 from change_of_journeys where source_booking_id = $1', [booking.id])) {
    throw new ApiError(
      409,
      'CHANGE_OF_JOURNEY_SOURCE',
      'This booking was exchanged for a new journey: check the change of journey status instead.',
    );
  }
  if (await isReplaced(db, order)) {
    throw new ApiError(
      409,
      'BOOKING_REPLACED',
      'This booking has been replaced: see its history for the current booking.',
    );
  }
}

/** Stores a quote's lines and totals for the refund request to spend (until it expires). */
export async function saveRefundQuote(
  db: Queryable,
  q: {
    id: string;
    orderId: string;
    bookingId: string;
    refundReason: string;
    refundType: string;
    lines: QuoteLine[];
    partial: boolean;
    total: number;
    adminFee: number;
    currency: string;
    cardFormRequired: boolean;
    createdAt: Date;
    expiresAt: Date;
    feesRefunded: number;
  },
): Promise<void> {
  await db.query(
    `insert into refund_quotes (id, order_id, booking_id, refund_reason, refund_type, lines, partial, total, admin_fee,
       currency, card_form_required, created_at, expires_at, fees_refunded)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      q.id,
      q.orderId,
      q.bookingId,
      q.refundReason,
      q.refundType,
      JSON.stringify(q.lines),
      q.partial,
      q.total,
      q.adminFee,
      q.currency,
      q.cardFormRequired,
      q.createdAt,
      q.expiresAt,
      q.feesRefunded,
    ],
  );
}

/** The card form a refund answers with: the card on file, and whether a new card is asked for (it was declined). */
export function cardForm(payment: PaymentRow | null): CreditCardForm | null {
  if (!payment) return null;
  const declined = payment.card_declined_at !== null;
  return {
    required: declined,
    reason: declined ? 'INVALID_CREDIT_CARD' : null,
    cardOnFile: { brand: payment.card_brand, last4: payment.card_last4 },
  };
}

/** How the tickets go back before the refund is paid (by post, or nothing to send), from now. */
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
