import { many, one, type Queryable, type Db } from '../db.ts';
import type { BookingData } from './booking-data.ts';
import { claimDeadline } from './delay-repay.ts';
import { requireLifecycleAllows } from './booking-lifecycle.ts';
import { Refusal } from '../lib/errors.ts';

/**
 * Delay Repay claims in the database (docs/decisions/090-delay-repay-and-insurance.md): a claim with
 * its booking and order, the status a customer sees now, and the one write, making a claim.
 */
export type ClaimType = 'Integrated' | 'Punchout' | 'Submission';
export type ClaimStatus =
  | 'eligible'
  | 'processing'
  | 'approved'
  | 'paid'
  | 'rejected'
  | 'expired'
  | 'submitted'
  | 'paid-toc'
  | 'credit-issue-failure';

export type PaymentType = 'original-payment' | 'bank-transfer' | 'rail-voucher';

export type SubmittedDetails = {
  journey: { direction: 'outward' | 'inward' };
  delay: { minutes: number };
  paymentMethod: { type: PaymentType; accountEnding?: string };
};

export type ClaimRow = {
  id: string;
  order_id: string;
  booking_id: string;
  claim_type: ClaimType;
  status: ClaimStatus;
  delayed_direction: 'outward' | 'inward';
  delay_minutes: number;
  punchout_url: string | null;
  service_fee: number;
  compensation: number | null;
  status_reason: string | null;
  status_reason_code: string | null;
  submitted_details: SubmittedDetails | null;
  submitted_at: Date | null;
  data: BookingData;
  customer_id: string | null;
  email: string;
  currency: string;
  friendly_order_id: string;
  customer_registered: boolean;
};

const CLAIM_COLUMNS = `c.id, c.order_id, c.booking_id, c.claim_type, c.status, c.delayed_direction, c.delay_minutes,
  c.punchout_url, c.service_fee::float8 as service_fee, c.compensation::float8 as compensation, c.status_reason, c.status_reason_code,
  c.submitted_details, c.submitted_at, b.data, o.customer_id, o.email, o.currency, o.friendly_order_id,
  (o.customer_id is not null or exists (select 1 from customers cu where cu.email = o.email)) as customer_registered`;

const CLAIM_FROM = 'delay_repay_claims c join bookings b on b.id = c.booking_id join orders o on o.id = c.order_id';

/** A claim with its booking and order, or null when there is none. */
export const findClaim = (db: Queryable, claimId: string) =>
  one<ClaimRow>(db, `select ${CLAIM_COLUMNS} from ${CLAIM_FROM} where c.id = $1`, [claimId]);

/** The status a customer sees: an eligible claim past its 28-day deadline has expired. */
export function effectiveStatus(
  row: { status: ClaimStatus; data: BookingData; delayed_direction: 'outward' | 'inward' },
  now: Date,
): ClaimStatus {
  return row.status === 'eligible' && now > claimDeadline(row.data, row.delayed_direction) ? 'expired' : row.status;
}

/** Delay Repay summary per booking id, for the booking lists and booking detail (local extras). */
export async function delayRepayByBooking(
  db: Queryable,
  bookingIds: string[],
  now: Date,
): Promise<Map<string, { claimId: string; status: ClaimStatus }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await many<{
    id: string;
    booking_id: string;
    status: ClaimStatus;
    delayed_direction: 'outward' | 'inward';
    data: BookingData;
  }>(
    db,
    `select c.id, c.booking_id, c.status, c.delayed_direction, b.data
     from delay_repay_claims c join bookings b on b.id = c.booking_id
     where c.booking_id = any($1) order by c.created_at`,
    [bookingIds],
  );
  return new Map(rows.map((r) => [r.booking_id, { claimId: r.id, status: effectiveStatus(r, now) }]));
}

/** The route's own answer for a claim already made (`errors[0].code` and `detail`, server/api/delay-repay.ts). */
const claimNotOpen = () => new Refusal(409, 'CLAIM_NOT_OPEN', 'This claim has already been made.');

/**
 * Makes an eligible claim: one transaction with the booking row locked (decision 320), so no Delay
 * Repay for a journey refunded or paid by insurance, and of two claims at once only one is made
 * (409 CLAIM_NOT_OPEN for the other). Answers the claim as stored.
 *
 * The same claim made meanwhile (sent from another tab after this request read it) is CLAIM_NOT_OPEN,
 * as the route answers a claim it reads as made: not the lifecycle's DELAY_REPAY_CLAIMED, which that
 * other submit is what causes, and which the claim form would show as "can't be claimed" instead of
 * reading the claim again to show its status (machines/delay-repay.ts isAlreadySubmitted).
 */
export async function submitClaim(
  db: Db,
  row: ClaimRow,
  next: ClaimStatus,
  stored: SubmittedDetails,
  now: Date,
): Promise<ClaimRow | null> {
  await db.transaction(async (tx) => {
    try {
      await requireLifecycleAllows(tx, row.booking_id, 'delayRepay.claim', now);
    } catch (refusal) {
      // The booking row is locked from here on: this claim's status is settled.
      const open = await one(tx, `select id from delay_repay_claims where id = $1 and status = 'eligible'`, [row.id]);
      throw open ? refusal : claimNotOpen();
    }
    const made = await one(
      tx,
      `update delay_repay_claims set status = $2, submitted_details = $3::jsonb, submitted_at = $4
       where id = $1 and status = 'eligible' returning id`,
      [row.id, next, JSON.stringify(stored), now],
    );
    if (!made) throw claimNotOpen();
  });
  return findClaim(db, row.id);
}
