import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { authorizeOrder, type OrderAccess } from '../lib/access.ts';
import { cancelAllAssistance } from '../domain/assistance-follows-tickets.ts';
import {
  queueAssistanceCancelled,
  queueInsuranceClaimConfirmation,
  type BookingEmailTarget,
} from '../lib/booking-emails.ts';
import { deliverEmails } from '../lib/outbox.ts';
import { emailLocale } from '../lib/email-copy.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { lifecycleRefusal, LIFECYCLE_DETAIL, requireLifecycleAllows } from '../domain/booking-lifecycle.ts';
import { can } from '../lib/policy.ts';

/**
 * Flexible insurance claims (docs/product/states.md, docs/product/validation.md, docs/product/api.md), docs/decisions/091-flexible-insurance-claims.md:
 * POST /flexible-insurance/{orderId}/{insuranceProductId}/eligibility → {claimId, orderId,
 * insuranceProductId, isClaimable} (+ reason when not claimable), then
 * POST /flexible-insurance/{orderId}/{insuranceProductId}/{claimId}/claim.
 * Rules per kind: every kind may be claimed before departure; after departure, Essential never,
 * Trip until TRIP_COVER_DAYS after the last leg, TripCover only when the journey was disrupted
 * (a delay recorded for it). One claim per product.
 */
export const INSURANCE_KINDS = ['Essential', 'Trip', 'TripCover'] as const;
export type InsuranceKind = (typeof INSURANCE_KINDS)[number];
export const TRIP_COVER_DAYS = 30;

export type IneligibleReason = 'ALREADY_CLAIMED' | 'DEPARTED' | 'COVER_ENDED' | 'NOT_DISRUPTED';
export const INELIGIBLE_DETAIL: Record<IneligibleReason, string> = {
  ALREADY_CLAIMED: 'A claim has already been made on this cover.',
  DEPARTED: 'Essential cover applies only before your journey departs.',
  COVER_ENDED: `Trip cover ends ${TRIP_COVER_DAYS} days after your journey.`,
  NOT_DISRUPTED: 'After departure, TripCover pays only when your journey was disrupted.',
};

type ProductRow = {
  id: string;
  order_id: string;
  booking_id: string;
  kind: InsuranceKind;
  premium: number;
  data: BookingData;
  disrupted: boolean;
  claimed: boolean;
};

const findProduct = (db: Queryable, orderId: string, productId: string) =>
  one<ProductRow>(
    db,
    `select p.id, p.order_id, p.booking_id, p.kind, p.premium::float8 as premium, b.data,
       exists (select 1 from delay_repay_claims d where d.booking_id = p.booking_id and d.delay_minutes >= 15) as disrupted,
       exists (select 1 from insurance_claims ic where ic.product_id = p.id and ic.claimed_at is not null) as claimed
     from insurance_products p join bookings b on b.id = p.booking_id
     where p.id = $1 and p.order_id = $2`,
    [productId, orderId],
  );

/** Why this product cannot be claimed on now, or null when it can. */
export function ineligibility(
  p: Pick<ProductRow, 'kind' | 'data' | 'disrupted' | 'claimed'>,
  now: Date,
): IneligibleReason | null {
  if (p.claimed) return 'ALREADY_CLAIMED';
  if (now < new Date(p.data.outward.date)) return null;
  if (p.kind === 'Essential') return 'DEPARTED';
  if (p.kind === 'Trip') {
    const last = new Date((p.data.inward ?? p.data.outward).date);
    return now.getTime() <= last.getTime() + TRIP_COVER_DAYS * DAY_MS ? null : 'COVER_ENDED';
  }
  return p.disrupted ? null : 'NOT_DISRUPTED';
}

/** The caller may act on the order (customer, its guest session, or its token); the product must be the order's. */
async function requireProduct(c: Context<AppEnv>): Promise<{ product: ProductRow; access: OrderAccess }> {
  const orderId = c.req.param('orderId') ?? '';
  const access = await authorizeOrder(c, orderId, { token: c.req.query('token') ?? null });
  const product = await findProduct(c.get('deps').db, orderId, c.req.param('insuranceProductId') ?? '');
  if (!product) throw new ApiError(404, 'NOT_FOUND');
  return { product, access };
}

/** Insurance bought with each booking, for booking detail (local extra). */
export async function insuranceByBooking(db: Queryable, bookingIds: string[]) {
  const result = new Map<
    string,
    {
      id: string;
      kind: InsuranceKind;
      premium: { amount: number; currencyCode: string };
      claim: { claimId: string; reference: string; claimedAt: string } | null;
    }[]
  >();
  if (bookingIds.length === 0) return result;
  const rows = await many<{
    id: string;
    booking_id: string;
    kind: InsuranceKind;
    premium: number;
    currency: string;
    claim_id: string | null;
    reference: string | null;
    claimed_at: Date | null;
  }>(
    db,
    `select p.id, p.booking_id, p.kind, p.premium::float8 as premium, o.currency, ic.id as claim_id, ic.reference, ic.claimed_at
     from insurance_products p join orders o on o.id = p.order_id
     left join insurance_claims ic on ic.product_id = p.id and ic.claimed_at is not null
     where p.booking_id = any($1) order by p.created_at, p.id`,
    [bookingIds],
  );
  for (const r of rows) {
    const list = result.get(r.booking_id) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      premium: { amount: r.premium, currencyCode: r.currency },
      claim:
        r.claim_id && r.reference && r.claimed_at
          ? { claimId: r.claim_id, reference: r.reference, claimedAt: new Date(r.claimed_at).toISOString() }
          : null,
    });
    result.set(r.booking_id, list);
  }
  return result;
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
    const claimId = randomUUID();
    await db.query(
      'insert into insurance_claims (id, product_id, is_claimable, reason, checked_at) values ($1, $2, $3, $4, $5)',
      [claimId, product.id, reason === null, reason, now],
    );
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
    const claim = await one<{ id: string; is_claimable: boolean; claimed_at: Date | null }>(
      db,
      'select id, is_claimable, claimed_at from insurance_claims where id = $1 and product_id = $2',
      [c.req.param('claimId'), product.id],
    );
    if (!claim) throw new ApiError(404, 'NOT_FOUND');
    const now = clock.now();
    // One transaction with the booking row locked (decision 320): a refund or Delay Repay of the
    // same tickets, or a second claim, waits and then sees this one.
    const done = await db.transaction(async (tx) => {
      await requireLifecycleAllows(tx, product.booking_id, 'insurance.claim', now);
      const fresh = await findProduct(tx, product.order_id, product.id);
      if (!fresh || fresh.claimed) throw new ApiError(409, 'ALREADY_CLAIMED', INELIGIBLE_DETAIL.ALREADY_CLAIMED);
      // Checked again: time may have passed since the eligibility check (e.g. the train left).
      const reason = claim.is_claimable ? ineligibility(fresh, now) : 'NOT_CLAIMABLE';
      if (reason)
        throw new ApiError(
          422,
          'NOT_CLAIMABLE',
          reason === 'NOT_CLAIMABLE' ? 'Product is not claimable' : INELIGIBLE_DETAIL[reason],
        );
      const ref = `INS-${randomUUID().slice(0, 8).toUpperCase()}`;
      await tx.query('update insurance_claims set claimed_at = $2, reference = $3 where id = $1', [claim.id, now, ref]);
      // The claim cancels the tickets, so the assistance booked with them ends too (docs/decisions/630).
      const ended = await cancelAllAssistance(tx, product.booking_id, 'insurance-claimed', now);
      // "We'll email you about your refund", and the assistance cancelled, in the page's language:
      // written with the claim, so they exist exactly when it does (decision 720).
      const order = await one<{ email: string; friendly_order_id: string }>(
        tx,
        'select email, friendly_order_id from orders where id = $1',
        [product.order_id],
      );
      if (!order) return { ref, emails: [] };
      const target: BookingEmailTarget = {
        deps: c.get('deps'),
        locale: emailLocale(c.req.header('accept-language')),
        to: order.email,
        reference: order.friendly_order_id,
        bookingId: product.booking_id,
        data: product.data,
        signedIn: access.via === 'customer',
      };
      const emails = [
        await queueInsuranceClaimConfirmation(tx, target, { claimReference: ref, cover: product.kind }),
        await queueAssistanceCancelled(tx, target, ended, 'insurance-claimed'),
      ];
      return { ref, emails };
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
