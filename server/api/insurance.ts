import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  findEligibilityCheck,
  findProduct,
  INELIGIBLE_DETAIL,
  ineligibility,
  makeInsuranceClaim,
  recordEligibilityCheck,
  type ProductRow,
} from '../domain/insurance.ts';
import { authorizeOrder, type OrderAccess } from '../lib/access.ts';
import {
  queueAssistanceCancelled,
  queueInsuranceClaimConfirmation,
  type BookingEmailTarget,
} from '../lib/booking-emails.ts';
import { deliverEmails } from '../lib/outbox.ts';
import { emailLocale } from '../lib/email-copy.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { lifecycleRefusal, LIFECYCLE_DETAIL } from '../domain/booking-lifecycle.ts';
import { can } from '../lib/policy.ts';

/**
 * Flexible insurance claims (docs/product/states.md, docs/product/validation.md, docs/product/api.md), docs/decisions/091-flexible-insurance-claims.md:
 * POST /flexible-insurance/{orderId}/{insuranceProductId}/eligibility → {claimId, orderId,
 * insuranceProductId, isClaimable} (+ reason when not claimable), then
 * POST /flexible-insurance/{orderId}/{insuranceProductId}/{claimId}/claim.
 * Rules per kind: every kind may be claimed before departure; after departure, Essential never,
 * Trip until TRIP_COVER_DAYS after the last leg, TripCover only when the journey was disrupted
 * (a delay recorded for it). One claim per product (server/domain/insurance.ts).
 */
/** The caller may act on the order (customer, its guest session, or its token); the product must be the order's. */
async function requireProduct(c: Context<AppEnv>): Promise<{ product: ProductRow; access: OrderAccess }> {
  const orderId = c.req.param('orderId') ?? '';
  const access = await authorizeOrder(c, orderId, { token: c.req.query('token') ?? null });
  const product = await findProduct(c.get('deps').db, orderId, c.req.param('insuranceProductId') ?? '');
  if (!product) throw new ApiError(404, 'NOT_FOUND');
  return { product, access };
}

export function insuranceApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.post('/flexible-insurance/:orderId/:insuranceProductId/eligibility', can('claim.original'), async (c) => {
    const { db, clock } = c.get('deps');
    const { product } = await requireProduct(c);
    const now = clock.now();
    // Then the booking's lifecycle (decision 320): a refunded or Delay Repay-claimed booking is not claimable.
    const ineligible = ineligibility(product, now);
    const refused = ineligible ? null : await lifecycleRefusal(db, product.booking_id, 'insurance.claim', now);
    const reason = ineligible ?? refused;
    const claimId = await recordEligibilityCheck(db, product.id, reason, now);
    return c.json({
      claimId,
      orderId: product.order_id,
      insuranceProductId: product.id,
      isClaimable: reason === null,
      // Local extra: why not (the app shows 'Product is not claimable' either way).
      ...(ineligible
        ? { reason, detail: INELIGIBLE_DETAIL[ineligible] }
        : refused
          ? { reason, detail: LIFECYCLE_DETAIL[refused] }
          : {}),
    });
  });

  api.post('/flexible-insurance/:orderId/:insuranceProductId/:claimId/claim', can('claim.original'), async (c) => {
    const { db, clock } = c.get('deps');
    const { product, access } = await requireProduct(c);
    const claim = await findEligibilityCheck(db, c.req.param('claimId'), product.id);
    if (!claim) throw new ApiError(404, 'NOT_FOUND');
    const now = clock.now();
    // "We'll email you about your refund", and the assistance cancelled, in the page's language:
    // written with the claim, so they exist exactly when it does (decision 720).
    const done = await makeInsuranceClaim(db, product, claim, now, async (tx, { order, reference, ended }) => {
      const target: BookingEmailTarget = {
        deps: c.get('deps'),
        locale: emailLocale(c.req.header('accept-language')),
        to: order.email,
        reference: order.friendly_order_id,
        bookingId: product.booking_id,
        data: product.data,
        signedIn: access.via === 'customer',
      };
      return [
        await queueInsuranceClaimConfirmation(tx, target, { claimReference: reference, cover: product.kind }),
        await queueAssistanceCancelled(tx, target, ended, 'insurance-claimed'),
      ];
    });
    await deliverEmails(c.get('deps'), done.emails);
    return c.json({
      claimId: claim.id,
      orderId: product.order_id,
      insuranceProductId: product.id,
      reference: done.ref,
    });
  });

  return api;
}
