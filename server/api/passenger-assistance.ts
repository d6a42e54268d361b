import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { BookingData, Leg } from '../domain/booking-data.ts';
import { findOrder } from '../domain/bookings.ts';
import {
  assistanceOf,
  bookAssistance,
  bookingOfOrder,
  cancelAssistance,
  findAssistance,
  upcomingJourneysOf,
  upcomingJourneysWithEndedAssistance,
  type AssistanceBooking,
  type AssistanceRow,
} from '../domain/passenger-assistance.ts';
import { requireCustomer, type OrderRow } from '../lib/access.ts';
import type { AppDeps, AppEnv } from '../lib/app-env.ts';
import { readCleanBody } from '../lib/text-rules.ts';
import { assistanceFormMessages } from '#src/schemas/passenger-assistance.ts';
import { HOUR_MS } from '../lib/clock.ts';
import { ApiError, Refusal } from '../lib/errors.ts';
import { gateFeature } from '../lib/feature-gate.ts';
import { requireBookingAccess } from './booking.ts';
import { lifecycleRefusal, requireLifecycleAllows } from '../domain/booking-lifecycle.ts';
import type { LifecycleReason } from '#machines/booking-lifecycle';
import { can } from '../lib/policy.ts';

/**
 * Passenger assistance (docs/decisions/100-passenger-assistance.md), behind the
 * `enable-passenger-assistance` flag. The spec's call:
 *   GET  /customer/passenger-assistance/orders/:orderId/products/:bookingId → {passengerAssistances}
 * and ours:
 *   POST /customer/passenger-assistance/orders/:orderId/products/:bookingId              book help
 *   GET  /customer/passenger-assistance/orders/:orderId/products/:bookingId/:id          one
 *   POST /customer/passenger-assistance/orders/:orderId/products/:bookingId/:id/cancel   cancel
 *   GET  /customer/passenger-assistance                                                   across upcoming bookings
 * Who may act: requireBookingAccess (the order's customer, a guest session or `?token=` for that
 * order; a signed-in customer may read, not change, a guest order placed with their email).
 */

/** docs/product/domain.md: the minimum notice for booking assistance across Great Britain. */
export const ASSISTANCE_MIN_NOTICE_MS = 2 * HOUR_MS;
export const ASSISTANCE_KINDS = ['ramp', 'wheelchair', 'luggage', 'guidance'] as const;
export const ASSISTANCE_DETAILS_MAX = 500;
const BASE = '/customer/passenger-assistance';
/** The lifecycle's reasons that say the booking's tickets are gone: refunded, moved on, or paid by insurance. */
const TICKETS_GONE: ReadonlySet<LifecycleReason> = new Set([
  'REFUNDED',
  'REFUND_IN_PROGRESS',
  'PART_REFUNDED',
  'CHANGED',
  'INSURANCE_CLAIMED',
]);
const ID = '[\\w-]{1,64}';

type Direction = 'outward' | 'inward';

const CreateBody = v.object({
  passengerId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  direction: v.picklist(['outward', 'inward']),
  kinds: v.pipe(
    v.array(v.picklist(ASSISTANCE_KINDS)),
    v.minLength(1, 'Choose at least one kind of help'),
    v.check((kinds) => new Set(kinds).size === kinds.length, 'Each kind of help once'),
  ),
  details: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(ASSISTANCE_DETAILS_MAX))), null),
});

/** Refusals carry a sentence the screen shows as it is (`detail`), like edit-passengers. */
const refuse = (status: 403 | 404 | 409 | 422, code: string, detail: string) => new Refusal(status, code, detail);

const ukTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

const legOf = (data: BookingData, direction: Direction): Leg | null =>
  direction === 'outward' ? data.outward : data.inward;
const departureOf = (leg: Leg) => new Date(leg.departureTime ?? leg.date);

const apiLeg = (leg: Leg) => ({
  origin: leg.origin,
  destination: leg.destination,
  departureTime: leg.departureTime ?? leg.date,
  arrivalTime: leg.arrivalTime,
});

/** An item as the spec's call gives it (id, passengerId, direction, kinds, details, status) plus what screens show. */
function apiAssistance(row: AssistanceRow, booking: AssistanceBooking) {
  const passenger = booking.data.passengers.find((p) => p.id === row.passenger_id);
  const leg = legOf(booking.data, row.direction);
  return {
    id: row.id,
    passengerId: row.passenger_id,
    direction: row.direction,
    kinds: row.kinds,
    details: row.details,
    status: row.status,
    // Local-server extras:
    bookingId: row.booking_id,
    orderId: row.order_id,
    passengerName: passenger ? `${passenger.firstName} ${passenger.lastName}` : null,
    leg: leg ? apiLeg(leg) : null,
    createdAt: new Date(row.created_at).toISOString(),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    // Why it ended without the customer cancelling it: its tickets were refunded or claimed on insurance (decision 630).
    ...(row.cancelled_because ? { cancelledBecause: row.cancelled_because } : {}),
  };
}

/** The order and booking of the path, after the access check; a booking outside that order is 404. */
async function loadBooking(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const orderId = c.req.param('orderId') ?? '';
  const access = await requireBookingAccess(c, orderId);
  const booking = await bookingOfOrder(db, c.req.param('productId') ?? '', orderId);
  if (!booking) throw new ApiError(404, 'NOT_FOUND');
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError(404, 'NOT_FOUND');
  return { booking, order, access };
}

/** Changes need a current order (who may change it is the access policy's: `can('assistance.manage')`). */
function assertMayChange(order: OrderRow) {
  if (order.replacement_order_id) {
    throw refuse(
      422,
      'BOOKING_REPLACED',
      'This booking has been replaced by a newer one. Please book assistance on the new booking.',
    );
  }
}

function assertNotDeparted(leg: Leg, now: Date, what: 'book' | 'cancel') {
  if (departureOf(leg) <= now) {
    throw refuse(
      422,
      'JOURNEY_DEPARTED',
      what === 'book'
        ? 'This train has already left, so assistance can no longer be booked for it.'
        : 'This train has already left, so its assistance can no longer be changed or cancelled.',
    );
  }
}

export function passengerAssistanceApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  gateFeature(api, 'enable-passenger-assistance', [BASE]);

  // Across the customer's upcoming bookings (any leg still to come), newest assistance shown per booking.
  api.get(BASE, can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const now = clock.now();
    const rows = await upcomingJourneysOf(db, customer.id, now);
    /** One journey of the overview: the booking, its legs and the help listed with it. */
    const overviewEntry = (
      row: AssistanceBooking & { friendly_order_id: string },
      items: Awaited<ReturnType<typeof assistanceOf>>,
    ) => ({
      bookingId: row.id,
      orderId: row.order_id,
      friendlyOrderId: row.friendly_order_id,
      outward: apiLeg(row.data.outward),
      inward: row.data.inward ? apiLeg(row.data.inward) : null,
      passengerAssistances: items.map((item) => apiAssistance(item, row)),
    });
    const bookings = [];
    for (const row of rows) {
      // Only journeys whose tickets still stand (decision 320): not a refunded booking, nor one whose
      // tickets moved to a replacement (listed itself), so no journey is offered twice or in vain.
      const refusal = await lifecycleRefusal(db, row.id, 'assistance.book', now);
      if (refusal && TICKETS_GONE.has(refusal)) continue;
      const items = await assistanceOf(db, row.id);
      bookings.push(overviewEntry(row, items));
    }
    // Local extra: the upcoming journeys whose tickets are gone, with only the help that ended with
    // them (cancelledBecause, decision 630), so the overview can say why; nothing is offered on them.
    const listed = new Set(bookings.map((b) => b.bookingId));
    const ended = await upcomingJourneysWithEndedAssistance(db, customer.id, now);
    const cancelledWithTickets = [];
    for (const row of ended) {
      if (listed.has(row.id)) continue;
      const items = (await assistanceOf(db, row.id)).filter((item) => item.cancelled_because !== null);
      cancelledWithTickets.push(overviewEntry(row, items));
    }
    return c.json({ bookings, cancelledWithTickets });
  });

  api.get(`${BASE}/orders/:orderId{${ID}}/products/:productId{${ID}}`, can('booking.view'), async (c) => {
    const { booking } = await loadBooking(c);
    const items = await assistanceOf(c.get('deps').db, booking.id);
    return c.json({ passengerAssistances: items.map((item) => apiAssistance(item, booking)) });
  });

  api.post(`${BASE}/orders/:orderId{${ID}}/products/:productId{${ID}}`, can('assistance.manage'), async (c) => {
    const { db, clock } = c.get('deps');
    // Who may act comes first: a caller without access learns nothing from the body's checks.
    const { booking, order, access } = await loadBooking(c);
    assertMayChange(order);
    // The details are free text on several lines: the server's text rule (server/lib/text-rules.ts).
    const body = await readCleanBody(c, CreateBody, {
      details: { kind: 'multiline', message: assistanceFormMessages.detailsControlCharacter },
    });
    const now = clock.now();
    if (booking.is_season) {
      throw refuse(
        422,
        'NOT_AVAILABLE',
        'Assistance is booked for a particular train, so it cannot be booked on a season ticket here.',
      );
    }
    const passenger = booking.data.passengers.find((p) => p.id === body.passengerId);
    if (!passenger) throw refuse(422, 'PASSENGER_NOT_ON_BOOKING', 'This passenger is not on this booking.');
    const leg = legOf(booking.data, body.direction);
    if (!leg) throw refuse(422, 'NO_SUCH_LEG', 'This booking has no return journey.');
    assertNotDeparted(leg, now, 'book');
    // Not for a booking refunded, exchanged or paid by insurance (decision 320).
    await requireLifecycleAllows(db, booking.id, 'assistance.book', now);
    const departure = departureOf(leg);
    if (departure.getTime() - now.getTime() < ASSISTANCE_MIN_NOTICE_MS) {
      throw refuse(
        422,
        'TOO_LATE',
        `Assistance must be booked at least 2 hours before the train leaves. This train leaves at ${ukTime(departure.toISOString())}, so please ask the staff at ${leg.origin.name} for help on the day.`,
      );
    }
    const row = await bookAssistance(db, {
      orderId: order.id,
      bookingId: booking.id,
      passengerId: passenger.id,
      direction: body.direction,
      kinds: ASSISTANCE_KINDS.filter((k) => body.kinds.includes(k)),
      details: body.details || null,
      via: access.via,
      now,
    });
    if (row === 'already-booked') {
      throw refuse(
        409,
        'ALREADY_BOOKED',
        `Assistance is already booked for ${passenger.firstName} ${passenger.lastName} on this journey. Cancel it first to book different help.`,
      );
    }
    return c.json({ passengerAssistance: apiAssistance(row, booking) }, 201);
  });

  const findOne = async (db: AppDeps['db'], booking: AssistanceBooking, id: string) => {
    const row = await findAssistance(db, id, booking.id);
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    return row;
  };

  api.get(
    `${BASE}/orders/:orderId{${ID}}/products/:productId{${ID}}/:assistanceId{${ID}}`,
    can('booking.view'),
    async (c) => {
      const { booking } = await loadBooking(c);
      const row = await findOne(c.get('deps').db, booking, c.req.param('assistanceId'));
      return c.json({ passengerAssistance: apiAssistance(row, booking) });
    },
  );

  api.post(
    `${BASE}/orders/:orderId{${ID}}/products/:productId{${ID}}/:assistanceId{${ID}}/cancel`,
    can('assistance.manage'),
    async (c) => {
      const { db, clock } = c.get('deps');
      const { booking, order } = await loadBooking(c);
      const row = await findOne(db, booking, c.req.param('assistanceId'));
      assertMayChange(order);
      if (row.status === 'cancelled')
        throw refuse(409, 'ALREADY_CANCELLED', 'This assistance has already been cancelled.');
      const leg = legOf(booking.data, row.direction);
      if (leg) assertNotDeparted(leg, clock.now(), 'cancel');
      const updated = await cancelAssistance(db, row.id, clock.now());
      if (!updated) throw refuse(409, 'ALREADY_CANCELLED', 'This assistance has already been cancelled.');
      return c.json({ passengerAssistance: apiAssistance(updated, booking) });
    },
  );

  return api;
}
