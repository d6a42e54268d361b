import { Hono } from 'hono';
import * as v from 'valibot';
import { associateGuestOrders, isOrderGuestToken, orderOwner } from '../domain/guest-bookings.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { findOrderByGuestToken } from '../lib/ufac.ts';
import { can } from '../lib/policy.ts';

const Body = v.object({ guestToken: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(512)) });

/**
 * POST /order/associate-guest-orders {guestToken} (docs/product/api.md): moves the signed-in customer's
 * guest orders (placed with their email, no customer) into their account.
 *
 * - The token must open an order (its guest token or a find-booking exchange token): else 404 TOKEN_INVALID.
 * - That order must carry the customer's email and belong to nobody else: else 403 FORBIDDEN.
 * - Every guest order with the customer's email is imported, except changed orders (superseded by a
 *   replacement order: their replacement carries the journey) which stay guest orders. Matching
 *   by email needs a verified email (decision 150): the order's own guest token, sent only to that
 *   mailbox, verifies it here (the account's first proof, decision 560: the other sessions, sign-in
 *   links and pending changes of email end); a find-booking exchange token does not, so with an
 *   unverified email nothing is imported (403 EMAIL_NOT_VERIFIED, decision 303): confirm the email first.
 * - 204 nothing imported; 206 {count} some imported, some could not be; 200 {count} all imported.
 *   count = bookings imported.
 */
export function guestOrdersApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.post('/order/associate-guest-orders', can('order.addToAccount'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const { guestToken } = await readBody(c, Body);
    const found = await findOrderByGuestToken(db, guestToken, clock.now());
    if (!found) throw new ApiError(404, 'TOKEN_INVALID');
    const order = await orderOwner(db, found.id);
    if (!order || order.email !== customer.email || (order.customer_id !== null && order.customer_id !== customer.id)) {
      throw new ApiError(403, 'FORBIDDEN');
    }
    const emailVerified = customer.emailVerified || (await isOrderGuestToken(db, guestToken));
    // Knowing a booking's details (a find-booking exchange token) does not prove the mailbox: an
    // account whose email is not verified imports nothing with it (decision 303).
    if (!emailVerified) throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
    // An account not yet verified proves its mailbox here (decision 560).
    const result = await associateGuestOrders(db, customer, clock.now(), { proveMailbox: !customer.emailVerified });
    if (result.imported === 0) return c.body(null, 204);
    return c.json({ count: result.count }, result.left > 0 ? 206 : 200);
  });

  return api;
}
