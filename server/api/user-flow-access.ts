import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { assertNotThrottled, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import {
  createClaimSession,
  createUfacSession,
  findClaimByToken,
  findCustomerByMarketingToken,
  findOrderByGuestToken,
} from '../lib/ufac.ts';
import { can } from '../lib/policy.ts';

const Body = v.object({
  token: v.pipe(v.string(), v.maxLength(512)),
  /**
   * Which kind of token: an order (guest) token, the default, a customer marketing-email token, or
   * a Delay Repay email-link token (`claim`, scoped to that one claim).
   */
  flow: v.optional(v.picklist(['order', 'customer', 'claim']), 'order'),
});

/**
 * POST /user-flow-access: exchanges a guest order token for a session scoped to that one order,
 * or (with `flow: 'customer'`) a marketing-email token for a customer-flow session scoped to that
 * customer's contact preferences only (scope 'marketing-preference-unsubscribe'), or (with
 * `flow: 'claim'`) a Delay Repay email-link token for a session scoped to that one claim.
 */
export function userFlowAccessApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.post('/user-flow-access', can('public'), async (c) => {
    const { db, clock } = c.get('deps');
    const { token, flow } = await readBody(c, Body);
    // Unknown tokens are counted per client, like every other guess (decision 155); tokens are 256
    // bits, so this is parity rather than need, and a customer's own link never counts.
    const limits = [[LIMITS.userFlowAccessClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    const refuse = async (): Promise<never> => {
      await recordAttempt(db, clock.now(), limits);
      throw new ApiError(401, 'TOKEN_INVALID');
    };
    if (flow === 'customer') {
      const customer = await findCustomerByMarketingToken(db, token, clock.now());
      if (!customer) return refuse();
      const session = await createUfacSession(db, { flow: 'customer', customerId: customer.id }, clock.now(), [
        'marketing-preference-unsubscribe',
      ]);
      return c.json({ session: session.id, flow: 'customer' as const, orderId: null });
    }
    if (flow === 'claim') {
      // The session may read and submit that claim only (server/api/delay-repay.ts); it opens no order.
      const claim = await findClaimByToken(db, token, clock.now());
      if (!claim) return refuse();
      const session = await createClaimSession(db, claim.id, clock.now());
      return c.json({ session: session.id, flow: 'order' as const, orderId: null, claimId: claim.id });
    }
    const order = await findOrderByGuestToken(db, token);
    if (!order) return refuse();
    const session = await createUfacSession(
      db,
      { flow: 'order', orderId: order.id, origin: order.origin },
      clock.now(),
    );
    return c.json({ session: session.id, flow: 'order' as const, orderId: order.id });
  });

  return api;
}
