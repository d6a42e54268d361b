/**
 * The facts the booking lifecycle chart (machines/booking-lifecycle.ts) resolves a booking's state
 * from, read from a booking as the booking call answers it. The app reads its answer; the local
 * server builds the same answer from its rows and reads it with this same function, so the two
 * cannot disagree (docs/decisions/320-one-booking-lifecycle.md).
 *
 * Only `booking.refund` (a local-server extra) makes the facts known: an API that answers with the
 * spec's fields alone gives `known: false`, the `unknown` state, where every action is offered and
 * its own call decides.
 */
/** What the chart's `resolving` guards read. */
export interface LifecycleFacts {
  /** The answer carried the lifecycle facts (refund summary); without them the state is `unknown`. */
  known: boolean;
  /** A refund of some passengers moved the others to a replacement order. */
  partRefunded: boolean;
  /** Exchanged for a new journey (change of journey source, or its order replaced). */
  changed: boolean;
  /** Every ticket refunded, and the money sent. */
  refunded: boolean;
  /** Every ticket in a refund not yet paid (processing, tickets to post back). */
  refundInProgress: boolean;
  /** A flexible insurance claim paid for the trip: the tickets are cancelled. */
  insuranceClaimed: boolean;
  /** A Delay Repay claim was made for this journey. */
  delayRepayClaimed: boolean;
  /** A season ticket whose validity has ended. */
  seasonEnded: boolean;
  /** The journey has started (not a season: a season is live while valid). */
  departed: boolean;
  checkedIn: boolean;
  /** An on-demand ticket was issued for its delivery. */
  ticketIssued: boolean;
  /** Passengers on the booking (null: not known, the refund call decides). */
  passengers: number | null;
}

export interface LifecycleBookingView {
  isSeasonBooking: boolean;
  outward: { date: string };
  checkedIn?: boolean;
  passengers?: readonly unknown[];
  delivery?: { issuedTicket?: unknown } | null;
  season?: { validUntil: string } | null;
  refund?: {
    changeOfJourneySource: boolean;
    fullyRefunded: boolean;
    refunds: readonly { kind: 'full' | 'partial'; state: string; requestedAt: string; refundedAt: string | null }[];
  };
  insurance?: readonly { claim: { claimedAt: string } | null }[];
  delayRepay?: { status: string };
}

export interface LifecycleOrderView {
  replacementOrder?: { id: string } | null;
}

/** Delay Repay statuses of a claim that was made (and not turned down): it pays, or may. */
const CLAIMED_DELAY_REPAY = new Set([
  'processing',
  'approved',
  'paid',
  'submitted',
  'paid-toc',
  'credit-issue-failure',
]);

export interface BookingLifecycleFacts {
  facts: LifecycleFacts;
  /** When what decides the state happened (the refund, the insurance claim), for "Refunded on 27 Nov". */
  since: string | null;
}

export function lifecycleFacts(
  booking: LifecycleBookingView,
  order: LifecycleOrderView,
  now: Date,
): BookingLifecycleFacts {
  const seasonEnded = booking.isSeasonBooking && booking.season != null && new Date(booking.season.validUntil) < now;
  const departed = !booking.isSeasonBooking && new Date(booking.outward.date) < now;
  const refunds = (booking.refund?.refunds ?? []).filter((r) => r.state !== 'rejected');
  const partial = refunds.find((r) => r.kind === 'partial');
  const fully = booking.refund?.fullyRefunded === true && !partial;
  const paid = fully && refunds.every((r) => r.state === 'refunded');
  const claim = booking.insurance?.find((p) => p.claim !== null)?.claim ?? null;
  const latest = refunds[0];
  const facts: LifecycleFacts = {
    known: booking.refund !== undefined,
    partRefunded: partial !== undefined,
    changed: booking.refund?.changeOfJourneySource === true || (order.replacementOrder ?? null) !== null,
    refunded: paid,
    refundInProgress: fully && !paid,
    insuranceClaimed: claim !== null,
    delayRepayClaimed: booking.delayRepay !== undefined && CLAIMED_DELAY_REPAY.has(booking.delayRepay.status),
    seasonEnded,
    departed,
    checkedIn: booking.checkedIn === true,
    ticketIssued: booking.delivery?.issuedTicket !== undefined && booking.delivery.issuedTicket !== null,
    passengers: booking.passengers && booking.passengers.length > 0 ? booking.passengers.length : null,
  };
  const since = partial
    ? partial.requestedAt
    : fully && latest
      ? (latest.refundedAt ?? latest.requestedAt)
      : (claim?.claimedAt ?? null);
  return { facts, since };
}

/** Its tickets no longer stand (refunded or being refunded, part refunded, exchanged, paid by insurance): no barcode. */
export const cancelsTickets = (f: LifecycleFacts): boolean =>
  f.known && (f.refunded || f.refundInProgress || f.partRefunded || f.changed || f.insuranceClaimed);
