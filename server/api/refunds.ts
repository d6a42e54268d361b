import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CardTokenRequest,
  DEFAULT_REFUND_REASON,
  RefundReason,
  RefundRequestBody,
  type CreditCardForm,
  type IneligibilityReason,
  type QuoteRefundable,
  type RefundQuote,
  type ReturnInstructions,
} from '#src/schemas/refunds.ts';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { loadFacts, newFriendlyOrderId, settleRefunds, trackingState, type RefundRow } from '../domain/refund-store.ts';
import { requireLifecycleAllows } from '../domain/booking-lifecycle.ts';
import {
  assess,
  cardBrand,
  DECLINED_TEST_CARDS,
  isSameFare,
  luhnValid,
  needsPostBack,
  partialRefundAvailable,
  POST_BACK_ADDRESS,
  POST_BACK_DAYS,
  QUOTE_TTL_MS,
  REFUND_SETTLE_DAYS,
  returnInstructionsText,
  returnModeFor,
  round2,
  type Assessment,
  type ItemAssessment,
  type RefundFacts,
} from '../domain/refunds.ts';
import type { OrderRow } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { addMs, DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { findOrderByGuestToken } from '../lib/ufac.ts';
import { findBooking, requireBookingAccess } from './booking.ts';

/**
 * Refunds and change of journey (issue 9; docs/decisions/080-refunds-server.md): the refund quote and
 * request, partial refunds, card tokenisation and change-of-journey status. Access is that of
 * GET /booking/{id}; guests need the 'refund' scope. Rules live in server/domain/refunds.ts.
 */

/** A superseding order is issued this long after the original's history is first asked for (as 020). */
export const REPLACEMENT_READY_MS = 1500;
export const CARD_TOKEN_TTL_MS = 30 * 60 * 1000;

type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;
type PaymentRow = {
  order_id: string;
  card_brand: string;
  card_last4: string;
  card_declined: boolean;
  card_declined_at: Date | null;
  fraud_flagged: boolean;
  fraud_detected_at: Date | null;
};
type QuoteLine = Pick<ItemAssessment, 'refundableId' | 'ticketId' | 'passengerId' | 'direction' | 'paid' | 'adminFee' | 'refund'>;
type QuoteRow = {
  id: string;
  order_id: string;
  booking_id: string;
  refund_reason: string;
  refund_type: string;
  lines: QuoteLine[];
  partial: boolean;
  total: string | number;
  admin_fee: string | number;
  currency: string;
  card_form_required: boolean;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  outcome: string | null;
};
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

const RefundablesQuery = v.pipe(
  v.string(),
  v.maxLength(4000),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return JSON.parse(dataset.value) as unknown;
    } catch {
      addIssue({ message: 'refundables must be a JSON array' });
      return NEVER;
    }
  }),
  v.array(v.pipe(v.string(), v.maxLength(64))),
  v.minLength(1),
  v.maxLength(40),
);
const IdParam = v.pipe(v.string(), v.regex(/^[0-9a-zA-Z-]{1,64}$/));

const findOrder = (db: Queryable, orderId: string) => one<OrderRow>(db, 'select * from orders where id = $1', [orderId]);
const findPayment = (db: Queryable, orderId: string) =>
  one<PaymentRow>(db, 'select * from order_payments where order_id = $1', [orderId]);

/** Access as GET /booking/{id}, refused for read-only access and for guests without the refund scope. */
async function requireRefundAccess(c: Context<AppEnv>, orderId: string) {
  const access = await requireBookingAccess(c, orderId);
  if (access === 'email') throw new ApiError(403, 'FORBIDDEN', 'Add this booking to your account before refunding it.');
  if (access === 'guest' && !c.get('guest')?.scopes.includes('refund')) throw new ApiError(403, 'FORBIDDEN');
  return access;
}

/** The booking, its order and the caller's access; `orderId` (when given) must be the booking's. */
async function loadBookingForRefund(c: Context<AppEnv>, bookingId: string, orderId?: string) {
  const { db } = c.get('deps');
  const booking = await findBooking(db, bookingId);
  await requireRefundAccess(c, booking?.order_id ?? '');
  const order = booking ? await findOrder(db, booking.order_id) : null;
  if (!booking || !order || (orderId !== undefined && booking.order_id !== orderId)) throw new ApiError(403, 'FORBIDDEN');
  return { booking, order };
}

async function isReplaced(db: Queryable, order: OrderRow): Promise<boolean> {
  if (order.replacement_order_id) return true;
  return (await one(db, 'select 1 from pending_replacements where order_id = $1', [order.id])) !== null;
}

async function refuseIfNotQuotable(db: Queryable, booking: BookingRow, order: OrderRow) {
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

const money = (amount: number, currencyCode: string) => ({ amount: round2(amount), currencyCode });

function cardForm(payment: PaymentRow | null): CreditCardForm | null {
  if (!payment) return null;
  const declined = payment.card_declined_at !== null;
  return {
    required: declined,
    reason: declined ? 'INVALID_CREDIT_CARD' : null,
    cardOnFile: { brand: payment.card_brand, last4: payment.card_last4 },
  };
}

function returnInstructions(facts: RefundFacts, now: Date): ReturnInstructions {
  const mode = returnModeFor(facts.data, facts.fulfilment?.state === 'collected');
  const deadline = needsPostBack(mode) ? addMs(now, POST_BACK_DAYS * DAY_MS) : null;
  return {
    mode,
    address: needsPostBack(mode) ? POST_BACK_ADDRESS : null,
    deadline: deadline ? deadline.toISOString() : null,
    instructions: returnInstructionsText(mode, deadline),
  };
}

function unprocessable(assessment: Assessment, blocking: boolean): RefundQuote['unprocessableReasons'] {
  const byCode = new Map<IneligibilityReason, { message: string; ids: string[] }>();
  for (const item of assessment.items) {
    if (!item.reasonCode) continue;
    const entry = byCode.get(item.reasonCode) ?? { message: item.message ?? '', ids: [] };
    entry.ids.push(item.refundableId);
    byCode.set(item.reasonCode, entry);
  }
  return [...byCode].map(([reasonCode, { message, ids }]) => ({ reasonCode, message, refundableIds: ids, blocking }));
}

function quoteRefundables(assessment: Assessment, included: ReadonlySet<string>, currency: string): QuoteRefundable[] {
  return assessment.items.map((i) => ({
    refundableId: i.refundableId,
    ticketId: i.ticketId,
    passengerId: i.passengerId,
    passengerName: i.passengerName,
    direction: i.direction,
    ticketType: i.ticketType,
    included: included.has(i.refundableId),
    isRefundable: i.isRefundable,
    paid: money(i.paid, currency),
    adminFee: money(i.isRefundable ? i.adminFee : 0, currency),
    refund: money(i.isRefundable ? i.refund : 0, currency),
  }));
}

function reasonOptions(facts: RefundFacts, selection: readonly string[] | null, now: Date) {
  return RefundReason.options.map((code) => {
    const a = assess(facts, code, now);
    const chosen = a.items.filter((i) => i.isRefundable && (selection === null || selection.includes(i.refundableId)));
    const eligible = chosen.length > 0 && (selection === null || chosen.length === selection.length);
    const firstReason = a.items.find((i) => i.reasonCode && (selection === null || selection.includes(i.refundableId)));
    return {
      code,
      eligible,
      adminFee: money(eligible ? chosen.reduce((s, i) => s + i.adminFee, 0) : 0, facts.currency),
      total: money(eligible ? chosen.reduce((s, i) => s + i.refund, 0) : 0, facts.currency),
      reasonCode: eligible ? null : (firstReason?.reasonCode ?? null),
    };
  });
}

/** The quote's season calculation (one season ticket per booking), null for other tickets. */
function seasonCalculationOf(lines: readonly ItemAssessment[], currency: string): RefundQuote['seasonCalculation'] {
  const line = lines.find((l) => l.season !== null);
  const s = line?.season;
  if (!line || !s) return null;
  return {
    validFrom: s.validFrom.toISOString(),
    validUntil: s.validUntil.toISOString(),
    handedBackOn: s.handedBackOn.toISOString(),
    daysUsed: s.daysUsed,
    daysLeft: s.daysLeft,
    usedPeriods: s.usedPeriods.map((p) => ({ period: p.period, count: p.count, rate: money(p.rate, currency), cost: money(p.cost, currency) })),
    costOfUsed: money(s.costOfUsed, currency),
    paid: money(line.paid, currency),
    adminFee: money(line.adminFee, currency),
    total: money(line.refund, currency),
  };
}

async function activeRefundOf(db: Queryable, bookingId: string): Promise<RefundRow | null> {
  const rows = await many<RefundRow>(db, 'select * from refunds where booking_id = $1 and rejected_at is null order by requested_at desc', [bookingId]);
  return rows.find((r) => trackingState(r) === 'processing' || trackingState(r) === 'action-required') ?? null;
}

async function quote(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadBookingForRefund(c, c.req.param('bookingId') ?? '', c.req.param('orderId') ?? '');
  const reasonParsed = v.safeParse(v.optional(RefundReason, DEFAULT_REFUND_REASON), c.req.query('refundReason'));
  if (!reasonParsed.success) throw new ApiError(400, 'VALIDATION', `refundReason must be one of ${RefundReason.options.join(', ')}`);
  const refundReason = reasonParsed.output;
  const rawSelection = c.req.query('refundables');
  const selectionParsed = rawSelection === undefined ? null : v.safeParse(RefundablesQuery, rawSelection);
  if (selectionParsed && !selectionParsed.success) throw new ApiError(400, 'VALIDATION', 'refundables must be a JSON array of refundable ids');
  const selection = selectionParsed ? [...new Set(selectionParsed.output)] : null;

  await refuseIfNotQuotable(db, booking, order);
  await settleRefunds(db, [booking.id], now);
  const facts = await loadFacts(db, booking, order);
  const currency = order.currency;
  const payment = await findPayment(db, order.id);
  const base = {
    bookingId: booking.id,
    orderId: order.id,
    currency,
    refundReason,
    partialRefundables: [] as string[],
    isPartiallyRefundable: false,
    cancellationDetails: null,
    creditCardForm: cardForm(payment),
    expiresAt: null,
  };

  if (booking.data.tickets.length === 0) {
    const body: RefundQuote = {
      ...base, quoteId: null, status: 'TRANSFORM_ERROR', reason: null,
      unprocessableReasons: [{ reasonCode: 'TRANSFORM_ERROR', message: 'This booking could not be priced for a refund.', blocking: true }],
      message: 'This booking could not be priced for a refund. Please contact us.',
    };
    return c.json(body);
  }
  if (facts.refundingTicketIds.size > 0 && booking.data.tickets.every((t) => facts.refundingTicketIds.has(t.id))) {
    if (!(await activeRefundOf(db, booking.id))) {
      throw new ApiError(409, 'ALREADY_REFUNDED', 'Every ticket of this booking has already been refunded.');
    }
    const body: RefundQuote = {
      ...base, quoteId: null, status: 'PROCESSING', reason: null,
      unprocessableReasons: [{ reasonCode: 'IN_PROGRESS', message: 'A refund of this booking is already being processed.', blocking: true }],
      message: 'A refund of this booking is already being processed.',
    };
    return c.json(body);
  }
  if (payment?.fraud_flagged && payment.fraud_detected_at) {
    const body: RefundQuote = {
      ...base, quoteId: null, status: 'POTENTIAL_FRAUD_DETECTED', reason: null, unprocessableReasons: [],
      message: 'We need to check this order before we can refund it, and we cannot refund it online. Please contact our customer service team with your order reference.',
    };
    return c.json(body);
  }

  const assessment = assess(facts, refundReason, now);
  const eligible = assessment.items.filter((i) => i.isRefundable);
  const eligibleIds = new Set(eligible.map((i) => i.refundableId));
  if (selection) {
    const known = new Set(booking.data.tickets.map((t) => t.id));
    const unknown = selection.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new ApiError(400, 'VALIDATION', `Not on this booking: ${unknown.join(', ')}`);
    const refused = selection.filter((id) => !eligibleIds.has(id));
    if (refused.length > 0) throw new ApiError(400, 'VALIDATION', `Cannot be refunded: ${refused.join(', ')}`);
  }
  const included = new Set(selection ?? eligibleIds);
  const isPartiallyRefundable = partialRefundAvailable(booking.data, eligibleIds);
  const common = {
    ...base,
    reason: assessment.refundType,
    isPartiallyRefundable,
    partialRefundables: isPartiallyRefundable ? [...eligibleIds] : [],
    refundables: quoteRefundables(assessment, included, currency),
    refundReasonOptions: reasonOptions(facts, selection, now),
  };

  if (included.size === 0) {
    const reasons = assessment.bookingReason
      ? [{ ...assessment.bookingReason, refundableIds: [...booking.data.tickets.map((t) => t.id)], blocking: true }]
      : unprocessable(assessment, true);
    const body: RefundQuote = {
      ...common, quoteId: null, status: 'NON_REFUNDABLE', unprocessableReasons: reasons,
      returnInstructions: null, message: reasons[0]?.message ?? 'This booking cannot be refunded.',
    };
    return c.json(body);
  }

  const lines = assessment.items.filter((i) => included.has(i.refundableId));
  const paid = lines.reduce((s, i) => s + i.paid, 0);
  const adminFee = round2(lines.reduce((s, i) => s + i.adminFee, 0));
  const total = round2(lines.reduce((s, i) => s + i.refund, 0));
  const partial = included.size < booking.data.tickets.length;
  const quoteId = randomUUID();
  const expiresAt = addMs(now, QUOTE_TTL_MS);
  const storedLines: QuoteLine[] = lines.map(({ refundableId, ticketId, passengerId, direction, paid: p, adminFee: f, refund }) => ({
    refundableId, ticketId, passengerId, direction, paid: p, adminFee: f, refund,
  }));
  await db.query(
    `insert into refund_quotes (id, order_id, booking_id, refund_reason, refund_type, lines, partial, total, admin_fee,
       currency, card_form_required, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)`,
    [quoteId, order.id, booking.id, refundReason, assessment.refundType, JSON.stringify(storedLines), partial, total, adminFee,
      currency, payment?.card_declined_at != null, now, expiresAt],
  );
  const body: RefundQuote = {
    ...common,
    quoteId,
    status: partial ? 'PARTIALLY_REFUNDABLE' : 'REFUNDABLE',
    unprocessableReasons: unprocessable(assessment, false),
    cancellationDetails: {
      paid: money(paid, currency),
      adminFee: money(adminFee, currency),
      total: money(total, currency),
      refundableIds: [...included],
    },
    expiresAt: expiresAt.toISOString(),
    returnInstructions: returnInstructions(facts, now),
    message: null,
    seasonCalculation: seasonCalculationOf(lines, currency),
  };
  return c.json(body);
}

/** A quoted line the quote's refund reason no longer refunds (disruption not on record, booking-error window passed). */
function checkReasonStillHolds(facts: RefundFacts, row: QuoteRow, now: Date): { code: IneligibilityReason; message: string } | null {
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
const refusal = (c: Context<AppEnv>, code: 'INVALID_CREDIT_CARD' | 'POTENTIAL_FRAUD_DETECTED', message: string, form: CreditCardForm | null) =>
  c.json({ errors: [{ code, message }], status: code, creditCardForm: form }, 422);

/** The remaining passengers' tickets as a new booking (a partial refund's superseding order). */
function remainingBooking(data: BookingData, refunded: ReadonlySet<string>): BookingData {
  const tickets = data.tickets.filter((t) => !refunded.has(t.id));
  const keep = new Set(tickets.flatMap((t) => t.passengerIds));
  return {
    ...data,
    passengers: data.passengers.filter((p) => keep.has(p.id)),
    tickets,
    price: { ...data.price, amount: round2(tickets.reduce((s, t) => s + t.price.amount, 0)) },
  };
}

async function issueReplacement(db: Queryable, order: OrderRow, booking: BookingRow, refunded: ReadonlySet<string>, now: Date) {
  const orderId = randomUUID();
  const data = remainingBooking(booking.data, refunded);
  await db.query(
    `insert into orders (id, friendly_order_id, customer_id, email, guest_token_hash, currency, created_at)
     values ($1, $2, $3, $4, null, $5, $6)`,
    [orderId, await newFriendlyOrderId(db), order.customer_id, order.email, order.currency, now],
  );
  await db.query(
    `insert into bookings (id, order_id, is_season, outward_date, inward_date, data, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [randomUUID(), orderId, booking.is_season, new Date(data.outward.date), data.inward ? new Date(data.inward.date) : null, JSON.stringify(data), now],
  );
  await db.query('insert into pending_replacements (order_id, replacement_order_id, ready_after_ms) values ($1, $2, $3)', [
    order.id, orderId, REPLACEMENT_READY_MS,
  ]);
  return orderId;
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

async function requestRefund(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const idParsed = v.safeParse(IdParam, c.req.param('quoteId'));
  const row = idParsed.success ? await one<QuoteRow>(db, 'select * from refund_quotes where id = $1', [idParsed.output]) : null;
  await requireRefundAccess(c, row?.order_id ?? '');
  const order = row ? await findOrder(db, row.order_id) : null;
  const booking = row ? await findBooking(db, row.booking_id) : null;
  if (!row || !order || !booking) throw new ApiError(403, 'FORBIDDEN');
  const body = await readRequestBody(c);
  if (body && body.bookingId !== row.booking_id) throw new ApiError(400, 'VALIDATION', 'bookingId is not the booking of this quote');
  if (row.used_at) throw new ApiError(409, 'QUOTE_USED', 'This quote has already been used: ask for a new quote.');
  if (row.expires_at <= now) throw new ApiError(410, 'QUOTE_EXPIRED', 'This quote has expired: ask for a new quote.');

  // A new card must be a token issued to this customer or for this order, unused and unexpired.
  let card: CardTokenRow | null = null;
  if (body?.token) {
    card = await one<CardTokenRow>(db, 'select * from card_tokens where token_hash = $1', [sha256Hex(body.token)]);
    const inScope = card && ((card.customer_id !== null && card.customer_id === order.customer_id) || card.order_id === order.id);
    if (!card || !inScope || card.used_at || card.expires_at <= now) {
      throw new ApiError(400, 'VALIDATION', 'The card token is unknown, used or expired: enter the card again.');
    }
  }

  // One request per quote, in one transaction (PGlite runs one at a time), so two requests on the
  // same quote, or on two quotes of the same tickets, cannot both pass. A refused request (declined
  // card, fraud) still spends the quote; an error thrown here (e.g. 409 IN_PROGRESS) rolls back.
  const result = await db.transaction(async (tx) => {
    // One request per quote: claim it (whatever comes next, the quote is spent).
    const claimed = await one<{ id: string }>(
      tx,
      'update refund_quotes set used_at = $2 where id = $1 and used_at is null returning id',
      [row.id, now],
    );
    if (!claimed) throw new ApiError(409, 'QUOTE_USED', 'This quote has already been used: ask for a new quote.');
    // The card token is single-use too: a request racing with another on the same token finds it spent.
    if (card && !(await one(tx, 'update card_tokens set used_at = $2 where token_hash = $1 and used_at is null returning 1', [card.token_hash, now]))) {
      throw new ApiError(400, 'VALIDATION', 'The card token is unknown, used or expired: enter the card again.');
    }
    const setOutcome = (outcome: string) => tx.query('update refund_quotes set outcome = $2 where id = $1', [row.id, outcome]);

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
    const payment = await findPayment(tx, order.id);
    if (payment?.fraud_flagged) {
      await tx.query('update order_payments set fraud_detected_at = coalesce(fraud_detected_at, $2) where order_id = $1', [order.id, now]);
      await setOutcome('POTENTIAL_FRAUD_DETECTED');
      return {
        refused: 'POTENTIAL_FRAUD_DETECTED' as const,
        message: 'We need to check this order before we can refund it. Please contact our customer service team with your order reference.',
        form: cardForm(payment),
      };
    }
    const declined = card ? card.declined : (payment?.card_declined ?? false) || row.card_form_required;
    if (declined) {
      if (payment && !payment.card_declined_at) {
        await tx.query('update order_payments set card_declined_at = $2 where order_id = $1', [order.id, now]);
      }
      await setOutcome('INVALID_CREDIT_CARD');
      const form: CreditCardForm = {
        required: true,
        reason: 'INVALID_CREDIT_CARD',
        cardOnFile: payment ? { brand: payment.card_brand, last4: payment.card_last4 } : null,
      };
      return { refused: 'INVALID_CREDIT_CARD' as const, message: 'Your card issuer declined the refund: enter another card.', form };
    }

    const instructions = returnInstructions(facts, now);
    const postBack = needsPostBack(instructions.mode);
    const refundId = randomUUID();
    const refunded = new Set(row.lines.map((l) => l.refundableId));
    const replacementOrderId = row.partial ? await issueReplacement(tx, order, booking, refunded, now) : null;
    await tx.query(
      `insert into refunds (id, quote_id, order_id, booking_id, kind, refund_reason, refund_type, amount, admin_fee, currency,
         return_mode, post_deadline, requested_at, settles_at, card_last4, replacement_order_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [refundId, row.id, order.id, booking.id, row.partial ? 'partial' : 'full', row.refund_reason, row.refund_type, Number(row.total),
        Number(row.admin_fee), row.currency, instructions.mode, instructions.deadline ? new Date(instructions.deadline) : null, now,
        postBack ? null : addMs(now, REFUND_SETTLE_DAYS * DAY_MS), card?.last4 ?? payment?.card_last4 ?? null, replacementOrderId],
    );
    const itemStatus = postBack ? 'blocked' : row.refund_type === 'same-day-void' ? 'voiding' : 'pending';
    for (const line of row.lines) {
      await tx.query(
        `insert into refund_items (refund_id, refundable_id, passenger_id, direction, amount, status) values ($1, $2, $3, $4, $5, $6)`,
        [refundId, line.refundableId, line.passengerId, line.direction, line.refund, itemStatus],
      );
    }
    await setOutcome('accepted');
    return { refused: null, refundId, instructions, postBack, itemStatus };
  });
  if (result.refused) return refusal(c, result.refused, result.message, result.form);
  const { refundId, instructions, postBack, itemStatus } = result;
  return c.json({
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
  });
}

async function partialRefunds(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadBookingForRefund(c, c.req.param('bookingId') ?? '');
  await refuseIfNotQuotable(db, booking, order);
  const quoteIdRaw = c.req.query('quoteId');
  let quoteRow: QuoteRow | null = null;
  if (quoteIdRaw !== undefined) {
    const parsed = v.safeParse(IdParam, quoteIdRaw);
    quoteRow = parsed.success ? await one<QuoteRow>(db, 'select * from refund_quotes where id = $1', [parsed.output]) : null;
    if (!quoteRow || quoteRow.booking_id !== booking.id) throw new ApiError(400, 'VALIDATION', 'quoteId is not a quote of this booking');
  }
  await settleRefunds(db, [booking.id], now);
  const facts = await loadFacts(db, booking, order);
  const reason = v.parse(v.fallback(RefundReason, DEFAULT_REFUND_REASON), quoteRow?.refund_reason);
  const assessment = assess(facts, reason, now);
  const byTicket = new Map(assessment.items.map((i) => [i.ticketId, i]));
  const eligible = new Set(assessment.items.filter((i) => i.isRefundable).map((i) => i.refundableId));
  const { data } = booking;
  const passengers = new Map(data.passengers.map((p) => [p.id, p]));

  const journey = (direction: 'outward' | 'inward') => {
    const leg = direction === 'outward' ? data.outward : data.inward;
    if (!leg) return null;
    const tickets = data.tickets.filter((t) => t.direction === direction || t.direction === 'return');
    const fareNames = [...new Set(tickets.map((t) => `${t.type}|${t.direction}`))];
    return {
      origin: leg.origin.name,
      destination: leg.destination.name,
      date: leg.date,
      fares: fareNames.map((key) => {
        const [name = '', ticketDirection = direction] = key.split('|') as [string, 'outward' | 'inward' | 'return'];
        return {
          name,
          ticketDirection,
          farePassengers: tickets
            .filter((t) => `${t.type}|${t.direction}` === key)
            .flatMap((t) =>
              t.passengerIds.map((pid) => {
                const item = byTicket.get(t.id);
                const p = passengers.get(pid);
                const refundable = eligible.has(t.id);
                return {
                  passengerId: pid,
                  isRefundable: refundable,
                  refundableId: refundable ? t.id : null,
                  firstName: p?.firstName ?? '',
                  lastName: p?.lastName ?? '',
                  price: t.price,
                  reasonCode: item?.reasonCode ?? null,
                };
              }),
            ),
        };
      }),
    };
  };
  const sameFare = isSameFare(data);
  const outward = journey('outward');
  return c.json({
    booking: {
      outward: outward ?? { fares: [] },
      inward: journey('inward'),
      sameFare,
      journeyFare: sameFare ? (data.tickets[0]?.type ?? null) : null,
      recipient: { email: order.email },
      creditCardForm: cardForm(await findPayment(db, order.id)),
      orderId: order.id,
      selectedRefundables: quoteRow ? quoteRow.lines.map((l) => l.refundableId) : [],
      passengerAssistances: [],
      bookingId: booking.id,
      isPartiallyRefundable: partialRefundAvailable(data, eligible),
      refundReason: quoteRow ? reason : null,
    },
    orderId: order.id,
    refundables: [...eligible],
  });
}

/** Who a card token is for: the signed-in customer, a guest's order or customer, or `?token=`'s order. */
async function tokenOwner(c: Context<AppEnv>): Promise<{ customerId: string | null; orderId: string | null }> {
  const customer = c.get('customer');
  if (customer) return { customerId: customer.id, orderId: null };
  const guest = c.get('guest');
  if (guest?.scopes.includes('refund') && guest.flow === 'order' && guest.orderId) return { customerId: null, orderId: guest.orderId };
  const token = c.req.query('token');
  if (token) {
    const order = await findOrderByGuestToken(c.get('deps').db, token, c.get('deps').clock.now());
    if (order) return { customerId: null, orderId: order.id };
  }
  if (guest) throw new ApiError(403, 'FORBIDDEN');
  throw new ApiError(401, 'UNAUTHORISED');
}

async function cardToken(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const owner = await tokenOwner(c);
  const body = await readBody(c, CardTokenRequest);
  const digits = body.number.replace(/ /g, '');
  if (!/^\d{13,19}$/.test(digits)) throw new ApiError(400, 'VALIDATION', 'The card number must have 13 to 19 digits');
  if (!luhnValid(digits)) throw new ApiError(422, 'CARD_INVALID', 'This card number is not valid.');
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (body.expiryYear < year || (body.expiryYear === year && body.expiryMonth < month)) {
    throw new ApiError(422, 'CARD_EXPIRED', 'This card has expired.');
  }
  const token = randomToken(24);
  const expiresAt = addMs(now, CARD_TOKEN_TTL_MS);
  const brand = cardBrand(digits);
  const last4 = digits.slice(-4);
  await db.query(
    `insert into card_tokens (token_hash, customer_id, order_id, brand, last4, expiry_month, expiry_year, declined, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [sha256Hex(token), owner.customerId, owner.orderId, brand, last4, body.expiryMonth, body.expiryYear, DECLINED_TEST_CARDS.includes(digits), now, expiresAt],
  );
  return c.json({ token, last4, brand, expiryMonth: body.expiryMonth, expiryYear: body.expiryYear, expiresAt: expiresAt.toISOString() });
}

const COJ_MESSAGES = {
  IN_PROGRESS: 'Your change of journey is being processed: your new tickets will be emailed to you. This booking cannot be refunded while it is exchanged.',
  COMPLETED: 'This booking was exchanged for a new journey. Any refund is made on the new booking.',
  FAILED: 'Your change of journey could not be completed. Please contact us: your original tickets are still valid.',
} as const;

async function changeOfJourneyStatus(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const { booking } = await loadBookingForRefund(c, c.req.param('bookingId') ?? '', c.req.param('orderId') ?? '');
  const row = await one<{
    status: keyof typeof COJ_MESSAGES;
    new_order_id: string | null;
    new_booking_id: string | null;
    requested_at: Date;
    completed_at: Date | null;
    price_difference: string | number | null;
    currency: string;
  }>(db, 'select * from change_of_journeys where source_booking_id = $1', [booking.id]);
  if (!row) throw new ApiError(404, 'NOT_CHANGE_OF_JOURNEY_SOURCE', 'This booking is not the source of a change of journey.');
  return c.json({
    status: row.status,
    sourceBookingId: booking.id,
    newOrderId: row.new_order_id,
    newBookingId: row.new_booking_id,
    requestedAt: row.requested_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    priceDifference: row.price_difference === null ? null : money(Number(row.price_difference), row.currency),
    message: COJ_MESSAGES[row.status],
  });
}

export function refundsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/refund-quote/:orderId/:bookingId', quote);
  api.post('/refund-quote/:quoteId', requestRefund);
  api.get('/partial-refunds/:bookingId', partialRefunds);
  api.post('/payment/card-token', cardToken);
  api.get('/change-of-journey/status/:orderId/:bookingId', changeOfJourneyStatus);
  return api;
}
