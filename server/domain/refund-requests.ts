import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { RefundReason, type CreditCardForm, type IneligibilityReason } from '#src/schemas/refunds.ts';
import { one, type Db, type Queryable } from '../db.ts';
import type { OrderRow } from '../lib/access.ts';
import { addMs, DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { cancelAllAssistance, splitAssistance } from './assistance-follows-tickets.ts';
import type { BookingData } from './booking-data.ts';
import { requireLifecycleAllows } from './booking-lifecycle.ts';
import type { BookingRow } from './bookings.ts';
import { claimCardToken, findCardToken, type CardTokenRow } from './card-tokens.ts';
import {
  cardForm,
  findPayment,
  refuseIfNotQuotable,
  returnInstructions,
  type PaymentRow,
  type QuoteRow,
} from './refund-quotes.ts';
import { loadFacts, settleRefunds } from './refund-store.ts';
import { assess, needsPostBack, REFUND_SETTLE_DAYS, round2, type RefundFacts } from './refunds.ts';
import { insertReplacementOrder } from './replacement-orders.ts';

/**
 * The refund request in the database (POST /refund-quote/{quoteId}; docs/decisions/080-refunds-server.md):
 * spends a quote once, to the card the order was paid with or a refund card's token, and records
 * the refund; a partial refund issues the remaining passengers' tickets as a superseding order.
 * The refund rules are server/domain/refunds.ts.
 */

/** A superseding order is issued this long after the original's history is first asked for (as 020). */
export const REPLACEMENT_READY_MS = 1500;

/** A refund the payment refuses: the order is held for fraud, or the card declined the refund. */
export type PaymentRefused = {
  refused: 'INVALID_CREDIT_CARD' | 'POTENTIAL_FRAUD_DETECTED';
  message: string;
  form: CreditCardForm | null;
};

/** A quoted line the quote's refund reason no longer refunds (disruption not on record, booking-error window passed). */
function checkReasonStillHolds(
  facts: RefundFacts,
  row: QuoteRow,
  now: Date,
): { code: IneligibilityReason; message: string } | null {
  const reason = v.safeParse(RefundReason, row.refund_reason);
  if (!reason.success) return null;
  const items = new Map(assess(facts, reason.output, now).items.map((i) => [i.refundableId, i]));
  for (const line of row.lines) {
    const item = items.get(line.refundableId);
    if (item?.reasonCode === 'DISRUPTION_NOT_RECORDED' || item?.reasonCode === 'BOOKING_ERROR_TOO_LATE') {
      return { code: item.reasonCode, message: item.message ?? 'This refund reason does not apply to these tickets.' };
    }
  }
  return null;
}

/** The remaining passengers' tickets as a new booking (a partial refund's superseding order). */
function remainingBooking(data: BookingData, refunded: ReadonlySet<string>): BookingData {
  const tickets = data.tickets.filter((t) => !refunded.has(t.id));
  const keep = new Set(tickets.flatMap((t) => t.passengerIds));
  return {
    ...data,
    passengers: data.passengers.filter((p) => keep.has(p.id)),
    tickets,
    price: { ...data.price, amount: round2(tickets.reduce((s, t) => s + t.price.amount, 0)) },
    // The fees were paid once, on the original order, and stay on its receipt (docs/decisions/630).
    fees: [],
  };
}

async function issueReplacement(
  db: Queryable,
  order: OrderRow,
  booking: BookingRow,
  refunded: ReadonlySet<string>,
  now: Date,
) {
  const { orderId, bookingId } = await insertReplacementOrder(
    db,
    order,
    { isSeason: booking.is_season, data: remainingBooking(booking.data, refunded) },
    now,
  );
  await db.query(
    'insert into pending_replacements (order_id, replacement_order_id, ready_after_ms) values ($1, $2, $3)',
    [order.id, orderId, REPLACEMENT_READY_MS],
  );
  return { orderId, bookingId };
}

/** A new card must be a token issued to this customer or for this order, unused and unexpired (400 otherwise); no token: null. */
export async function requireNewCard(
  db: Queryable,
  token: string | null | undefined,
  order: OrderRow,
  now: Date,
): Promise<CardTokenRow | null> {
  if (!token) return null;
  const card = await findCardToken(db, token);
  const inScope =
    card && ((card.customer_id !== null && card.customer_id === order.customer_id) || card.order_id === order.id);
  if (!card || !inScope || card.used_at || card.expires_at <= now) {
    throw new ApiError(400, 'VALIDATION', 'The card token is unknown, used or expired: enter the card again.');
  }
  return card;
}

/** One request per quote: claim it (whatever comes next, the quote is spent), and the card token with it. */
async function spendQuote(tx: Queryable, row: QuoteRow, card: CardTokenRow | null, now: Date) {
  const claimed = await one<{ id: string }>(
    tx,
    'update refund_quotes set used_at = $2 where id = $1 and used_at is null returning id',
    [row.id, now],
  );
  if (!claimed) throw new ApiError(409, 'QUOTE_USED', 'This quote has already been used: ask for a new quote.');
  // The card token is single-use too: a request racing with another on the same token finds it spent.
  if (card && !(await claimCardToken(tx, card.token_hash, now))) {
    throw new ApiError(400, 'VALIDATION', 'The card token is unknown, used or expired: enter the card again.');
  }
}

const setOutcome = (tx: Queryable, row: QuoteRow, outcome: string) =>
  tx.query('update refund_quotes set outcome = $2 where id = $1', [row.id, outcome]);

/** The quoted tickets may still be refunded now: the refund facts, or the 409 that says why not. */
async function requireStillRefundable(tx: Queryable, booking: BookingRow, order: OrderRow, row: QuoteRow, now: Date) {
  await refuseIfNotQuotable(tx, booking, order);
  await settleRefunds(tx, [booking.id], now);
  const facts = await loadFacts(tx, booking, order);
  if (row.lines.some((l) => facts.refundingTicketIds.has(l.refundableId))) {
    throw new ApiError(409, 'IN_PROGRESS', 'A refund of these tickets has already been requested.');
  }
  // The booking's lifecycle (decision 320): no refund after an insurance claim or Delay Repay paid
  // for it, nor of a booking already refunded; the booking row stays locked until the refund is in.
  await requireLifecycleAllows(tx, booking.id, row.partial ? 'refund.partial' : 'refund.full', now);
  // The reason is checked again at request time: a disruption must still be on record and a
  // booking mistake still inside its window (docs/decisions/330 and 331).
  const reasonCheck = checkReasonStillHolds(facts, row, now);
  if (reasonCheck) throw new ApiError(409, reasonCheck.code, reasonCheck.message);
  return facts;
}

/** A refund the payment refuses (order held for fraud, card declined), recorded on the quote; null when it goes ahead. */
async function paymentRefusal(
  tx: Queryable,
  {
    row,
    order,
    payment,
    card,
    now,
  }: { row: QuoteRow; order: OrderRow; payment: PaymentRow | null; card: CardTokenRow | null; now: Date },
): Promise<PaymentRefused | null> {
  if (payment?.fraud_flagged) {
    await tx.query(
      'update order_payments set fraud_detected_at = coalesce(fraud_detected_at, $2) where order_id = $1',
      [order.id, now],
    );
    await setOutcome(tx, row, 'POTENTIAL_FRAUD_DETECTED');
    return {
      refused: 'POTENTIAL_FRAUD_DETECTED',
      message:
        'We need to check this order before we can refund it. Please contact our customer service team with your order reference.',
      form: cardForm(payment),
    };
  }
  const declined = card ? card.declined : (payment?.card_declined ?? false) || row.card_form_required;
  if (!declined) return null;
  if (payment && !payment.card_declined_at) {
    await tx.query('update order_payments set card_declined_at = $2 where order_id = $1', [order.id, now]);
  }
  await setOutcome(tx, row, 'INVALID_CREDIT_CARD');
  const form: CreditCardForm = {
    required: true,
    reason: 'INVALID_CREDIT_CARD',
    cardOnFile: payment ? { brand: payment.card_brand, last4: payment.card_last4 } : null,
  };
  return { refused: 'INVALID_CREDIT_CARD', message: 'Your card issuer declined the refund: enter another card.', form };
}

/** Records the refund and its items (and a partial refund's superseding order). */
async function recordRefund(
  tx: Queryable,
  {
    row,
    order,
    booking,
    facts,
    payment,
    card,
    now,
  }: {
    row: QuoteRow;
    order: OrderRow;
    booking: BookingRow;
    facts: RefundFacts;
    payment: PaymentRow | null;
    card: CardTokenRow | null;
    now: Date;
  },
) {
  const instructions = returnInstructions(facts, now);
  const postBack = needsPostBack(instructions.mode);
  const refundId = randomUUID();
  const refunded = new Set(row.lines.map((l) => l.refundableId));
  const replacement = row.partial ? await issueReplacement(tx, order, booking, refunded, now) : null;
  const replacementOrderId = replacement?.orderId ?? null;
  await tx.query(
    `insert into refunds (id, quote_id, order_id, booking_id, kind, refund_reason, refund_type, amount, admin_fee, currency,
       return_mode, post_deadline, requested_at, settles_at, card_last4, replacement_order_id, fees_refunded)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      refundId,
      row.id,
      order.id,
      booking.id,
      row.partial ? 'partial' : 'full',
      row.refund_reason,
      row.refund_type,
      Number(row.total),
      Number(row.admin_fee),
      row.currency,
      instructions.mode,
      instructions.deadline ? new Date(instructions.deadline) : null,
      now,
      postBack ? null : addMs(now, REFUND_SETTLE_DAYS * DAY_MS),
      // Money goes back where it came from: the order's card, or the new card the refund asked for.
      card?.last4 ?? payment?.card_last4 ?? null,
      replacementOrderId,
      Number(row.fees_refunded ?? 0),
    ],
  );
  const itemStatus = postBack ? 'blocked' : row.refund_type === 'same-day-void' ? 'voiding' : 'pending';
  for (const line of row.lines) {
    await tx.query(
      `insert into refund_items (refund_id, refundable_id, passenger_id, direction, amount, status) values ($1, $2, $3, $4, $5, $6)`,
      [refundId, line.refundableId, line.passengerId, line.direction, line.refund, itemStatus],
    );
  }
  // The assistance booked with the refunded tickets ends with them; a partial refund's other
  // passengers keep theirs on the replacement (docs/decisions/630).
  const assistanceEnded = replacement
    ? await splitAssistance(tx, { bookingId: booking.id, refunded: row.lines, replacement, now })
    : await cancelAllAssistance(tx, booking.id, 'refunded', now);
  return { refundId, instructions, postBack, itemStatus, assistanceEnded };
}
export type RecordedRefund = Awaited<ReturnType<typeof recordRefund>>;

/**
 * Requests the quote's refund, in one transaction (PGlite runs one at a time), so two requests on
 * the same quote, or on two quotes of the same tickets, cannot both pass. A refused request
 * (declined card, fraud) still spends the quote; an error thrown here (e.g. 409 IN_PROGRESS) rolls
 * back. `queueEmails` writes the emails the refund page promises in the same transaction: they
 * exist exactly when the refund does (decision 720).
 */
export function requestRefund<E>(
  db: Db,
  input: { row: QuoteRow; order: OrderRow; booking: BookingRow; card: CardTokenRow | null; now: Date },
  queueEmails: (tx: Queryable, recorded: RecordedRefund) => Promise<E>,
): Promise<PaymentRefused | ({ refused: null; emails: E } & RecordedRefund)> {
  const { row, order, booking, card, now } = input;
  return db.transaction(async (tx) => {
    await spendQuote(tx, row, card, now);
    const facts = await requireStillRefundable(tx, booking, order, row, now);
    const payment = await findPayment(tx, order.id);
    const refused = await paymentRefusal(tx, { row, order, payment, card, now });
    if (refused) return refused;
    const recorded = await recordRefund(tx, { row, order, booking, facts, payment, card, now });
    await setOutcome(tx, row, 'accepted');
    const emails = await queueEmails(tx, recorded);
    return { refused: null, emails, ...recorded };
  });
}
