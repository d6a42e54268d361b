import type { Context, MiddlewareHandler } from 'hono';
import { one } from '../db.ts';
import type { GuestSession, SessionCustomer } from '../domain/identity.ts';
import type { AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';
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
  const order = await one<OrderRow>(c.get('deps').db, 'select * from orders where id = $1', [orderId]);
  if (order) {
    if (customer && order.customer_id === customer.id) return { via: 'customer', order, customer };
    if (guest?.flow === 'order' && guest.orderId === order.id) return { via: 'guest', order, guest };
    // A marketing-email session (contact preferences only) never opens orders.
    const ordersInScope = guest?.scopes.some((scope) => scope !== 'marketing-preference-unsubscribe') ?? false;
    if (guest?.flow === 'customer' && ordersInScope && guest.customerId !== null && guest.customerId === order.customer_id) {
      return { via: 'guest', order, guest };
    }
    if (token && order.guest_token_hash && safeEqual(sha256Hex(token), order.guest_token_hash)) {
      return { via: 'token', order };
    }
    if (token && (await findOrderByGuestToken(c.get('deps').db, token, c.get('deps').clock.now()))?.id === order.id) {
      return { via: 'token', order };
    }
    // A guest's access to an order carries over to the orders that superseded it (a partial refund's
    // replacement): the guest lands on the replacement's history as a customer does (decision 080).
    if (guest?.flow === 'order' || token) {
      const tokenOrderId = token ? ((await findOrderByGuestToken(c.get('deps').db, token, c.get('deps').clock.now()))?.id ?? null) : null;
      let id = order.id;
      for (let depth = 0; depth < 10; depth++) {
        const previous = await one<{ id: string }>(c.get('deps').db, 'select id from orders where replacement_order_id = $1', [id]);
        if (!previous) break;
        if (guest?.flow === 'order' && guest.orderId === previous.id) return { via: 'guest', order, guest };
        if (tokenOrderId === previous.id) return { via: 'token', order };
        id = previous.id;
      }
    }
  }
  throw new ApiError(403, 'FORBIDDEN');
}
