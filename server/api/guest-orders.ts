import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { findOrderByGuestToken } from '../lib/ufac.ts';
import { can } from '../lib/policy.ts';
import { proveMailbox } from '../lib/mailbox-proof.ts';

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
    const order = await one<{ email: string; customer_id: string | null }>(
      db,
      'select email, customer_id from orders where id = $1',
      [found.id],
    );
    if (!order || order.email !== customer.email || (order.customer_id !== null && order.customer_id !== customer.id)) {
      throw new ApiError(403, 'FORBIDDEN');
    }
    const emailedToken = await one<{ id: string }>(db, 'select id from orders where guest_token_hash = $1', [
      sha256Hex(guestToken),
    ]);
    const emailVerified = customer.emailVerified || emailedToken !== null;
    // Knowing a booking's details (a find-booking exchange token) does not prove the mailbox: an
    // account whose email is not verified imports nothing with it (decision 303).
    if (!emailVerified) throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
    const result = await db.transaction(async (tx) => {
      if (!customer.emailVerified) {
        // The account's first proof of its mailbox (decision 560), made by a session signed in with the
        // password: that session and the password stay, the other sessions, sign-in links and pending
        // changes of email end.
        await proveMailbox(tx, customer.id, clock.now(), { keepSessionId: customer.sessionId, clearPassword: false });
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
    if (result.imported === 0) return c.body(null, 204);
    return c.json({ count: result.count }, result.left > 0 ? 206 : 200);
  });

  return api;
}
