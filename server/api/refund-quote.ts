import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  DEFAULT_REFUND_REASON,
  disruptionReasons,
  RefundReason,
  type IneligibilityReason,
  type QuoteRefundable,
  type RefundQuote,
} from '#src/schemas/refunds.ts';
import type { ServerWords } from '../domain/refunds.ts';
import type { BookingData } from '../domain/booking-data.ts';
import type { LifecycleReason } from '#machines/booking-lifecycle';
import { bookingOffers, LIFECYCLE_DETAIL } from '../domain/booking-lifecycle.ts';
import { activeRefundOf, loadFacts, settleRefunds } from '../domain/refund-store.ts';
import {
  assess,
  partialRefundAvailable,
  QUOTE_TTL_MS,
  round2,
  type Assessment,
  type ItemAssessment,
  type RefundFacts,
} from '../domain/refunds.ts';
import type { OrderRow } from '../lib/access.ts';
import type { AppDeps, AppEnv } from '../lib/app-env.ts';
import { addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import {
  cardForm,
  findPayment,
  returnInstructions,
  refuseIfNotQuotable,
  saveRefundQuote,
  type PaymentRow,
  type QuoteLine,
} from '../domain/refund-quotes.ts';
import { loadBookingForRefund, money, type BookingRow } from './refund-booking.ts';
import { can } from '../lib/policy.ts';

/**
 * The refund quote (GET /refund-quote/{orderId}/{bookingId}; docs/decisions/080-refunds-server.md):
 * what a refund of the booking, or of the chosen tickets, for a reason would pay back, stored for
 * the refund request to spend. Rules live in server/domain/refunds.ts.
 */

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

function unprocessable(assessment: Assessment, blocking: boolean): RefundQuote['unprocessableReasons'] {
  const byCode = new Map<IneligibilityReason, { message: string; words: ServerWords | null; ids: string[] }>();
  for (const item of assessment.items) {
    if (!item.reasonCode) continue;
    const entry = byCode.get(item.reasonCode) ?? { message: item.message ?? '', words: item.words, ids: [] };
    entry.ids.push(item.refundableId);
    byCode.set(item.reasonCode, entry);
  }
  return [...byCode].map(([reasonCode, { message, words, ids }]) => ({
    reasonCode,
    message,
    words,
    refundableIds: ids,
    blocking,
  }));
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

/** The booking's own fees (booking fee, card fee): paid once per booking, not per ticket. */
const bookingFeesOf = (data: BookingData): number => round2((data.fees ?? []).reduce((s, f) => s + f.amount.amount, 0));

/**
 * The fees a refund gives back (docs/decisions/630): all of them when the whole booking is refunded
 * because the railway disrupted the journey (the National Rail Conditions of Travel charge nothing
 * then, and neither do we); none otherwise, since the booking service was used and others may travel.
 */
export const feesRefundedBy = (data: BookingData, reason: RefundReason, wholeBooking: boolean): number =>
  wholeBooking && disruptionReasons.includes(reason) ? bookingFeesOf(data) : 0;

function reasonOptions(facts: RefundFacts, selection: readonly string[] | null, now: Date) {
  return RefundReason.options.map((code) => {
    const a = assess(facts, code, now);
    const chosen = a.items.filter((i) => i.isRefundable && (selection === null || selection.includes(i.refundableId)));
    const eligible = chosen.length > 0 && (selection === null || chosen.length === selection.length);
    const whole = eligible && chosen.length === facts.data.tickets.length;
    const fees = eligible ? feesRefundedBy(facts.data, code, whole) : 0;
    const firstReason = a.items.find((i) => i.reasonCode && (selection === null || selection.includes(i.refundableId)));
    return {
      code,
      eligible,
      adminFee: money(eligible ? chosen.reduce((s, i) => s + i.adminFee, 0) : 0, facts.currency),
      total: money(eligible ? round2(chosen.reduce((s, i) => s + i.refund, 0) + fees) : 0, facts.currency),
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
    usedPeriods: s.usedPeriods.map((p) => ({
      period: p.period,
      count: p.count,
      rate: money(p.rate, currency),
      cost: money(p.cost, currency),
    })),
    costOfUsed: money(s.costOfUsed, currency),
    paid: money(line.paid, currency),
    adminFee: money(line.adminFee, currency),
    total: money(line.refund, currency),
  };
}

/** The query: `refundReason` (default the spec's) and `refundables`, the chosen tickets (null: all that refund). */
function readQuoteQuery(c: Context<AppEnv>) {
  const reasonParsed = v.safeParse(v.optional(RefundReason, DEFAULT_REFUND_REASON), c.req.query('refundReason'));
  if (!reasonParsed.success)
    throw new ApiError(400, 'VALIDATION', `refundReason must be one of ${RefundReason.options.join(', ')}`);
  const rawSelection = c.req.query('refundables');
  const selectionParsed = rawSelection === undefined ? null : v.safeParse(RefundablesQuery, rawSelection);
  if (selectionParsed && !selectionParsed.success)
    throw new ApiError(400, 'VALIDATION', 'refundables must be a JSON array of refundable ids');
  const selection = selectionParsed ? [...new Set(selectionParsed.output)] : null;
  return { refundReason: reasonParsed.output, selection };
}

/** What every answer carries, whether or not the booking can be quoted. */
function quoteBase(booking: BookingRow, order: OrderRow, refundReason: RefundReason, payment: PaymentRow | null) {
  return {
    bookingId: booking.id,
    orderId: order.id,
    currency: order.currency,
    refundReason,
    partialRefundables: [] as string[],
    isPartiallyRefundable: false,
    cancellationDetails: null,
    creditCardForm: cardForm(payment),
    expiresAt: null,
  };
}
type QuoteBase = ReturnType<typeof quoteBase>;

/** The answer for a booking no reason can quote: no tickets, a refund already under way, or held for fraud; null otherwise. */
async function unquotableAnswer(
  db: AppDeps['db'],
  booking: BookingRow,
  facts: RefundFacts,
  payment: PaymentRow | null,
  base: QuoteBase,
): Promise<RefundQuote | null> {
  if (booking.data.tickets.length === 0) {
    return {
      ...base,
      quoteId: null,
      status: 'TRANSFORM_ERROR',
      reason: null,
      unprocessableReasons: [
        {
          reasonCode: 'TRANSFORM_ERROR',
          message: 'This booking could not be priced for a refund.',
          words: { code: 'REFUND_NOT_PRICED' },
          blocking: true,
        },
      ],
      message: 'This booking could not be priced for a refund. Please contact us.',
    };
  }
  if (facts.refundingTicketIds.size > 0 && booking.data.tickets.every((t) => facts.refundingTicketIds.has(t.id))) {
    if (!(await activeRefundOf(db, booking.id))) {
      throw new ApiError(409, 'ALREADY_REFUNDED', 'Every ticket of this booking has already been refunded.');
    }
    return {
      ...base,
      quoteId: null,
      status: 'PROCESSING',
      reason: null,
      unprocessableReasons: [
        {
          reasonCode: 'IN_PROGRESS',
          message: 'A refund of this booking is already being processed.',
          words: { code: 'REFUND_BOOKING_IN_PROGRESS' },
          blocking: true,
        },
      ],
      message: 'A refund of this booking is already being processed.',
    };
  }
  if (payment?.fraud_flagged && payment.fraud_detected_at) {
    return {
      ...base,
      quoteId: null,
      status: 'POTENTIAL_FRAUD_DETECTED',
      reason: null,
      unprocessableReasons: [],
      message:
        'We need to check this order before we can refund it, and we cannot refund it online. Please contact our customer service team with your order reference.',
    };
  }
  return null;
}

/**
 * The booking lifecycle's refusal of a refund in the quote's own words (decision 570): the same
 * verdict the refund request gives with 409, answered here as NON_REFUNDABLE with a reason the
 * screen explains, so the quote never offers what spending it would refuse. A refund already under
 * way or a replaced booking are answered before this, with their own codes.
 */
const LIFECYCLE_INELIGIBILITY: Partial<Record<LifecycleReason, IneligibilityReason>> = {
  INSURANCE_CLAIMED: 'INSURANCE_CLAIMED',
  DELAY_REPAY_CLAIMED: 'DELAY_REPAY_CLAIMED',
  REFUND_IN_PROGRESS: 'IN_PROGRESS',
  REFUNDED: 'IN_PROGRESS',
  PART_REFUNDED: 'IN_PROGRESS',
  EXPIRED: 'EXPIRED',
};

async function lifecycleRefusalAnswer(
  db: AppDeps['db'],
  booking: BookingRow,
  base: QuoteBase,
  now: Date,
): Promise<RefundQuote | null> {
  const refused = (await bookingOffers(db, booking.id, now))?.refusal('refund.full') ?? null;
  if (!refused) return null;
  const message = LIFECYCLE_DETAIL[refused];
  return {
    ...base,
    quoteId: null,
    status: 'NON_REFUNDABLE',
    reason: null,
    unprocessableReasons: [
      {
        // A refusal with no reason of the quote's own (none today) is one to take to customer service.
        reasonCode: LIFECYCLE_INELIGIBILITY[refused] ?? 'TRANSFORM_ERROR',
        message,
        words: { code: `LIFECYCLE_${refused}` },
        refundableIds: booking.data.tickets.map((t) => t.id),
        blocking: true,
      },
    ],
    returnInstructions: null,
    message,
  };
}

/** A chosen ticket must be on the booking and refundable for the reason. */
function checkSelection(booking: BookingRow, selection: readonly string[] | null, eligibleIds: ReadonlySet<string>) {
  if (!selection) return;
  const known = new Set(booking.data.tickets.map((t) => t.id));
  const unknown = selection.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new ApiError(400, 'VALIDATION', `Not on this booking: ${unknown.join(', ')}`);
  const refused = selection.filter((id) => !eligibleIds.has(id));
  if (refused.length > 0) throw new ApiError(400, 'VALIDATION', `Cannot be refunded: ${refused.join(', ')}`);
}

/** The answer when nothing chosen refunds for the reason: why, per ticket or for the whole booking. */
/** What a priced answer carries: the reason's refund type, each ticket's lines, partial refunds and every reason's outcome. */
function quoteCommon(
  base: QuoteBase,
  {
    booking,
    facts,
    assessment,
    selection,
    included,
    eligibleIds,
    now,
  }: {
    booking: BookingRow;
    facts: RefundFacts;
    assessment: Assessment;
    selection: readonly string[] | null;
    included: ReadonlySet<string>;
    eligibleIds: ReadonlySet<string>;
    now: Date;
  },
) {
  const isPartiallyRefundable = partialRefundAvailable(booking.data, eligibleIds);
  return {
    ...base,
    reason: assessment.refundType,
    isPartiallyRefundable,
    partialRefundables: isPartiallyRefundable ? [...eligibleIds] : [],
    refundables: quoteRefundables(assessment, included, base.currency),
    refundReasonOptions: reasonOptions(facts, selection, now),
  };
}
type QuoteCommon = ReturnType<typeof quoteCommon>;

function nonRefundableAnswer(booking: BookingRow, assessment: Assessment, common: QuoteCommon): RefundQuote {
  const reasons = assessment.bookingReason
    ? [{ ...assessment.bookingReason, refundableIds: [...booking.data.tickets.map((t) => t.id)], blocking: true }]
    : unprocessable(assessment, true);
  return {
    ...common,
    quoteId: null,
    status: 'NON_REFUNDABLE',
    unprocessableReasons: reasons,
    returnInstructions: null,
    message: reasons[0]?.message ?? 'This booking cannot be refunded.',
  };
}

interface StoredQuote {
  quoteId: string;
  expiresAt: Date;
  paid: number;
  adminFee: number;
  total: number;
  feesRefunded: number;
}

/** Stores the quote's lines and totals for the refund request to spend (until QUOTE_TTL_MS). */
async function storeQuote(
  db: AppDeps['db'],
  {
    booking,
    order,
    refundReason,
    assessment,
    lines,
    partial,
    payment,
    now,
  }: {
    booking: BookingRow;
    order: OrderRow;
    refundReason: RefundReason;
    assessment: Assessment;
    lines: ItemAssessment[];
    partial: boolean;
    payment: PaymentRow | null;
    now: Date;
  },
): Promise<StoredQuote> {
  const paid = lines.reduce((s, i) => s + i.paid, 0);
  const adminFee = round2(lines.reduce((s, i) => s + i.adminFee, 0));
  const feesRefunded = feesRefundedBy(booking.data, refundReason, !partial);
  const total = round2(lines.reduce((s, i) => s + i.refund, 0) + feesRefunded);
  const quoteId = randomUUID();
  const expiresAt = addMs(now, QUOTE_TTL_MS);
  const storedLines: QuoteLine[] = lines.map(
    ({ refundableId, ticketId, passengerId, direction, paid: p, adminFee: f, refund }) => ({
      refundableId,
      ticketId,
      passengerId,
      direction,
      paid: p,
      adminFee: f,
      refund,
    }),
  );
  await saveRefundQuote(db, {
    id: quoteId,
    orderId: order.id,
    bookingId: booking.id,
    refundReason,
    refundType: assessment.refundType,
    lines: storedLines,
    partial,
    total,
    adminFee,
    currency: order.currency,
    cardFormRequired: payment?.card_declined_at != null,
    createdAt: now,
    expiresAt,
    feesRefunded,
  });
  return { quoteId, expiresAt, paid, adminFee, total, feesRefunded };
}

async function quote(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadBookingForRefund(
    c,
    c.req.param('bookingId') ?? '',
    c.req.param('orderId') ?? '',
  );
  const { refundReason, selection } = readQuoteQuery(c);

  await refuseIfNotQuotable(db, booking, order);
  await settleRefunds(db, [booking.id], now);
  const facts = await loadFacts(db, booking, order);
  const currency = order.currency;
  const payment = await findPayment(db, order.id);
  const base = quoteBase(booking, order, refundReason, payment);
  const unquotable = await unquotableAnswer(db, booking, facts, payment, base);
  if (unquotable) return c.json(unquotable);
  const refused = await lifecycleRefusalAnswer(db, booking, base, now);
  if (refused) return c.json(refused);

  const assessment = assess(facts, refundReason, now);
  const eligibleIds = new Set(assessment.items.filter((i) => i.isRefundable).map((i) => i.refundableId));
  checkSelection(booking, selection, eligibleIds);
  const included = new Set(selection ?? eligibleIds);
  const common = quoteCommon(base, { booking, facts, assessment, selection, included, eligibleIds, now });
  if (included.size === 0) return c.json(nonRefundableAnswer(booking, assessment, common));

  const lines = assessment.items.filter((i) => included.has(i.refundableId));
  const partial = included.size < booking.data.tickets.length;
  const stored = await storeQuote(db, { booking, order, refundReason, assessment, lines, partial, payment, now });
  const body: RefundQuote = {
    ...common,
    quoteId: stored.quoteId,
    status: partial ? 'PARTIALLY_REFUNDABLE' : 'REFUNDABLE',
    unprocessableReasons: unprocessable(assessment, false),
    cancellationDetails: {
      paid: money(stored.paid, currency),
      adminFee: money(stored.adminFee, currency),
      total: money(stored.total, currency),
      refundableIds: [...included],
      ...(bookingFeesOf(booking.data) > 0
        ? { bookingFees: { amount: money(bookingFeesOf(booking.data), currency), refunded: stored.feesRefunded > 0 } }
        : {}),
    },
    expiresAt: stored.expiresAt.toISOString(),
    returnInstructions: returnInstructions(facts, now),
    message: null,
    seasonCalculation: seasonCalculationOf(lines, currency),
  };
  return c.json(body);
}

export function refundQuoteApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/refund-quote/:orderId/:bookingId', can('refund.original'), quote);
  return api;
}
