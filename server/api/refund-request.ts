import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  RefundReason,
  RefundRequestBody,
  type CreditCardForm,
  type IneligibilityReason,
} from '#src/schemas/refunds.ts';
import { one, type Queryable } from '../db.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { requireLifecycleAllows } from '../domain/booking-lifecycle.ts';
import { loadFacts, newFriendlyOrderId, settleRefunds } from '../domain/refund-store.ts';
import { assess, needsPostBack, REFUND_SETTLE_DAYS, round2, type RefundFacts } from '../domain/refunds.ts';
import type { OrderRow } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { addMs, DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { findBooking } from '../domain/bookings.ts';
import { cancelAllAssistance, splitAssistance } from '../domain/assistance-follows-tickets.ts';
import { queueAssistanceCancelled, queueRefundConfirmation, type BookingEmailTarget } from '../lib/booking-emails.ts';
import { deliverEmails, type QueuedEmail } from '../lib/outbox.ts';
import { emailLocale } from '../lib/email-copy.ts';
import {
  findOrder,
  findPayment,
  findRefundQuote,
  refuseIfNotQuotable,
  type PaymentRow,
  type QuoteRow,
} from '../domain/refund-quotes.ts';
import {
  cardForm,
  IdParam,
  money,
  requireRefundAccess,
  returnInstructions,
  type BookingRow,
} from './refund-booking.ts';
import { can } from '../lib/policy.ts';
import { requireAlso } from '../lib/access.ts';

/**
 * The refund request (POST /refund-quote/{quoteId}; docs/decisions/080-refunds-server.md): spends a
 * quote once, to the card on file or a refund card's token, and records the refund; a partial
 * refund issues the remaining passengers' tickets as a superseding order. Rules live in
 * server/domain/refunds.ts.
 */

/** A superseding order is issued this long after the original's history is first asked for (as 020). */
export const REPLACEMENT_READY_MS = 1500;

type CardTokenRow = {
  token_hash: string;
  customer_id: string | null;
  order_id: string | null;
  brand: string;
  last4: string;
  declined: boolean;
  expires_at: Date;
  used_at: Date | null;
};
type Refusal = {
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

/** The special request errors: 422 with the error body plus status and the card form (contract). */
const refusal = (
  c: Context<AppEnv>,
  code: 'INVALID_CREDIT_CARD' | 'POTENTIAL_FRAUD_DETECTED',
  message: string,
  form: CreditCardForm | null,
) => c.json({ errors: [{ code, message }], status: code, creditCardForm: form }, 422);

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
  const orderId = randomUUID();
  const data = remainingBooking(booking.data, refunded);
  await db.query(
    `insert into orders (id, friendly_order_id, customer_id, email, guest_token_hash, currency, created_at)
     values ($1, $2, $3, $4, null, $5, $6)`,
    [orderId, await newFriendlyOrderId(db), order.customer_id, order.email, order.currency, now],
  );
  const bookingId = randomUUID();
  await db.query(
    `insert into bookings (id, order_id, is_season, outward_date, inward_date, data, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      bookingId,
      orderId,
      booking.is_season,
      new Date(data.outward.date),
      data.inward ? new Date(data.inward.date) : null,
      JSON.stringify(data),
      now,
    ],
  );
  await db.query(
    'insert into pending_replacements (order_id, replacement_order_id, ready_after_ms) values ($1, $2, $3)',
    [order.id, orderId, REPLACEMENT_READY_MS],
  );
  return { orderId, bookingId };
}

/** `{token, bookingId}` or null; an empty body is null too (a client may send `body: null` as no body). */
async function readRequestBody(c: Context<AppEnv>) {
  const text = await c.req.text();
  if (text.trim() === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'VALIDATION', 'Body must be JSON');
  }
  const parsed = v.safeParse(RefundRequestBody, raw);
  if (!parsed.success) throw new ApiError(400, 'VALIDATION', v.summarize(parsed.issues));
  return parsed.output;
}

/** The quote in the path, its order and booking, and the body; a used or expired quote is refused. */
async function loadQuoteForRequest(c: Context<AppEnv>, now: Date) {
  const { db } = c.get('deps');
  const idParsed = v.safeParse(IdParam, c.req.param('quoteId'));
  const row = idParsed.success ? await findRefundQuote(db, idParsed.output) : null;
  const access = await requireRefundAccess(c, row?.order_id ?? '');
  const order = row ? await findOrder(db, row.order_id) : null;
  const booking = row ? await findBooking(db, row.booking_id) : null;
  if (!row || !order || !booking) throw new ApiError(403, 'FORBIDDEN');
  const body = await readRequestBody(c);
  if (body && body.bookingId !== row.booking_id)
    throw new ApiError(400, 'VALIDATION', 'bookingId is not the booking of this quote');
  if (body?.token) {
    // Money goes back where it came from: to a new card only for whom the policy allows it, and only
    // when this quote asked for one (the card on file was declined; docs/access-policy.md).
    requireAlso(c, access, 'refund.newCard');
  }
  if (row.used_at) throw new ApiError(409, 'QUOTE_USED', 'This quote has already been used: ask for a new quote.');
  if (row.expires_at <= now) throw new ApiError(410, 'QUOTE_EXPIRED', 'This quote has expired: ask for a new quote.');
  return { row, order, booking, body, access };
}

/** A new card must be a token issued to this customer or for this order, unused and unexpired. */
async function newCardOf(
  db: Queryable,
  token: string | null | undefined,
  order: OrderRow,
  now: Date,
): Promise<CardTokenRow | null> {
  if (!token) return null;
  const card = await one<CardTokenRow>(db, 'select * from card_tokens where token_hash = $1', [sha256Hex(token)]);
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
  if (
    card &&
    !(await one(tx, 'update card_tokens set used_at = $2 where token_hash = $1 and used_at is null returning 1', [
      card.token_hash,
      now,
    ]))
  ) {
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
): Promise<Refusal | null> {
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
type RecordedRefund = Awaited<ReturnType<typeof recordRefund>>;

/** The accepted request's answer: the refund, each line's status and amount, and what to post back. */
function acceptedAnswer(row: QuoteRow, { refundId, instructions, postBack, itemStatus }: RecordedRefund) {
  return {
    status: 'PROCESSING' as const,
    creditCardForm: null,
    refundId,
    waitForSuperseders: row.partial,
    items: row.lines.map((l) => ({
      refundableId: l.refundableId,
      passengerId: l.passengerId,
      direction: l.direction,
      status: itemStatus,
      amount: money(l.refund, row.currency),
    })),
    returnInstructions: postBack ? instructions : null,
  };
}

async function requestRefund(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { row, order, booking, body, access } = await loadQuoteForRequest(c, now);
  const card = await newCardOf(db, body?.token, order, now);
  if (card && !row.card_form_required) {
    throw new ApiError(422, 'CARD_NOT_REQUESTED', 'This refund goes back to the card the order was paid with.');
  }

  // The emails the refund page promises, to the booking's mailbox in the page's language.
  const target: BookingEmailTarget = {
    deps: c.get('deps'),
    locale: emailLocale(c.req.header('accept-language')),
    to: order.email,
    reference: order.friendly_order_id,
    bookingId: booking.id,
    data: booking.data,
    signedIn: access.via === 'customer',
  };
  // One request per quote, in one transaction (PGlite runs one at a time), so two requests on the
  // same quote, or on two quotes of the same tickets, cannot both pass. A refused request (declined
  // card, fraud) still spends the quote; an error thrown here (e.g. 409 IN_PROGRESS) rolls back.
  // The emails' rows are written in it too: they exist exactly when the refund does (decision 720).
  const result = await db.transaction(
    async (tx): Promise<Refusal | ({ refused: null; emails: (QueuedEmail | null)[] } & RecordedRefund)> => {
      await spendQuote(tx, row, card, now);
      const facts = await requireStillRefundable(tx, booking, order, row, now);
      const payment = await findPayment(tx, order.id);
      const refused = await paymentRefusal(tx, { row, order, payment, card, now });
      if (refused) return refused;
      const recorded = await recordRefund(tx, { row, order, booking, facts, payment, card, now });
      await setOutcome(tx, row, 'accepted');
      const emails = [
        await queueRefundConfirmation(tx, target, {
          passengerIds: row.lines.map((l) => l.passengerId),
          amount: Number(row.total),
          currency: row.currency,
        }),
        await queueAssistanceCancelled(tx, target, recorded.assistanceEnded, 'refunded'),
      ];
      return { refused: null, emails, ...recorded };
    },
  );
  if (result.refused) return refusal(c, result.refused, result.message, result.form);
  await deliverEmails(c.get('deps'), result.emails);
  return c.json(acceptedAnswer(row, result));
}

export function refundRequestApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.post('/refund-quote/:quoteId', can('refund.original', 'refund.newCard'), requestRefund);
  return api;
}
