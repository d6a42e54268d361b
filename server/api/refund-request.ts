import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { RefundRequestBody, type CreditCardForm } from '#src/schemas/refunds.ts';
import { findBooking } from '../domain/bookings.ts';
import { findOrder, findRefundQuote, type QuoteRow } from '../domain/refund-quotes.ts';
import { requestRefund, requireNewCard, type RecordedRefund } from '../domain/refund-requests.ts';
import { requireAlso } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { queueAssistanceCancelled, queueRefundConfirmation, type BookingEmailTarget } from '../lib/booking-emails.ts';
import { emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { deliverEmails } from '../lib/outbox.ts';
import { can } from '../lib/policy.ts';
import { IdParam, money, requireRefundAccess } from './refund-booking.ts';

/**
 * The refund request (POST /refund-quote/{quoteId}; docs/decisions/080-refunds-server.md): spends a
 * quote once, to the card on file or a refund card's token, and records the refund; a partial
 * refund issues the remaining passengers' tickets as a superseding order. The rows and the
 * transaction are server/domain/refund-requests.ts's; the rules server/domain/refunds.ts's.
 */

/** The special request errors: 422 with the error body plus status and the card form (contract). */
const refusal = (
  c: Context<AppEnv>,
  code: 'INVALID_CREDIT_CARD' | 'POTENTIAL_FRAUD_DETECTED',
  message: string,
  form: CreditCardForm | null,
) => c.json({ errors: [{ code, message }], status: code, creditCardForm: form }, 422);

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

async function requestRefundCall(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { row, order, booking, body, access } = await loadQuoteForRequest(c, now);
  const card = await requireNewCard(db, body?.token, order, now);
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
  const result = await requestRefund(db, { row, order, booking, card, now }, async (tx, recorded) => [
    await queueRefundConfirmation(tx, target, {
      passengerIds: row.lines.map((l) => l.passengerId),
      amount: Number(row.total),
      currency: row.currency,
    }),
    await queueAssistanceCancelled(tx, target, recorded.assistanceEnded, 'refunded'),
  ]);
  if (result.refused) return refusal(c, result.refused, result.message, result.form);
  await deliverEmails(c.get('deps'), result.emails);
  return c.json(acceptedAnswer(row, result));
}

export function refundRequestApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.post('/refund-quote/:quoteId', can('refund.original', 'refund.newCard'), requestRefundCall);
  return api;
}
