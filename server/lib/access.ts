import type { Context, MiddlewareHandler } from 'hono';
import { one, type Queryable } from '../db.ts';
import type { GuestSession, SessionCustomer } from '../domain/identity.ts';
import type { AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';
import { assertNotThrottled, clientAddress, LIMITS, recordAttempt } from './rate-limit.ts';
import { findSessionCustomer, readSessionCookie } from './sessions.ts';
import { safeEqual, sha256Hex } from './tokens.ts';
import { UFAC_HEADER, findGuestSession, findOrderByGuestToken, parseFlowHeader } from './ufac.ts';

/** Sets `customer` (session cookie) and `guest` (x-user-flow-id header) for every API handler. */
export const identify: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const sessionId = readSessionCookie(c);
  c.set('customer', sessionId ? await findSessionCustomer(db, sessionId, now) : null);
  const header = parseFlowHeader(c.req.header(UFAC_HEADER));
  c.set('guest', header ? await findGuestSession(db, header, now) : null);
  await next();
};

/** The signed-in customer, or 401 `{"errors":[{"code":"UNAUTHORISED"}]}`. */
export function requireCustomer(c: Context<AppEnv>): SessionCustomer {
  const customer = c.get('customer');
  if (!customer) throw new ApiError(401, 'UNAUTHORISED');
  return customer;
}

export type OrderRow = {
  id: string;
  friendly_order_id: string;
  customer_id: string | null;
  email: string;
  guest_token_hash: string | null;
  currency: string;
  created_at: Date;
  replacement_order_id: string | null;
};

export type OrderAccess =
  | { via: 'customer'; order: OrderRow; customer: SessionCustomer }
  | { via: 'guest'; order: OrderRow; guest: GuestSession }
  | { via: 'token'; order: OrderRow };

/**
 * Who may act on an order: its customer (session), a guest session scoped to it (order flow) or to
 * its customer (customer flow), or whoever holds its plain order token (`opts.token`, e.g. `?token=`).
 * No identity at all: 401 UNAUTHORISED. An identity without access, or an unknown order: 403 FORBIDDEN
 * (the same answer, so order ids cannot be probed).
 */
export async function requireCustomerOrGuestForOrder(
  c: Context<AppEnv>,
  orderId: string,
  opts: { token?: string | null } = {},
): Promise<OrderAccess> {
  const customer = c.get('customer');
  const guest = c.get('guest');
  const token = opts.token ?? null;
  if (!customer && !guest && !token) throw new ApiError(401, 'UNAUTHORISED');
  const { db, clock } = c.get('deps');
  const order = await one<OrderRow>(db, 'select * from orders where id = $1', [orderId]);
  if (order) {
    if (customer && order.customer_id === customer.id) return { via: 'customer', order, customer };
    if (guest?.flow === 'order' && guest.orderId === order.id) return { via: 'guest', order, guest };
    // A marketing-email session (contact preferences only) never opens orders.
    const ordersInScope = guest?.scopes.some((scope) => scope !== 'marketing-preference-unsubscribe') ?? false;
    if (guest?.flow === 'customer' && ordersInScope && guest.customerId !== null && guest.customerId === order.customer_id) {
      return { via: 'guest', order, guest };
    }
    // A guest's access to an order carries over to the orders that superseded it (a partial refund's
    // replacement): the guest lands on the replacement's history as a customer does (decision 080).
    if (guest?.flow === 'order' && guest.orderId !== null && (await previousOrderIds(db, order.id)).includes(guest.orderId)) {
      return { via: 'guest', order, guest };
    }
  }
  if (token) {
    // The token is a guess until it opens the order: wrong ones are counted per client, and past the
    // limit none is looked at (decision 566). One that opens the order never counts.
    const limits = [[LIMITS.orderTokenClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    if (order && (await tokenOpensOrder(db, token, order, clock.now()))) return { via: 'token', order };
    await recordAttempt(db, clock.now(), limits);
  }
  throw new ApiError(403, 'FORBIDDEN');
}

/** The orders `orderId` replaced, newest first (at most ten back). */
async function previousOrderIds(db: Queryable, orderId: string): Promise<string[]> {
  const ids: string[] = [];
  let id = orderId;
  for (let depth = 0; depth < 10; depth++) {
    const previous = await one<{ id: string }>(db, 'select id from orders where replacement_order_id = $1', [id]);
    if (!previous) break;
    ids.push(previous.id);
    id = previous.id;
  }
  return ids;
}

/** Whether `token` is the order's guest token, an unexpired exchange token of it, or one of an order it replaced. */
async function tokenOpensOrder(db: Queryable, token: string, order: OrderRow, now: Date): Promise<boolean> {
  if (order.guest_token_hash && safeEqual(sha256Hex(token), order.guest_token_hash)) return true;
  const tokenOrderId = (await findOrderByGuestToken(db, token, now))?.id ?? null;
  if (tokenOrderId === null) return false;
  return tokenOrderId === order.id || (await previousOrderIds(db, order.id)).includes(tokenOrderId);
}
