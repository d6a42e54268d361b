import { randomUUID } from 'node:crypto';
import { many, one, type Db, type Queryable } from '../db.ts';
import type { BookingData } from './booking-data.ts';
import { cancelAllAssistance, type EndedAssistance } from './assistance-follows-tickets.ts';
import { requireLifecycleAllows } from './booking-lifecycle.ts';
import { DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { QueuedEmail } from '../lib/outbox.ts';

/**
 * Flexible insurance in the database (docs/decisions/091-flexible-insurance-claims.md): the products
 * bought with a booking, the eligibility checks and the claim, which cancels the booking's tickets.
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

export type ProductRow = {
  id: string;
  order_id: string;
  booking_id: string;
  kind: InsuranceKind;
  premium: number;
  data: BookingData;
  disrupted: boolean;
  claimed: boolean;
};

/** The order's insurance product, with its booking and whether it was disrupted or claimed. */
export const findProduct = (db: Queryable, orderId: string, productId: string) =>
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

/** Records an eligibility check of a product (`reason` null: claimable) and answers its claim id. */
export async function recordEligibilityCheck(
  db: Queryable,
  productId: string,
  reason: string | null,
  now: Date,
): Promise<string> {
  const claimId = randomUUID();
  await db.query(
    'insert into insurance_claims (id, product_id, is_claimable, reason, checked_at) values ($1, $2, $3, $4, $5)',
    [claimId, productId, reason === null, reason, now],
  );
  return claimId;
}

/** An eligibility check of this product, or null. */
export const findEligibilityCheck = (db: Queryable, claimId: string, productId: string) =>
  one<{ id: string; is_claimable: boolean; claimed_at: Date | null }>(
    db,
    'select id, is_claimable, claimed_at from insurance_claims where id = $1 and product_id = $2',
    [claimId, productId],
  );

/**
 * Makes the claim of a checked product. One transaction with the booking row locked (decision 320):
 * a refund or Delay Repay of the same tickets, or a second claim, waits and then sees this one
 * (409 ALREADY_CLAIMED); eligibility is checked again (422 NOT_CLAIMABLE), since time may have passed
 * since the check (e.g. the train left). The claim cancels the tickets, so the assistance booked
 * with them ends too (docs/decisions/630). `queueEmails` writes the emails in the same transaction,
 * so they exist exactly when the claim does (decision 720): none when the order is gone.
 */
export function makeInsuranceClaim(
  db: Db,
  product: ProductRow,
  claim: { id: string; is_claimable: boolean },
  now: Date,
  queueEmails: (
    tx: Queryable,
    made: { order: { email: string; friendly_order_id: string }; reference: string; ended: EndedAssistance[] },
  ) => Promise<(QueuedEmail | null)[]>,
): Promise<{ ref: string; emails: (QueuedEmail | null)[] }> {
  return db.transaction(async (tx) => {
    await requireLifecycleAllows(tx, product.booking_id, 'insurance.claim', now);
    const fresh = await findProduct(tx, product.order_id, product.id);
    if (!fresh || fresh.claimed) throw new ApiError(409, 'ALREADY_CLAIMED', INELIGIBLE_DETAIL.ALREADY_CLAIMED);
    const reason = claim.is_claimable ? ineligibility(fresh, now) : 'NOT_CLAIMABLE';
    if (reason)
      throw new ApiError(
        422,
        'NOT_CLAIMABLE',
        reason === 'NOT_CLAIMABLE' ? 'Product is not claimable' : INELIGIBLE_DETAIL[reason],
      );
    const ref = `INS-${randomUUID().slice(0, 8).toUpperCase()}`;
    await tx.query('update insurance_claims set claimed_at = $2, reference = $3 where id = $1', [claim.id, now, ref]);
    const ended = await cancelAllAssistance(tx, product.booking_id, 'insurance-claimed', now);
    const order = await one<{ email: string; friendly_order_id: string }>(
      tx,
      'select email, friendly_order_id from orders where id = $1',
      [product.order_id],
    );
    if (!order) return { ref, emails: [] };
    return { ref, emails: await queueEmails(tx, { order, reference: ref, ended }) };
  });
}
