import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  bookingsOfOrder,
  counterpart,
  findBooking,
  findOrder,
  previousOrder,
  replacedOrder,
  savePassengers,
  settlePendingReplacement,
  type BookingRow,
} from '../domain/bookings.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { authorizeOrder, resolveOrderAccess, type OrderAccess, type OrderRow } from '../lib/access.ts';
import { allows, type Action } from '../lib/policy.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { cleanFields, type TextRules } from '../lib/text-rules.ts';
import { passengerMessages, validatePassengerName } from '#src/schemas/passengers.ts';
import { ApiError } from '../lib/errors.ts';
import {
  bookingOffers,
  requireLifecycleAllows,
  type BookingOffers,
  type TicketWithdrawalReason,
} from '../domain/booking-lifecycle.ts';
import { delayRepayByBooking } from '../domain/delay-repay-claims.ts';
import { insuranceByBooking } from '../domain/insurance.ts';
import { historyChanges, loadDisruptions, refundSummaries } from '../domain/refund-store.ts';
import type { ServiceDisruption } from '../domain/refunds.ts';
import { can } from '../lib/policy.ts';

/** A new passenger name on a booking: the saved passengers' rule (server/lib/text-rules.ts). */
const NEW_NAME_TEXT: TextRules = {
  firstName: { kind: 'name', message: passengerMessages.nameInvalid },
  lastName: { kind: 'name', message: passengerMessages.nameInvalid },
};

/**
 * Booking detail and history (docs/decisions/020-booking-detail-and-history.md):
 * GET /booking/:bookingId, GET /booking/:bookingId/history, PUT /pico/edit-passengers.
 * Booking ids are UUIDs; the `{uuid}` constraint keeps /booking/token, /booking/checkIn and
 * /booking/find-booking (other areas) out of these routes whatever the mount order.
 */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** How the caller reached the order and with which kind of access (server/lib/access.ts). */
export type BookingAccess = OrderAccess;

/**
 * The caller's access to an order for the action the route names, decided by the access policy
 * (docs/access-policy.md); `?token=` is the order token the spec lets booking calls carry.
 */
export async function requireBookingAccess(
  c: Context<AppEnv>,
  orderId: string,
  action?: Action,
): Promise<BookingAccess> {
  return authorizeOrder(c, orderId, { token: c.req.query('token') ?? null, ...(action ? { action } : {}) });
}

/** Whether the caller may open the order at all (its replacement, say), whatever the route does. */
async function canOpen(c: Context<AppEnv>, orderId: string): Promise<boolean> {
  const resolved = await resolveOrderAccess(c, orderId, c.req.query('token') ?? null);
  return resolved.via !== 'none' && allows('booking.view', resolved.kind, resolved.order?.customer_id !== null);
}

/** What the caller may do on this order besides looking: what the booking answer offers follows it. */
export function accessOffers(access: OrderAccess) {
  const onAccountOrder = access.order.customer_id !== null;
  return {
    rename: allows('passenger.rename', access.kind, onAccountOrder),
    refund: allows('refund.original', access.kind, onAccountOrder),
    /** A Find a booking session on an account's booking: shown, and told to sign in to manage it. */
    signInToManage: access.kind === 'find-booking' && onAccountOrder,
  };
}

export function apiOrder(order: OrderRow) {
  return {
    id: order.id,
    friendlyOrderId: order.friendly_order_id,
    email: order.email,
    currency: order.currency,
    createdAt: new Date(order.created_at).toISOString(),
    replacementOrder: order.replacement_order_id ? { id: order.replacement_order_id } : null,
  };
}

/** A booking as the app sees it; passengers are alterable on upcoming bookings the caller may rename on (`mayRename`). */
export function apiBooking(row: BookingRow, now: Date, mayRename: boolean, replaced: boolean) {
  const { data } = row;
  const alterable = mayRename && !replaced && new Date(data.outward.date) > now;
  return {
    id: row.id,
    orderId: row.order_id,
    isSeasonBooking: row.is_season,
    outward: data.outward,
    inward: data.inward,
    passengers: data.passengers.map((p) => ({ ...p, alterable })),
    tickets: data.tickets,
    // issuedTicket is a local-server extra: the on-demand ticket issued for this delivery, so the
    // page shows it after `booking.reload`.
    delivery:
      row.issued_reference && row.issued_at
        ? {
            ...data.delivery,
            issuedTicket: {
              reference: row.issued_reference,
              issuedAt: new Date(row.issued_at).toISOString(),
              // Its barcode, so the ticket can be shown (and read offline, decision 250) after a reload.
              ...(row.issued_barcode ? { barcode: row.issued_barcode } : {}),
            },
          }
        : data.delivery,
    price: data.price,
    season: data.season,
    // Local-server extra: fees charged with the booking, for the VAT receipt (decision 351).
    ...(data.fees && data.fees.length > 0 ? { fees: data.fees } : {}),
    checkedIn: row.checked_in ?? false,
  };
}

/**
 * What the operators' running data (service_disruptions, decision 330) says of a leg's train by now,
 * for its journey card (a local-server extra): a cancellation, else the longest delay, else a
 * disruption announced ahead. The record's own text is the operator's, in English: the card says it
 * in the page's language from the kind and the minutes.
 */
export function legDisruption(records: readonly ServiceDisruption[], direction: 'outward' | 'inward', now: Date) {
  const known = records.filter((d) => d.direction === direction && d.announcedAt <= now);
  const cancelled = known.find((d) => d.kind === 'cancelled');
  const delayed = known
    .filter((d) => d.kind === 'delayed')
    .sort((a, b) => (b.delayMinutes ?? 0) - (a.delayMinutes ?? 0))[0];
  const found = cancelled ?? delayed ?? known.find((d) => d.kind === 'announced');
  return found ? { kind: found.kind, delayMinutes: found.delayMinutes } : null;
}

type ApiDelivery = ReturnType<typeof apiBooking>['delivery'];
type WithdrawnDelivery = BookingData['delivery'] & {
  issuedTicket: { reference: string; issuedAt: string; withdrawn: { reason: TicketWithdrawalReason } };
};

/**
 * A withdrawn ticket carries no code (decision 570): a refunded, exchanged or insurance-paid
 * booking's issued ticket keeps its reference and says why it was withdrawn (a local extra), so no
 * screen, PDF or offline copy can show a code that a gate would still read.
 */
function withdrawnDelivery(delivery: ApiDelivery, offers: BookingOffers | null): ApiDelivery | WithdrawnDelivery {
  const reason = offers?.ticketWithdrawn ?? null;
  if (!reason || !delivery || !('issuedTicket' in delivery)) return delivery;
  const { reference, issuedAt } = delivery.issuedTicket;
  return { ...delivery, issuedTicket: { reference, issuedAt, withdrawn: { reason } } };
}

/** `quotable` as the refund call would answer: not once the lifecycle refuses a refund (an insurance claim paid, Delay Repay claimed). */
function quotableAsLifecycle<R extends { quotable: boolean }>(
  refund: R | undefined,
  offers: BookingOffers | null,
): R | undefined {
  if (!refund || !offers || !refund.quotable) return refund;
  return offers.refusal('refund.full') === null ? refund : { ...refund, quotable: false };
}

/** The booking's legs, each with its train's disruption when the running data records one. */
async function legsWithDisruptions(db: Parameters<typeof loadDisruptions>[0], row: BookingRow, now: Date) {
  const records = await loadDisruptions(db, row.data);
  const withDisruption = <L extends object>(leg: L, direction: 'outward' | 'inward') => {
    const disruption = legDisruption(records, direction, now);
    return disruption ? { ...leg, disruption } : leg;
  };
  return {
    outward: withDisruption(row.data.outward, 'outward'),
    inward: row.data.inward ? withDisruption(row.data.inward, 'inward') : row.data.inward,
  };
}

async function loadForCaller(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const booking = await findBooking(db, c.req.param('bookingId') ?? '');
  // Unknown booking: the same 401/403 as an order the caller may not open (ids cannot be probed).
  const access = await requireBookingAccess(c, booking?.order_id ?? '');
  const order = booking ? await findOrder(db, booking.order_id) : null;
  if (!booking || !order) throw new ApiError(403, 'FORBIDDEN');
  return { booking, order, access };
}

const NameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2),
  v.maxLength(30),
  v.check((s) => validatePassengerName(s) === null),
);
const EditPassengersBody = v.object({
  bookingId: v.pipe(v.string(), v.maxLength(64)),
  alterablesIds: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.minLength(1), v.maxLength(9)),
  newUsers: v.pipe(v.array(v.object({ firstName: NameSchema, lastName: NameSchema })), v.minLength(1), v.maxLength(9)),
});

const refuse = (c: Context<AppEnv>, status: 403 | 422, code: string, detail: string) =>
  c.json({ errors: [{ code }], detail }, status);

export function bookingApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get(`/booking/:bookingId{${UUID}}`, can('booking.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const { booking, order, access } = await loadForCaller(c);
    const now = clock.now();
    await settlePendingReplacement(db, order.id, now, false);
    const current = (await findOrder(db, order.id)) ?? order;
    // Moved: the order was replaced. No Location header: the app reads the body and opens history.
    if (current.replacement_order_id) return c.json({ bookingId: booking.id }, 308);
    const rows = await bookingsOfOrder(db, order.id, now);
    // Local extras (docs/decisions/090, 091, 080): the Delay Repay claim of a delayed journey, flexible
    // insurance, and the refund offer and tracking.
    const ids = rows.map((b) => b.id);
    const [claims, insurance, refunds, legs] = await Promise.all([
      delayRepayByBooking(db, ids, now),
      insuranceByBooking(db, ids),
      refundSummaries(
        db,
        rows.map((b) => ({ ...b, replaced: false, canAct: accessOffers(access).refund })),
        now,
      ),
      Promise.all(rows.map((b) => legsWithDisruptions(db, b, now))),
    ]);
    // What money already moved allows (decision 570): asked one booking after the other, as the
    // action calls ask it.
    const offers: (BookingOffers | null)[] = [];
    for (const b of rows) offers.push(await bookingOffers(db, b.id, now));
    const bookings = rows.map((b, i) => {
      const delayRepay = claims.get(b.id);
      const answer = apiBooking(b, now, accessOffers(access).rename, false);
      return {
        ...answer,
        delivery: withdrawnDelivery(answer.delivery, offers[i] ?? null),
        // Local extra: a cancellation or delay the running data records on the leg's train.
        ...legs[i],
        ...(delayRepay ? { delayRepay } : {}),
        insurance: insurance.get(b.id) ?? [],
        refund: quotableAsLifecycle(refunds.get(b.id), offers[i] ?? null),
      };
    });
    // Local extra: knowledge of a booking is not ownership; its customer manages it signed in.
    return c.json({
      bookings,
      order: { ...apiOrder(current), replaces: await replacedOrder(db, current.id) },
      ...(accessOffers(access).signInToManage ? { manage: 'sign-in' as const } : {}),
    });
  });

  api.get(`/booking/:bookingId{${UUID}}/history`, can('booking.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const { booking, order, access } = await loadForCaller(c);
    const now = clock.now();
    await settlePendingReplacement(db, order.id, now, true);
    const current = (await findOrder(db, order.id)) ?? order;

    // Follow the replacement chain to the newest booking this caller may open.
    let replacedBy: { orderId: string; friendlyOrderId: string } | null = null;
    let target: { bookingId: string; orderId: string } | null = null;
    let index = (await bookingsOfOrder(db, order.id)).findIndex((b) => b.id === booking.id);
    const seen = new Set([current.id]);
    let next = current.replacement_order_id;
    while (next && !seen.has(next)) {
      seen.add(next);
      const nextOrder = await findOrder(db, next);
      if (!nextOrder) break;
      const nextBooking = await counterpart(db, nextOrder.id, Math.max(index, 0));
      if (!nextBooking || !(await canOpen(c, nextOrder.id))) {
        replacedBy ??= { orderId: nextOrder.id, friendlyOrderId: nextOrder.friendly_order_id };
        break;
      }
      target = { bookingId: nextBooking.id, orderId: nextOrder.id };
      index = (await bookingsOfOrder(db, nextOrder.id)).findIndex((b) => b.id === nextBooking.id);
      next = nextOrder.replacement_order_id;
    }
    if (target) return c.json({ replacedBy: target }, 308);

    // Timeline: the orders this one replaced (oldest first), then this one.
    const chain: { order: OrderRow; booking: BookingRow }[] = [{ order: current, booking }];
    let head = current;
    for (let guard = 0; guard < 20; guard++) {
      const previous = await previousOrder(db, head.id);
      if (!previous || chain.some((e) => e.order.id === previous.id)) break;
      const previousBooking = await counterpart(db, previous.id, 0);
      if (!previousBooking) break;
      chain.unshift({ order: previous, booking: previousBooking });
      head = previous;
    }
    const refunds = await refundSummaries(
      db,
      chain.map((e) => ({
        ...e.booking,
        replaced: e.order.replacement_order_id !== null,
        canAct: accessOffers(access).refund,
      })),
      now,
    );
    const changes = await historyChanges(
      db,
      chain.map((e) => ({ orderId: e.order.id, replacementOrderId: e.order.replacement_order_id, booking: e.booking })),
    );
    // A replaced order is not quotable already; the one still standing answers as its lifecycle allows (decision 570).
    const offers: (BookingOffers | null)[] = [];
    for (const e of chain)
      offers.push(e.order.replacement_order_id === null ? await bookingOffers(db, e.booking.id, now) : null);
    return c.json({
      replacedBy,
      bookings: chain.map((e, i) => ({
        booking: {
          ...apiBooking(e.booking, now, accessOffers(access).rename, e.order.replacement_order_id !== null),
          refund: quotableAsLifecycle(refunds.get(e.booking.id), offers[i] ?? null),
        },
        order: apiOrder(e.order),
        change: changes[i] ?? null,
      })),
      order: apiOrder(current),
    });
  });

  api.put('/pico/edit-passengers', can('passenger.rename'), async (c) => {
    const { db, clock } = c.get('deps');
    const read = await readBody(c, EditPassengersBody);
    // The same rule for stored names as a saved passenger's: NFC, and no control or bidi characters.
    const body = {
      ...read,
      newUsers: read.newUsers.map((user) => ({ ...user, ...cleanFields(user, NEW_NAME_TEXT) }) as typeof user),
    };
    if (
      body.alterablesIds.length !== body.newUsers.length ||
      new Set(body.alterablesIds).size !== body.alterablesIds.length
    ) {
      throw new ApiError(400, 'VALIDATION', 'alterablesIds and newUsers must pair up one to one');
    }
    const booking = await findBooking(db, body.bookingId);
    await requireBookingAccess(c, booking?.order_id ?? '');
    const order = booking ? await findOrder(db, booking.order_id) : null;
    if (!booking || !order) throw new ApiError(403, 'FORBIDDEN');
    if (order.replacement_order_id) {
      return refuse(
        c,
        422,
        'BOOKING_REPLACED',
        'This booking has been replaced, so its passengers can no longer be changed.',
      );
    }
    if (new Date(booking.data.outward.date) <= clock.now()) {
      return refuse(c, 422, 'NOT_ALTERABLE', 'Passenger names can only be changed before the journey starts.');
    }
    // Not on a booking refunded, part refunded, checked in or paid by insurance (decision 320).
    await requireLifecycleAllows(db, booking.id, 'passenger.rename', clock.now());
    const passengers = booking.data.passengers.map((p) => ({ ...p }));
    for (const [i, id] of body.alterablesIds.entries()) {
      const passenger = passengers.find((p) => p.id === id);
      const user = body.newUsers[i];
      if (!passenger || !user)
        return refuse(c, 422, 'PASSENGER_NOT_ON_BOOKING', 'One of these passengers is not on this booking.');
      passenger.firstName = user.firstName;
      passenger.lastName = user.lastName;
    }
    const names = passengers.map((p) => `${p.firstName} ${p.lastName}`.toLowerCase());
    if (new Set(names).size !== names.length) {
      return refuse(c, 422, 'DUPLICATE_NAME', 'Each passenger on a booking needs a different name.');
    }
    await savePassengers(db, booking, passengers);
    return c.json({
      bookingId: booking.id,
      passengers: passengers.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName })),
    });
  });

  return api;
}
