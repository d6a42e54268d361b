import { randomUUID } from 'node:crypto';
import { one, type Db, type Queryable } from '../db.ts';
import type { OrderRow } from '../lib/access.ts';
import { addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { queueEmail, type OutboxEmail, type QueuedEmail } from '../lib/outbox.ts';
import { sha256Hex } from '../lib/tokens.ts';
import type { BookingData } from './booking-data.ts';
import { requireLifecycleAllows } from './booking-lifecycle.ts';
import type { BookingRow } from './bookings.ts';
import { findCardToken, spendCardToken } from './card-tokens.ts';
import {
  CHANGE_QUOTE_TTL_MS,
  directionRefusal,
  priced,
  REFUSAL_DETAIL,
  type ChangeDirection,
  type ChangePrice,
  type ChangeRequest,
  type Selection,
} from './journey-change.ts';
import { findPayment } from './refund-quotes.ts';
import { refundingTicketIds, settleRefunds } from './refund-store.ts';
import { insertReplacementOrder } from './replacement-orders.ts';
import { round2 } from './refunds.ts';
import { findSavedCard, isCardExpired } from './saved-cards.ts';

/**
 * A change of journey in the database (docs/decisions/600-change-your-journey.md): whether the
 * booking may be changed now, its stored quotes, and the payment that issues the new order and
 * booking, re-priced at the moment it is paid. The travel and fare rules are
 * server/domain/journey-change.ts.
 */

/** A stored quote: what was chosen and the total shown, spent once, for CHANGE_QUOTE_TTL_MS. */
export type ChangeQuoteRow = {
  id: string;
  order_id: string;
  booking_id: string;
  direction: ChangeDirection;
  outward_train: string | null;
  inward_train: string | null;
  total: string | number;
  currency: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** A season's new start date (YYYY-MM-DD), instead of trains. */
  start_date: string | Date | null;
};

/** A stored change quote by its id, or null. */
export const findChangeQuote = (db: Queryable, quoteId: string) =>
  one<ChangeQuoteRow>(db, 'select * from journey_change_quotes where id = $1', [quoteId]);

/** Why the booking as a whole cannot be changed now (another change, replaced, refunded, lifecycle), or null. */
export async function changeRefusal(
  db: Queryable,
  booking: BookingRow,
  order: OrderRow,
  now: Date,
): Promise<{ code: string; message: string } | null> {
  if (await one(db, 'select 1 from change_of_journeys where source_booking_id = $1', [booking.id])) {
    return { code: 'ALREADY_CHANGED', message: 'This booking has already been changed: use the new booking.' };
  }
  if (
    order.replacement_order_id ||
    (await one(db, 'select 1 from pending_replacements where order_id = $1', [order.id]))
  ) {
    return { code: 'BOOKING_REPLACED', message: 'This booking has been replaced: change the new booking instead.' };
  }
  if (booking.data.delivery.method === 'mobile' && booking.data.delivery.activated) {
    return { code: 'TICKET_ACTIVATED', message: 'This mobile ticket has been activated, so it cannot be changed.' };
  }
  try {
    await requireLifecycleAllows(db, booking.id, 'journey.change', now);
  } catch (e) {
    // A journey under way is refused by the ticket's own rule, which says why (Advance: before the
    // booked train leaves; Off-Peak and Anytime: before the date on the ticket).
    if (e instanceof ApiError && e.code === 'TRAVELLED') return null;
    if (e instanceof ApiError) return { code: e.code, message: e.message };
    throw e;
  }
  return null;
}

/** Tickets refunded or being refunded: not changed, not carried over. */
export async function goneTickets(db: Queryable, booking: BookingRow, now: Date): Promise<Set<string>> {
  await settleRefunds(db, [booking.id], now);
  return refundingTicketIds(db, booking.id);
}

/** The direction may be changed now, or the 409/422 that says why not. */
export async function requireChangeable(
  db: Queryable,
  booking: BookingRow,
  order: OrderRow,
  direction: ChangeDirection,
  gone: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  const refused = await changeRefusal(db, booking, order, now);
  if (refused) throw new ApiError(409, refused.code, refused.message);
  const reason = directionRefusal(booking.data, direction, gone, now);
  if (reason) throw new ApiError(422, reason, REFUSAL_DETAIL[reason]);
}

/** Stores the quote shown to the customer: what was chosen and its total, for CHANGE_QUOTE_TTL_MS. */
export async function saveChangeQuote(
  db: Queryable,
  booking: BookingRow,
  quote: { direction: ChangeDirection; chosen: Selection; startDate: string | null; price: ChangePrice },
  currency: string,
  now: Date,
): Promise<{ id: string; expires_at: Date; currency: string }> {
  const row = { id: randomUUID(), expires_at: addMs(now, CHANGE_QUOTE_TTL_MS), currency };
  await db.query(
    `insert into journey_change_quotes (id, order_id, booking_id, direction, outward_train, inward_train, start_date, total, currency, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      booking.order_id,
      booking.id,
      quote.direction,
      quote.chosen.outward?.trainId ?? null,
      quote.chosen.inward?.trainId ?? null,
      quote.startDate,
      quote.price.total,
      currency,
      now,
      row.expires_at,
    ],
  );
  return row;
}

/** How the customer pays a change: a saved card, a card token from the card form, or nothing (nothing to pay). */
export type ChangePayment =
  | { method: 'saved'; cardId: string }
  | { method: 'card'; token: string }
  | { method: 'none' };

/** The card a change was paid with: its brand and last four digits (null when nothing was charged). */
type Charge = { brand: string | null; last4: string | null };

/**
 * Whether `candidate` is the order or one it replaced: a guest's link opens the orders that superseded
 * its own (server/lib/access.ts), and a card token is minted for the link's order.
 */
async function orderOrItsPredecessor(db: Queryable, orderId: string, candidate: string): Promise<boolean> {
  let id = orderId;
  for (let depth = 0; depth < 10; depth++) {
    if (id === candidate) return true;
    const previous = await one<{ id: string }>(db, 'select id from orders where replacement_order_id = $1', [id]);
    if (!previous) return false;
    id = previous.id;
  }
  return false;
}

/**
 * Takes the payment the total needs, or the 422 that says why it cannot (declined, expired, missing).
 * A saved card is the signed-in customer's own (`customerId`; a guest has none).
 */
async function charge(
  db: Queryable,
  customerId: string | null,
  order: OrderRow,
  total: number,
  payment: ChangePayment,
  now: Date,
): Promise<Charge> {
  if (total <= 0) {
    if (payment.method !== 'none')
      throw new ApiError(422, 'NO_PAYMENT_NEEDED', 'Nothing is to be paid for this change.');
    return { brand: null, last4: null };
  }
  if (payment.method === 'none')
    throw new ApiError(422, 'PAYMENT_REQUIRED', 'This change needs a payment: choose a card.');
  if (payment.method === 'saved') {
    const card = customerId !== null ? await findSavedCard(db, customerId, payment.cardId) : null;
    if (!card) throw new ApiError(422, 'CARD_UNKNOWN', 'This card is not saved to your account: choose another.');
    if (isCardExpired(card, now))
      throw new ApiError(422, 'CARD_EXPIRED', 'Your card was declined: it has expired. Choose another card.');
    return { brand: card.brand, last4: card.last_four_digits };
  }
  const token = await findCardToken(db, payment.token);
  const inScope =
    token &&
    ((token.customer_id !== null && token.customer_id === order.customer_id) ||
      (token.order_id !== null && (await orderOrItsPredecessor(db, order.id, token.order_id))));
  if (!token || !inScope || token.used_at || token.expires_at <= now) {
    throw new ApiError(422, 'CARD_TOKEN_INVALID', 'The card details have expired: enter the card again.');
  }
  await spendCardToken(db, token.token_hash, now);
  if (token.declined)
    throw new ApiError(422, 'CARD_DECLINED', 'Your card was declined: nothing was charged. Try another card.');
  return { brand: token.brand, last4: token.last4 };
}

/** The new order and booking, the old order pointing at it, the exchange recorded (the new booking's email follows the commit). */
async function issueChange(
  tx: Queryable,
  order: OrderRow,
  booking: BookingRow,
  data: BookingData,
  price: ChangePrice,
  card: Charge,
  now: Date,
) {
  const { orderId, bookingId, reference } = await insertReplacementOrder(
    tx,
    order,
    { isSeason: booking.is_season, data },
    now,
  );
  const oldPayment = await findPayment(tx, order.id);
  // The new order's card is the one that paid the difference; a change that cost nothing keeps the old order's.
  const paidWith = card.last4
    ? card
    : oldPayment
      ? { brand: oldPayment.card_brand, last4: oldPayment.card_last4 }
      : null;
  if (paidWith) {
    await tx.query('insert into order_payments (order_id, card_brand, card_last4) values ($1, $2, $3)', [
      orderId,
      paidWith.brand,
      paidWith.last4,
    ]);
  }
  await tx.query('update orders set replacement_order_id = $2 where id = $1', [order.id, orderId]);
  await tx.query(
    `insert into change_of_journeys (id, source_booking_id, source_order_id, new_order_id, new_booking_id, status, requested_at, completed_at, price_difference, currency, fee, card_last4)
     values ($1, $2, $3, $4, $5, 'COMPLETED', $6, $6, $7, $8, $9, $10)`,
    [randomUUID(), booking.id, order.id, orderId, bookingId, now, price.total, order.currency, price.fees, card.last4],
  );
  return { orderId, bookingId, reference };
}

/** The stored start date as YYYY-MM-DD (a driver may hand a date column back as a Date). */
const startDateOf = (row: ChangeQuoteRow): string | null =>
  row.start_date === null
    ? null
    : typeof row.start_date === 'string'
      ? row.start_date.slice(0, 10)
      : new Date(row.start_date).toISOString().slice(0, 10);

export type IssuedChange = { orderId: string; bookingId: string; reference: string };

export type PaidChange =
  | { moved: true }
  | { moved: false; price: ChangePrice; card: Charge; issued: IssuedChange; email: QueuedEmail };

/**
 * Pays a quote (POST /change-of-journey/pay) in one transaction: the booking is checked and the change
 * re-priced now (prices may move between the review and the payment); a moved price spends the
 * quote and answers `moved` before anything is charged; else the quote is claimed once, the card
 * charged, the new order and booking issued and their email written with them (decision 720). A
 * declined, expired or unknown card spends nothing but the card token: the quote stays for another.
 */
export async function payForChange(
  db: Db,
  input: {
    quote: ChangeQuoteRow;
    booking: BookingRow;
    order: OrderRow;
    /** The signed-in customer whose saved cards may pay, or null for a guest. */
    customerId: string | null;
    expectedTotal: number;
    payment: ChangePayment;
    fee: number;
    now: Date;
    /** The new booking's confirmation email. */
    mail: (issued: IssuedChange, data: BookingData) => OutboxEmail;
  },
): Promise<PaidChange> {
  const { quote: row, booking, order, payment, now } = input;
  // One change per booking: the booking row is locked by the lifecycle check, the quote spent once.
  return db
    .transaction(async (tx): Promise<PaidChange> => {
      const gone = await goneTickets(tx, booking, now);
      await requireChangeable(tx, booking, order, row.direction, gone, now);
      const request: ChangeRequest = {
        direction: row.direction,
        outwardTrain: row.outward_train,
        inwardTrain: row.inward_train,
        startDate: startDateOf(row),
      };
      const { price, changed: data } = priced(booking.data, request, gone, input.fee, now, randomUUID());
      if (
        round2(price.total) !== round2(Number(row.total)) ||
        round2(input.expectedTotal) !== round2(Number(row.total))
      ) {
        await tx.query('update journey_change_quotes set used_at = $2 where id = $1', [row.id, now]);
        return { moved: true };
      }
      const claimed = await one(
        tx,
        'update journey_change_quotes set used_at = $2 where id = $1 and used_at is null returning 1',
        [row.id, now],
      );
      if (!claimed) throw new ApiError(409, 'QUOTE_USED', 'This change has already been paid for: open your booking.');
      const card = await charge(tx, input.customerId, order, price.total, payment, now);
      const issued = await issueChange(tx, order, booking, data, price, card, now);
      const email = await queueEmail(tx, now, input.mail(issued, data));
      return { moved: false, price, card, issued, email };
    })
    .catch(async (e: unknown) => {
      // A declined card spends nothing but the card token: the quote stays for another card.
      if (
        e instanceof ApiError &&
        (e.code === 'CARD_DECLINED' ||
          e.code === 'CARD_EXPIRED' ||
          e.code === 'CARD_TOKEN_INVALID' ||
          e.code === 'CARD_UNKNOWN')
      ) {
        if (payment.method === 'card') await spendCardToken(db, sha256Hex(payment.token), now);
      }
      throw e;
    });
}
