import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { lifecycleRefusal } from '../domain/booking-lifecycle.ts';
import type { LifecycleReason } from '#machines/booking-lifecycle';
import { findBooking, findOrder } from '../domain/bookings.ts';
import { changeOfJourneyOf, isChangeSource } from '../domain/change-of-journeys.ts';
import { accessOffers, requireBookingAccess } from './booking.ts';
import { refundingTicketIds, settleRefunds } from '../domain/refund-store.ts';
import { loadBookingForRefund, money } from './refund-booking.ts';
import { can } from '../lib/policy.ts';
import { mayAlso } from '../lib/access.ts';

/**
 * Change of journey: whether a booking may be changed, and the status of an exchange it is the
 * source of.
 *
 * Changeability (docs/product/domain.md): Advance, Off-Peak (incl. Super Off-Peak) and Anytime
 * tickets can be changed before departure; a departed journey or an activated mobile ticket cannot.
 * Seasons (their own path) change only their start date, before they start. Answer: {changeable, reason}.
 */
export type ChangeabilityReason =
  | 'DEPARTED'
  | 'TICKET_ACTIVATED'
  | 'FARE_NOT_CHANGEABLE'
  | 'BOOKING_REPLACED'
  | 'SEASON_EXPIRED'
  /** A season changes only its start date, before it starts. */
  | 'SEASON_STARTED'
  /** A guest order viewed from the account before it is associated (read-only). */
  | 'NOT_ASSOCIATED'
  /** Every ticket is refunded or being refunded (decision 080). */
  | 'REFUNDED'
  /** The booking is already being exchanged (source of a change of journey; decision 080). */
  | 'CHANGE_IN_PROGRESS'
  /** An insurance claim paid for the trip and cancelled its tickets (decision 320). */
  | 'INSURANCE_CLAIMED';

/** The booking lifecycle's refusal of a change, in this answer's reasons (decision 320). */
const LIFECYCLE_CHANGEABILITY: Record<LifecycleReason, ChangeabilityReason> = {
  NOT_TRAVELLED: 'FARE_NOT_CHANGEABLE',
  ONE_PASSENGER: 'FARE_NOT_CHANGEABLE',
  CHECKED_IN: 'FARE_NOT_CHANGEABLE',
  TRAVELLED: 'DEPARTED',
  DELAY_REPAY_CLAIMED: 'DEPARTED',
  REFUND_IN_PROGRESS: 'REFUNDED',
  REFUNDED: 'REFUNDED',
  PART_REFUNDED: 'BOOKING_REPLACED',
  CHANGED: 'CHANGE_IN_PROGRESS',
  INSURANCE_CLAIMED: 'INSURANCE_CLAIMED',
  EXPIRED: 'SEASON_EXPIRED',
};

const CHANGEABLE_FARES = /^(Advance|Off-Peak|Super Off-Peak|Anytime)\b/;

async function changeability(c: Context<AppEnv>, season: boolean) {
  const { db, clock } = c.get('deps');
  const orderId = c.req.param('orderId') ?? '';
  const booking = await findBooking(db, c.req.param('bookingId') ?? '');
  const access = await requireBookingAccess(c, booking?.order_id ?? '');
  if (!booking || booking.order_id !== orderId) throw new ApiError(403, 'FORBIDDEN');
  if (booking.is_season !== season) {
    throw new ApiError(
      400,
      'WRONG_BOOKING_TYPE',
      season ? 'Not a season booking' : 'Season bookings use the seasons path',
    );
  }
  const order = await findOrder(db, orderId);
  const now = clock.now();
  const { data } = booking;
  const answer = (found: ChangeabilityReason | null) => {
    const reason = found ?? (access.via === 'email' || accessOffers(access).signInToManage ? 'NOT_ASSOCIATED' : null);
    // changeOnline (the project's own): the change can be made here (decision 600), by this caller
    // (the access policy's journey.change: not Find a booking's four details). Not a field of the
    // retailer's API, so a spec-shaped answer drops it and the booking says to contact the retailer.
    // A season's is its start date's change (decisions 690 and 790).
    const online = reason === null && mayAlso(access, 'journey.change');
    return c.json({ changeable: reason === null, reason, ...(online ? { changeOnline: true } : {}) });
  };
  if (order?.replacement_order_id) return answer('BOOKING_REPLACED');
  if (await isChangeSource(db, booking.id)) return answer('CHANGE_IN_PROGRESS');
  await settleRefunds(db, [booking.id], now);
  const refunding = await refundingTicketIds(db, booking.id);
  if (data.tickets.length > 0 && data.tickets.every((t) => refunding.has(t.id))) return answer('REFUNDED');
  // The booking's lifecycle (decision 320): part refunded, paid by insurance or Delay Repay claimed.
  const refused = await lifecycleRefusal(db, booking.id, 'journey.change', now);
  if (refused) return answer(LIFECYCLE_CHANGEABILITY[refused]);
  // A season changes only its start date, before it starts (docs/product/domain.md).
  if (season) {
    if (!data.season || new Date(data.season.validUntil) <= now) return answer('SEASON_EXPIRED');
    return answer(new Date(data.season.validFrom) > now ? null : 'SEASON_STARTED');
  }
  if (new Date(data.outward.date) <= now) return answer('DEPARTED');
  if (data.delivery.method === 'mobile' && data.delivery.activated) return answer('TICKET_ACTIVATED');
  if (!data.tickets.every((t) => CHANGEABLE_FARES.test(t.type))) return answer('FARE_NOT_CHANGEABLE');
  return answer(null);
}

const COJ_MESSAGES = {
  IN_PROGRESS:
    'Your change of journey is being processed: your new tickets will be emailed to you. This booking cannot be refunded while it is exchanged.',
  COMPLETED: 'This booking was exchanged for a new journey. Any refund is made on the new booking.',
  FAILED: 'Your change of journey could not be completed. Please contact us: your original tickets are still valid.',
} as const;

/**
 * The status of the exchange a booking is the source of (docs/decisions/080-refunds-server.md): what
 * the refund flow shows instead of a quote. Access is the refund's (server/api/refund-booking.ts).
 */
async function changeOfJourneyStatus(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const { booking } = await loadBookingForRefund(c, c.req.param('bookingId') ?? '', c.req.param('orderId') ?? '');
  const row = await changeOfJourneyOf<keyof typeof COJ_MESSAGES>(db, booking.id);
  if (!row)
    throw new ApiError(404, 'NOT_CHANGE_OF_JOURNEY_SOURCE', 'This booking is not the source of a change of journey.');
  return c.json({
    status: row.status,
    sourceBookingId: booking.id,
    newOrderId: row.new_order_id,
    newBookingId: row.new_booking_id,
    requestedAt: row.requested_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    priceDifference: row.price_difference === null ? null : money(Number(row.price_difference), row.currency),
    message: COJ_MESSAGES[row.status],
  });
}

export function changeOfJourneyApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/change-of-journey/changeability/:orderId/:bookingId', can('booking.view'), (c) => changeability(c, false));
  api.get('/seasons-change-of-journey/changeability/:orderId/:bookingId', can('booking.view'), (c) =>
    changeability(c, true),
  );
  api.get('/change-of-journey/status/:orderId/:bookingId', can('booking.view'), changeOfJourneyStatus);
  return api;
}
