import { many, one, type Db, type Queryable } from '../db.ts';
import { proveMailbox } from '../lib/mailbox-proof.ts';
import { sha256Hex } from '../lib/tokens.ts';
import type { BookingData } from './booking-data.ts';
import { BOOKING_ROW_COLUMNS, type BookingRow } from './booking-lists.ts';

/**
 * The bookings a guest finds and opens without an account (docs/decisions/010-bookings-lists-and-guest-access.md):
 * the bookings of an order found by its reference and email, the exchange token that opens it,
 * the bookings of an order (with the orders that replaced it) or of a customer, and moving a
 * customer's guest orders into their account.
 */

/** The bookings of the order with this friendly id and email, by departure. */
export const bookingsByReference = (db: Queryable, bookingReference: string, email: string) =>
  many<{ id: string; order_id: string; data: BookingData }>(
    db,
    `select b.id, b.order_id, b.data from bookings b join orders o on o.id = b.order_id
     where o.friendly_order_id = $1 and o.email = $2 order by b.outward_date, b.id`,
    [bookingReference, email],
  );

/** Stores an order exchange token (only its hash) that opens its order until `expiresAt`. */
export async function storeExchangeToken(
  db: Queryable,
  token: string,
  orderId: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    'insert into order_exchange_tokens (token_hash, order_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [sha256Hex(token), orderId, now, expiresAt],
  );
}

type GuestBookingRow = BookingRow & { customer_id: string | null };

/**
 * The bookings of an order and of the orders that superseded it (a partial refund's replacement;
 * decision 080), by departure.
 */
export const bookingsOfOrderChain = (db: Queryable, orderId: string) =>
  many<GuestBookingRow>(
    db,
    `select ${BOOKING_ROW_COLUMNS}, o.customer_id from bookings b join orders o on o.id = b.order_id
     where o.id in (with recursive chain(id) as (
        select $1::text union select r.replacement_order_id from orders r join chain on r.id = chain.id
        where r.replacement_order_id is not null) select id from chain)
     order by b.outward_date asc, b.id`,
    [orderId],
  );

/** The bookings of a customer's orders, by departure. */
export const bookingsOfCustomer = (db: Queryable, customerId: string) =>
  many<GuestBookingRow>(
    db,
    `select ${BOOKING_ROW_COLUMNS}, o.customer_id from bookings b join orders o on o.id = b.order_id
     where o.customer_id = $1 order by b.outward_date asc, b.id`,
    [customerId],
  );

/** Whether an account exists with this email. */
export const accountExistsFor = async (db: Queryable, email: string): Promise<boolean> =>
  (await one<{ id: string }>(db, 'select id from customers where email = $1', [email])) !== null;

/** An order's email and customer (null: a guest order), or null when there is no such order. */
export const orderOwner = (db: Queryable, orderId: string) =>
  one<{ email: string; customer_id: string | null }>(db, 'select email, customer_id from orders where id = $1', [
    orderId,
  ]);

/** Whether this token is an order's own guest token (sent only to the order's mailbox), not an exchange token. */
export const isOrderGuestToken = async (db: Queryable, token: string): Promise<boolean> =>
  (await one<{ id: string }>(db, 'select id from orders where guest_token_hash = $1', [sha256Hex(token)])) !== null;

/**
 * Moves every guest order with the customer's email into their account, in one transaction,
 * except changed orders (superseded by a replacement order: their replacement carries the journey),
 * which stay guest orders. `proveMailbox`: this is the account's first proof of its mailbox
 * (decision 560), made by a session signed in with the password: that session and the password stay,
 * the other sessions, sign-in links and pending changes of email end.
 * Answers the bookings imported, the orders imported and the orders left.
 */
export function associateGuestOrders(
  db: Db,
  customer: { id: string; email: string; sessionId: string },
  now: Date,
  opts: { proveMailbox: boolean },
): Promise<{ count: number; imported: number; left: number }> {
  return db.transaction(async (tx) => {
    if (opts.proveMailbox) {
      await proveMailbox(tx, customer.id, now, { keepSessionId: customer.sessionId, clearPassword: false });
    }
    const candidates = await many<{ id: string; replacement_order_id: string | null; bookings: number }>(
      tx,
      `select o.id, o.replacement_order_id, (select count(*)::int from bookings b where b.order_id = o.id) as bookings
       from orders o where o.customer_id is null and o.email = $1`,
      [customer.email],
    );
    const importable = candidates.filter((o) => o.replacement_order_id === null);
    if (importable.length > 0) {
      await tx.query('update orders set customer_id = $1 where id = any($2::text[])', [
        customer.id,
        importable.map((o) => o.id),
      ]);
    }
    return {
      count: importable.reduce((sum, o) => sum + o.bookings, 0),
      imported: importable.length,
      left: candidates.length - importable.length,
    };
  });
}
