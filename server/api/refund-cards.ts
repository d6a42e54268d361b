import type { Context } from 'hono';
import { Hono } from 'hono';
import { CardTokenRequest } from '#src/schemas/refunds.ts';
import { recordCardToken } from '../domain/card-tokens.ts';
import { cardBrand, DECLINED_TEST_CARDS, luhnValid } from '../domain/refunds.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ukWall } from '#src/schemas/uk-time.ts';
import { addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { findOrderByGuestToken } from '../lib/ufac.ts';
import { authorizeOrder } from '../lib/access.ts';
import { allows, can, refusal } from '../lib/policy.ts';

/**
 * Refund cards (POST /payment/card-token; docs/decisions/080-refunds-server.md): a card entered
 * after the card on file was declined becomes a single-use token, issued to the signed-in customer
 * or to the guest's order, that a refund request may name instead of the card.
 */

export const CARD_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * Who a card token is for: the signed-in customer, a guest's order, or `?token=`'s order; and whether
 * the access policy lets them refund to a new card at all (docs/access-policy.md: a proved owner or a
 * link from the order's mailbox, never four typed details). The request checks the quote asked for one.
 */
async function tokenOwner(c: Context<AppEnv>): Promise<{ customerId: string | null; orderId: string | null }> {
  const customer = c.get('customer');
  if (customer) {
    const kind = customer.emailVerified ? 'owner' : 'owner-unproved';
    if (!allows('refund.newCard', kind)) throw refusal('refund.newCard', kind, true, true);
    return { customerId: customer.id, orderId: null };
  }
  const guest = c.get('guest');
  const token = c.req.query('token') ?? null;
  const guestOrderId = guest?.scopes.includes('refund') && guest.flow === 'order' ? guest.orderId : null;
  const tokenOrder =
    !guestOrderId && token ? await findOrderByGuestToken(c.get('deps').db, token, c.get('deps').clock.now()) : null;
  const orderId = guestOrderId ?? tokenOrder?.id ?? null;
  if (orderId) {
    const access = await authorizeOrder(c, orderId, { token: guestOrderId ? null : token });
    return { customerId: null, orderId: access.order.id };
  }
  if (guest) throw new ApiError(403, 'FORBIDDEN');
  throw new ApiError(401, 'UNAUTHORISED');
}

async function cardToken(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const owner = await tokenOwner(c);
  const body = await readBody(c, CardTokenRequest);
  const digits = body.number.replace(/ /g, '');
  // A number of the wrong length is no card's number, as one failing Luhn: the refusal the card form
  // ties to its number field (docs/decisions/082), not a whole-form error.
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    throw new ApiError(422, 'CARD_INVALID', 'This card number is not valid.');
  }
  // A card is good to the end of its expiry month on the UK calendar (decision 880): at 00:30 in
  // London on 1 August (23:30 UTC) a July card has expired, as the card form says.
  const { year, month } = ukWall(now);
  if (body.expiryYear < year || (body.expiryYear === year && body.expiryMonth < month)) {
    throw new ApiError(422, 'CARD_EXPIRED', 'This card has expired.');
  }
  const token = randomToken(24);
  const expiresAt = addMs(now, CARD_TOKEN_TTL_MS);
  const brand = cardBrand(digits);
  const last4 = digits.slice(-4);
  await recordCardToken(db, {
    tokenHash: sha256Hex(token),
    customerId: owner.customerId,
    orderId: owner.orderId,
    brand,
    last4,
    expiryMonth: body.expiryMonth,
    expiryYear: body.expiryYear,
    declined: DECLINED_TEST_CARDS.includes(digits),
    now,
    expiresAt,
  });
  return c.json({
    token,
    last4,
    brand,
    expiryMonth: body.expiryMonth,
    expiryYear: body.expiryYear,
    expiresAt: expiresAt.toISOString(),
  });
}

export function refundCardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.post('/payment/card-token', can('refund.newCard'), cardToken);
  return api;
}
