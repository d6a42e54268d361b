import type { Context, MiddlewareHandler } from 'hono';
import { one } from '../db.ts';
import type { GuestSession, SessionCustomer } from '../domain/identity.ts';
import type { AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';
import { assertNotThrottled, clientAddress, LIMITS, recordAttempt } from './rate-limit.ts';
import { findSessionCustomer, readSessionCookie } from './sessions.ts';
import { allows, refusal, routeActions, type AccessKind, type Action } from './policy.ts';
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

export type OrderAccess = (
  | { via: 'customer'; order: OrderRow; customer: SessionCustomer }
  | { via: 'guest'; order: OrderRow; guest: GuestSession }
  | { via: 'token'; order: OrderRow }
  | { via: 'email'; order: OrderRow; customer: SessionCustomer }
) & { kind: AccessKind };

type Resolved = OrderAccess | { via: 'none'; order: OrderRow | null; kind: 'none' };

/**
 * How the caller reaches an order, strongest first: its signed-in customer; a guest session for it
 * (or for an order it replaced), from an emailed link or from Find a booking; the same as a token in
 * `?token=`; a signed-in customer whose proved email is the one a guest order was booked with; or
 * nothing. The kind of access (docs/access-policy.md) follows from how.
 */
export async function resolveOrderAccess(
  c: Context<AppEnv>,
  orderId: string,
  token: string | null,
  claimId: string | null = null,
): Promise<Resolved> {
  const { db, clock } = c.get('deps');
  const customer = c.get('customer');
  const guest = c.get('guest');
  const order = orderId === '' ? null : await one<OrderRow>(db, 'select * from orders where id = $1', [orderId]);
  if (!order) return { via: 'none', order: null, kind: 'none' };
  if (customer && order.customer_id === customer.id) {
    return { via: 'customer', order, customer, kind: customer.emailVerified ? 'owner' : 'owner-unproved' };
  }
  if (guest?.flow === 'order' && guest.orderId === order.id) return { via: 'guest', order, guest, kind: guest.origin };
  // A Delay Repay email link opens its one claim (on this order), nothing else of it.
  if (claimId !== null && guest?.claimId === claimId) return { via: 'guest', order, guest, kind: 'email-link' };
  // A marketing-email session (contact preferences only) never opens orders.
  const ordersInScope = guest?.scopes.some((scope) => scope !== 'marketing-preference-unsubscribe') ?? false;
  if (
    guest?.flow === 'customer' &&
    ordersInScope &&
    guest.customerId !== null &&
    guest.customerId === order.customer_id
  ) {
    return { via: 'guest', order, guest, kind: 'email-link' };
  }
  const tokenOrder = token ? await findOrderByGuestToken(db, token, clock.now()) : null;
  if (tokenOrder?.id === order.id) return { via: 'token', order, kind: tokenOrder.origin };
  // A guest's access to an order carries over to the orders that superseded it (a partial refund's
  // replacement): the guest lands on the replacement's history as a customer does (decision 080).
  if (guest?.flow === 'order' || tokenOrder) {
    let id = order.id;
    for (let depth = 0; depth < 10; depth++) {
      const previous = await one<{ id: string }>(db, 'select id from orders where replacement_order_id = $1', [id]);
      if (!previous) break;
      if (guest?.flow === 'order' && guest.orderId === previous.id)
        return { via: 'guest', order, guest, kind: guest.origin };
      if (tokenOrder?.id === previous.id) return { via: 'token', order, kind: tokenOrder.origin };
      id = previous.id;
    }
  }
  // A proved mailbox is the guest order's own: the customer sees it (the Guest tab) until it is added (decision 021).
  if (customer?.emailVerified && order.customer_id === null && order.email === customer.email.toLowerCase()) {
    return { via: 'email', order, customer, kind: 'account-email' };
  }
  return { via: 'none', order, kind: 'none' };
}

/**
 * Who may act on an order, decided by the access policy (server/lib/policy.ts) for the action the
 * route names (`can(...)`), or `opts.action`, one the route also declared. No identity at all: 401
 * UNAUTHORISED. An identity without the right access, or an unknown order: 403 (the same answer, so
 * order ids cannot be probed; a Find a booking session on an account's booking is told to sign in).
 */
export async function authorizeOrder(
  c: Context<AppEnv>,
  orderId: string,
  opts: { token?: string | null; action?: Action; claimId?: string } = {},
): Promise<OrderAccess> {
  const declared = routeActions(c);
  const action = opts.action ?? declared[0]!;
  if (!declared.includes(action)) throw new Error(`action ${action} is not declared by this route's can(...)`);
  const token = opts.token ?? null;
  const hasCredential = c.get('customer') !== null || c.get('guest') !== null || token !== null;
  const { db, clock } = c.get('deps');
  const resolved = await resolveOrderAccess(c, orderId, token, opts.claimId ?? null);
  if (token && (resolved.via === 'token' || resolved.via === 'none')) {
    // The token is a guess until it opens the order: wrong ones are counted per client, and past the
    // limit none is taken, a right one included (decision 566). One that opens the order never counts.
    const limits = [[LIMITS.orderTokenClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    if (resolved.via === 'none') await recordAttempt(db, clock.now(), limits);
  }
  const onAccountOrder = resolved.order ? resolved.order.customer_id !== null : true;
  if (resolved.via === 'none' || !allows(action, resolved.kind, onAccountOrder)) {
    throw refusal(action, resolved.kind, hasCredential, onAccountOrder);
  }
  return resolved;
}

/** Whether the caller, already let in as `access`, may also do `action` here (e.g. refund to a new card). */
export function mayAlso(access: OrderAccess, action: Action): boolean {
  return allows(action, access.kind, access.order.customer_id !== null);
}

/** As `mayAlso`, or the policy's refusal. The action must be one the route declared. */
export function requireAlso(c: Context<AppEnv>, access: OrderAccess, action: Action): void {
  if (!routeActions(c).includes(action)) throw new Error(`action ${action} is not declared by this route's can(...)`);
  if (!mayAlso(access, action)) throw refusal(action, access.kind, true, access.order.customer_id !== null);
}
