import { randomUUID } from 'node:crypto';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData } from './booking-data.ts';
import type {
  BookingRefundSummary,
  HistoryChange,
  RefundItemStatus,
  RefundReason,
  RefundTracking,
  RefundTrackingState,
  ReturnMode,
} from '#src/schemas/refunds.ts';
import {
  formatDay,
  needsPostBack,
  POST_BACK_ADDRESS,
  type FulfilmentFact,
  type RefundFacts,
  type ServiceDisruption,
} from './refunds.ts';

/**
 * Refund rows (migration 080): loading the facts the rules need, settling refunds by the clock, and
 * the tracking data booking detail, history and the lists carry. Used by server/api/refund-quote.ts,
 * refund-request.ts, partial-refunds.ts, change-of-journey.ts, booking.ts and bookings-list.ts.
 */

export type RefundRow = {
  id: string;
  quote_id: string | null;
  order_id: string;
  booking_id: string;
  kind: 'full' | 'partial';
  refund_reason: string | null;
  refund_type: string;
  amount: string | number;
  admin_fee: string | number;
  currency: string;
  return_mode: ReturnMode;
  post_deadline: Date | null;
  requested_at: Date;
  tickets_received_at: Date | null;
  settles_at: Date | null;
  refunded_at: Date | null;
  rejected_at: Date | null;
  rejected_reason: string | null;
  rejected_reason_code: string | null;
  card_last4: string | null;
  replacement_order_id: string | null;
  fees_refunded: string | number;
};

type ItemRow = {
  refund_id: string;
  refundable_id: string;
  passenger_id: string;
  direction: 'outward' | 'inward' | 'return';
  amount: string | number;
  status: RefundItemStatus;
};

const money = (amount: string | number, currencyCode: string) => ({ amount: Number(amount), currencyCode });

export function trackingState(row: RefundRow): RefundTrackingState {
  if (row.rejected_at) return 'rejected';
  if (row.refunded_at) return 'refunded';
  if (needsPostBack(row.return_mode) && row.tickets_received_at === null) return 'action-required';
  return 'processing';
}

/**
 * Brings the refunds of `bookingIds` up to `now`: paper tickets that did not arrive by the deadline
 * reject the refund; refunds whose settle time has come are paid.
 */
export async function settleRefunds(db: Queryable, bookingIds: readonly string[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  const open = await many<RefundRow>(
    db,
    'select * from refunds where booking_id = any($1) and rejected_at is null and refunded_at is null',
    [bookingIds],
  );
  for (const r of open) {
    if (needsPostBack(r.return_mode) && r.tickets_received_at === null) {
      if (r.post_deadline && r.post_deadline <= now) {
        const reason = `We did not receive your tickets by ${formatDay(r.post_deadline)}, so they could not be refunded.`;
        await db.query(
          "update refunds set rejected_at = $2, rejected_reason = $3, rejected_reason_code = 'TICKETS_NOT_RECEIVED' where id = $1",
          [r.id, r.post_deadline, reason],
        );
        await db.query(`update refund_items set status = 'rejected' where refund_id = $1`, [r.id]);
      }
      continue;
    }
    if (r.settles_at && r.settles_at <= now) {
      await db.query('update refunds set refunded_at = settles_at where id = $1', [r.id]);
      const done = r.refund_type === 'same-day-void' ? 'voided' : 'refunded';
      await db.query(`update refund_items set status = $2 where refund_id = $1 and status in ('pending', 'voiding')`, [
        r.id,
        done,
      ]);
    }
  }
}

export async function loadFulfilment(db: Queryable, bookingId: string): Promise<FulfilmentFact | null> {
  const row = await one<{ state: 'not-issued' | 'awaiting-collection' | 'collected'; smartcard_status: string | null }>(
    db,
    `select f.state, s.status as smartcard_status from booking_fulfilment f
     left join smartcards s on s.id = f.smartcard_id where f.booking_id = $1`,
    [bookingId],
  );
  if (!row) return null;
  return row.state === 'not-issued'
    ? { state: 'not-issued' }
    : { state: row.state, smartcardStatus: row.smartcard_status };
}

/** Ticket ids of this booking in refunds that are not rejected. */
export async function refundingTicketIds(db: Queryable, bookingId: string): Promise<Set<string>> {
  const rows = await many<{ refundable_id: string }>(
    db,
    `select i.refundable_id from refund_items i join refunds r on r.id = i.refund_id
     where r.booking_id = $1 and r.rejected_at is null`,
    [bookingId],
  );
  return new Set(rows.map((r) => r.refundable_id));
}

/**
 * When the fares of `orderId` were bought: the created_at of the first order of its replacement
 * chain (an order replaced by it, issued or still pending, and so on back), so a replacement keeps
 * its original's purchase date and refund rules.
 */
export async function purchaseDate(db: Queryable, orderId: string): Promise<Date | null> {
  const row = await one<{ created_at: Date }>(
    db,
    `with recursive chain (id, created_at, depth) as (
       select id, created_at, 0 from orders where id = $1
       union all
       select o.id, o.created_at, c.depth + 1 from chain c
       join orders o on o.replacement_order_id = c.id
         or o.id in (select p.order_id from pending_replacements p where p.replacement_order_id = c.id)
       where c.depth < 50
     )
     select created_at from chain order by depth desc limit 1`,
    [orderId],
  );
  return row ? new Date(row.created_at) : null;
}

/** The running data of the booking's trains (its legs' timetable ids), as the refund rules read it. */
export async function loadDisruptions(db: Queryable, data: BookingData): Promise<ServiceDisruption[]> {
  const legs = [
    { direction: 'outward' as const, id: data.outward.timetableId },
    { direction: 'inward' as const, id: data.inward?.timetableId ?? null },
  ].filter((l): l is { direction: 'outward' | 'inward'; id: string } => l.id !== null);
  if (legs.length === 0) return [];
  const rows = await many<{
    timetable_id: string;
    kind: ServiceDisruption['kind'];
    delay_minutes: number | null;
    description: string;
    announced_at: Date;
  }>(
    db,
    'select timetable_id, kind, delay_minutes, description, announced_at from service_disruptions where timetable_id = any($1) order by announced_at',
    [legs.map((l) => l.id)],
  );
  return legs.flatMap((l) =>
    rows
      .filter((r) => r.timetable_id === l.id)
      .map((r) => ({
        direction: l.direction,
        kind: r.kind,
        delayMinutes: r.delay_minutes,
        description: r.description,
        announcedAt: new Date(r.announced_at),
      })),
  );
}

export async function loadFacts(
  db: Queryable,
  booking: { id: string; order_id: string; is_season: boolean; data: BookingData },
  order: { created_at: Date; currency: string },
): Promise<RefundFacts> {
  return {
    bookingId: booking.id,
    orderId: booking.order_id,
    isSeason: booking.is_season,
    data: booking.data,
    orderCreatedAt: (await purchaseDate(db, booking.order_id)) ?? new Date(order.created_at),
    currency: order.currency,
    fulfilment: await loadFulfilment(db, booking.id),
    refundingTicketIds: await refundingTicketIds(db, booking.id),
    disruptions: await loadDisruptions(db, booking.data),
  };
}

/** The refunds of these bookings as the screens track them (newest first per booking). */
export async function refundTracking(
  db: Queryable,
  bookings: readonly { id: string; data: BookingData }[],
): Promise<Map<string, RefundTracking[]>> {
  const ids = bookings.map((b) => b.id);
  const out = new Map<string, RefundTracking[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const refunds = await many<RefundRow>(
    db,
    'select * from refunds where booking_id = any($1) order by requested_at desc, id',
    [ids],
  );
  if (refunds.length === 0) return out;
  const items = await many<ItemRow>(
    db,
    'select * from refund_items where refund_id = any($1) order by refund_id, refundable_id',
    [refunds.map((r) => r.id)],
  );
  const names = new Map<string, string>();
  for (const b of bookings) for (const p of b.data.passengers) names.set(p.id, `${p.firstName} ${p.lastName}`);
  for (const r of refunds) {
    const own = items.filter((i) => i.refund_id === r.id);
    const state = trackingState(r);
    const passengerIds = [...new Set(own.map((i) => i.passenger_id))];
    out.get(r.booking_id)?.push({
      refundId: r.id,
      state,
      kind: r.kind,
      requestedAt: r.requested_at.toISOString(),
      refundReason: (r.refund_reason as RefundReason | null) ?? null,
      amount: money(r.amount, r.currency),
      adminFee: money(r.admin_fee, r.currency),
      postBack:
        state === 'action-required' && r.post_deadline
          ? { address: POST_BACK_ADDRESS, deadline: r.post_deadline.toISOString() }
          : null,
      refundedAt: r.refunded_at ? r.refunded_at.toISOString() : null,
      rejectedReason: r.rejected_reason,
      // Local extra: the reason as a code and its data, for the page's own words (decision 641).
      rejectedReasonWords: r.rejected_reason_code
        ? {
            code: r.rejected_reason_code,
            ...(r.post_deadline ? { params: { deadline: r.post_deadline.toISOString() } } : {}),
          }
        : null,
      passengers: passengerIds.map((id) => ({ id, name: names.get(id) ?? '' })),
      items: own.map((i) => ({
        refundableId: i.refundable_id,
        passengerId: i.passenger_id,
        direction: i.direction,
        status: i.status,
        amount: money(i.amount, r.currency),
      })),
      replacementOrderId: r.replacement_order_id,
      orderId: r.order_id,
      ...(Number(r.fees_refunded) > 0 ? { feesRefunded: money(r.fees_refunded, r.currency) } : {}),
    });
  }
  return out;
}

export type SummaryInput = {
  id: string;
  order_id: string;
  data: BookingData;
  /** The booking's order was superseded. */
  replaced: boolean;
  /** The caller may act on the booking (not the read-only 'email' access). */
  canAct: boolean;
};

/**
 * `booking.refund` for detail, history and lists: whether "Cancel and refund" may be offered, the
 * change-of-journey flag and the tracking. Settles the bookings' refunds first.
 */
export async function refundSummaries(
  db: Queryable,
  bookings: readonly SummaryInput[],
  now: Date,
): Promise<Map<string, BookingRefundSummary>> {
  const ids = bookings.map((b) => b.id);
  await settleRefunds(db, ids, now);
  const tracking = await refundTracking(db, bookings);
  const coj = new Map(
    ids.length === 0
      ? []
      : (
          await many<{ source_booking_id: string; new_booking_id: string | null }>(
            db,
            'select source_booking_id, new_booking_id from change_of_journeys where source_booking_id = any($1)',
            [ids],
          )
        ).map((r) => [r.source_booking_id, r.new_booking_id] as const),
  );
  // The other way: the booking a change of journey gave names the booking it was changed from.
  const cojFrom = new Map(
    ids.length === 0
      ? []
      : (
          await many<{ new_booking_id: string; source_booking_id: string; friendly_order_id: string }>(
            db,
            `select c.new_booking_id, c.source_booking_id, o.friendly_order_id
             from change_of_journeys c join orders o on o.id = c.source_order_id where c.new_booking_id = any($1)`,
            [ids],
          )
        ).map(
          (r) => [r.new_booking_id, { bookingId: r.source_booking_id, friendlyOrderId: r.friendly_order_id }] as const,
        ),
  );
  const orderIds = [...new Set(bookings.map((b) => b.order_id))];
  const pending = new Set(
    orderIds.length === 0
      ? []
      : (
          await many<{ order_id: string }>(db, 'select order_id from pending_replacements where order_id = any($1)', [
            orderIds,
          ])
        ).map((r) => r.order_id),
  );
  const out = new Map<string, BookingRefundSummary>();
  for (const b of bookings) {
    const refunds = tracking.get(b.id) ?? [];
    const covered = new Set(
      refunds.filter((r) => r.state !== 'rejected').flatMap((r) => r.items.map((i) => i.refundableId)),
    );
    const fullyRefunded = b.data.tickets.length > 0 && b.data.tickets.every((t) => covered.has(t.id));
    const cojSource = coj.has(b.id);
    out.set(b.id, {
      quotable:
        b.canAct &&
        !b.replaced &&
        !pending.has(b.order_id) &&
        !cojSource &&
        !fullyRefunded &&
        b.data.tickets.length > 0,
      changeOfJourneySource: cojSource,
      changeOfJourneyNewBookingId: coj.get(b.id) ?? null,
      changeOfJourneyFrom: cojFrom.get(b.id) ?? null,
      refunds,
      fullyRefunded,
    });
  }
  return out;
}

/**
 * History entries: what superseded each order of the chain (oldest first). An entry that
 * superseded another (and was not itself superseded or refunded) repeats its predecessor's change
 * with `replacementOrderId: null`, so the replacement says "holds the passengers left after ...".
 */
export async function historyChanges(
  db: Queryable,
  chain: readonly { orderId: string; replacementOrderId: string | null; booking: { id: string; data: BookingData } }[],
): Promise<(HistoryChange | null)[]> {
  const tracking = await refundTracking(
    db,
    chain.map((e) => e.booking),
  );
  const out: (HistoryChange | null)[] = [];
  for (const [i, entry] of chain.entries()) {
    const replacesOrderId = i > 0 ? (chain[i - 1]?.orderId ?? null) : null;
    const refunds = (tracking.get(entry.booking.id) ?? []).filter((r) => r.state !== 'rejected');
    if (entry.replacementOrderId) {
      const refund = refunds.find((r) => r.replacementOrderId === entry.replacementOrderId);
      if (refund) {
        out.push({
          kind: 'part-refunded',
          refundId: refund.refundId,
          passengers: refund.passengers,
          amount: refund.amount,
          at: refund.requestedAt,
          replacementOrderId: entry.replacementOrderId,
          replacesOrderId,
        });
      } else {
        const next = await one<{ created_at: Date }>(db, 'select created_at from orders where id = $1', [
          entry.replacementOrderId,
        ]);
        out.push({
          kind: 'changed-journey',
          refundId: null,
          passengers: [],
          amount: null,
          at: new Date(next?.created_at ?? 0).toISOString(),
          replacementOrderId: entry.replacementOrderId,
          replacesOrderId,
        });
      }
      continue;
    }
    const full = refunds.find((r) => r.kind === 'full');
    if (full) {
      out.push({
        kind: 'refunded',
        refundId: full.refundId,
        passengers: full.passengers,
        amount: full.amount,
        at: full.requestedAt,
        replacementOrderId: null,
        replacesOrderId,
      });
      continue;
    }
    const previous = out[i - 1];
    out.push(previous ? { ...previous, replacementOrderId: null, replacesOrderId } : null);
  }
  return out;
}

/** A new friendly order id (TL- + 6), unique in `orders`. */
export async function newFriendlyOrderId(db: Queryable): Promise<string> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = randomUUID().replace(/-/g, '');
    let id = 'TL-';
    for (let i = 0; i < 6; i++) id += alphabet[parseInt(bytes.slice(i * 2, i * 2 + 2), 16) % alphabet.length];
    if (!(await one(db, 'select 1 from orders where friendly_order_id = $1', [id]))) return id;
  }
}

/** The booking's refund still being processed or waiting for the customer, if any (newest first). */
export async function activeRefundOf(db: Queryable, bookingId: string): Promise<RefundRow | null> {
  const rows = await many<RefundRow>(
    db,
    'select * from refunds where booking_id = $1 and rejected_at is null order by requested_at desc',
    [bookingId],
  );
  return rows.find((r) => trackingState(r) === 'processing' || trackingState(r) === 'action-required') ?? null;
}
