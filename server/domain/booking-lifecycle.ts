import {
  mayAct,
  lifecycleState,
  type LifecycleAction,
  type LifecycleReason,
  type LifecycleState,
} from '#machines/booking-lifecycle';
import {
  cancelsTickets,
  lifecycleFacts,
  type BookingLifecycleFacts,
  type LifecycleBookingView,
} from '#machines/lib/booking-lifecycle-facts';
import { many, one, type Queryable } from '../db.ts';
import { ApiError } from '../lib/errors.ts';
import type { BookingData } from './booking-data.ts';
import { refundSummaries } from './refund-store.ts';

/**
 * The booking lifecycle on the server (docs/decisions/320-one-booking-lifecycle.md): the booking's
 * facts read from its rows into the same view the booking call answers with, resolved by the same
 * chart the app asks (machines/booking-lifecycle.ts). Every endpoint that pays or acts on a booking
 * calls `requireLifecycleAllows` inside the transaction that pays or acts: it locks the booking row
 * first, so of two concurrent requests (a refund and an insurance claim, say) the second sees what
 * the first did and is refused with 409 and the chart's reason code.
 */

/** What a refused action tells the caller, per reason (the app words it from the code). */
export const LIFECYCLE_DETAIL: Record<LifecycleReason, string> = {
  NOT_TRAVELLED: 'Delay Repay can be claimed only after the journey.',
  ONE_PASSENGER: 'A booking for one passenger is refunded as a whole.',
  CHECKED_IN: 'This booking is checked in.',
  TRAVELLED: 'This journey has already started.',
  DELAY_REPAY_CLAIMED: 'Delay Repay has been claimed for this journey, so it cannot be paid for again.',
  REFUND_IN_PROGRESS: 'This booking is being refunded: its tickets are cancelled.',
  REFUNDED: 'This booking has been refunded: its tickets are cancelled.',
  PART_REFUNDED: 'This booking was part refunded: the other passengers are on a new booking.',
  CHANGED: 'This booking was exchanged for a new journey: use the new booking.',
  INSURANCE_CLAIMED: 'An insurance claim has paid for this trip: its tickets are cancelled.',
  EXPIRED: 'This season ticket has expired.',
};

type LifecycleRow = {
  id: string;
  order_id: string;
  is_season: boolean;
  data: BookingData;
  checked_in: boolean;
  ticket_issued: boolean;
  replacement_order_id: string | null;
};

/** The booking as its answer shows it, with the lifecycle's own facts (refund, insurance, Delay Repay). */
async function lifecycleView(
  db: Queryable,
  bookingId: string,
  now: Date,
): Promise<{ view: LifecycleBookingView; replaced: boolean } | null> {
  const row = await one<LifecycleRow>(
    db,
    `select b.id, b.order_id, b.is_season, b.data, o.replacement_order_id,
       exists (select 1 from booking_check_ins ci where ci.booking_id = b.id) as checked_in,
       exists (select 1 from on_demand_deliverables d where d.booking_id = b.id and d.outcome = 'ready' and d.settles_at <= $2) as ticket_issued
     from bookings b join orders o on o.id = b.order_id where b.id = $1`,
    [bookingId, now],
  );
  if (!row) return null;
  const replaced = row.replacement_order_id !== null;
  // One after the other: inside a transaction the statements share one connection.
  const refunds = await refundSummaries(
    db,
    [{ id: row.id, order_id: row.order_id, data: row.data, replaced, canAct: true }],
    now,
  );
  const claims = await many<{ claimed_at: Date }>(
    db,
    `select ic.claimed_at from insurance_claims ic join insurance_products p on p.id = ic.product_id
     where p.booking_id = $1 and ic.claimed_at is not null order by ic.claimed_at limit 1`,
    [row.id],
  );
  const delayRepay = await many<{ status: string }>(
    db,
    'select status from delay_repay_claims where booking_id = $1 order by created_at',
    [row.id],
  );
  const claim = claims[0];
  const claimStatus = delayRepay.find((d) => d.status !== 'eligible')?.status ?? delayRepay[0]?.status;
  const view: LifecycleBookingView = {
    isSeasonBooking: row.is_season,
    outward: { date: row.data.outward.date },
    checkedIn: row.checked_in,
    passengers: row.data.passengers,
    delivery: row.ticket_issued ? { issuedTicket: true } : {},
    season: row.data.season,
    insurance: claim ? [{ claim: { claimedAt: new Date(claim.claimed_at).toISOString() } }] : [],
    ...(refunds.get(row.id) ? { refund: refunds.get(row.id) } : {}),
    ...(claimStatus ? { delayRepay: { status: claimStatus } } : {}),
  };
  return { view, replaced };
}

/** The booking's lifecycle facts and state as the chart resolves them now. */
export async function bookingLifecycle(
  db: Queryable,
  bookingId: string,
  now: Date,
): Promise<(BookingLifecycleFacts & { state: LifecycleState }) | null> {
  const found = await lifecycleView(db, bookingId, now);
  if (!found) return null;
  const resolved = lifecycleFacts(found.view, { replacementOrder: found.replaced ? { id: 'replaced' } : null }, now);
  return { ...resolved, state: lifecycleState(resolved.facts) };
}

/**
 * Locks the booking row for the rest of the transaction `tx`, then asks the chart whether `action`
 * may happen: refused, it throws 409 with the reason code (the transaction rolls back).
 */
export async function requireLifecycleAllows(
  tx: Queryable,
  bookingId: string,
  action: LifecycleAction['type'],
  now: Date,
): Promise<void> {
  await tx.query('select id from bookings where id = $1 for update', [bookingId]);
  const lifecycle = await bookingLifecycle(tx, bookingId, now);
  if (!lifecycle) throw new ApiError(403, 'FORBIDDEN');
  const verdict = mayAct(lifecycle.facts, action);
  if (!verdict.allowed) throw new ApiError(409, verdict.reason, LIFECYCLE_DETAIL[verdict.reason]);
}

/** The chart's verdict without acting (eligibility checks, changeability): the reason, or null when allowed. */
export async function lifecycleRefusal(
  db: Queryable,
  bookingId: string,
  action: LifecycleAction['type'],
  now: Date,
): Promise<LifecycleReason | null> {
  const lifecycle = await bookingLifecycle(db, bookingId, now);
  if (!lifecycle) return null;
  const verdict = mayAct(lifecycle.facts, action);
  return verdict.allowed ? null : verdict.reason;
}

/** The reasons a booking's tickets stop standing: the lifecycle states that `cancelsTickets` reads. */
export type TicketWithdrawalReason = Extract<
  LifecycleReason,
  'REFUNDED' | 'REFUND_IN_PROGRESS' | 'PART_REFUNDED' | 'CHANGED' | 'INSURANCE_CLAIMED'
>;

const WITHDRAWN_BY: Partial<Record<LifecycleState, TicketWithdrawalReason>> = {
  refunded: 'REFUNDED',
  refundInProgress: 'REFUND_IN_PROGRESS',
  partRefunded: 'PART_REFUNDED',
  changed: 'CHANGED',
  insuranceClaimed: 'INSURANCE_CLAIMED',
};

/**
 * What the server hands out once money has moved (docs/decisions/570-withdrawn-tickets-and-offers.md):
 * the booking's lifecycle as every action call reads it, with whether its tickets were withdrawn
 * (and why) and whether each action is still offered. The booking answer, the ticket status, the
 * refund quote and the Delay Repay claim ask this, so none offers what its action call would refuse.
 */
export interface BookingOffers {
  /** Its tickets no longer stand (refunded, being refunded, part refunded, exchanged, paid by insurance): no code is handed out. */
  ticketWithdrawn: TicketWithdrawalReason | null;
  /** The chart's verdict on an action, as `requireLifecycleAllows` would give it now. */
  refusal: (action: LifecycleAction['type']) => LifecycleReason | null;
}

export async function bookingOffers(db: Queryable, bookingId: string, now: Date): Promise<BookingOffers | null> {
  const lifecycle = await bookingLifecycle(db, bookingId, now);
  if (!lifecycle) return null;
  const withdrawn = cancelsTickets(lifecycle.facts) ? (WITHDRAWN_BY[lifecycle.state] ?? null) : null;
  return {
    ticketWithdrawn: withdrawn,
    refusal: (action) => {
      const verdict = mayAct(lifecycle.facts, action);
      return verdict.allowed ? null : verdict.reason;
    },
  };
}
