import { Hono } from 'hono';
import * as v from 'valibot';
import { toListEntry } from '../domain/booking-lists.ts';
import {
  accountExistsFor,
  bookingsByReference,
  bookingsOfCustomer,
  bookingsOfOrderChain,
  storeExchangeToken,
} from '../domain/guest-bookings.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { HOUR_MS, addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { refundSummaries } from '../domain/refund-store.ts';
import { assertNotThrottled, clearAttempts, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { randomToken } from '../lib/tokens.ts';
import { findOrderByGuestToken } from '../lib/ufac.ts';
import { allows, can, type AccessKind } from '../lib/policy.ts';

/** How long an order exchange token from find-booking opens its order (docs/decisions/012). */
export const EXCHANGE_TOKEN_TTL_MS = HOUR_MS;
/** Departure dates are GB calendar days. */
const RAIL_TIME_ZONE = 'Europe/London';

const FindBody = v.object({
  bookingReference: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9-]{4,20}$/)),
  departureDate: v.pipe(v.string(), v.isoDate()),
  passengerSurname: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
  emailAddress: emailSchema,
});

const londonDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: RAIL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** Misses allowed per booking reference from one client in a window before 429 (guessing the other fields). */
export const FIND_BOOKING_MAX_MISSES = LIMITS.findBookingReference.max;
export const FIND_BOOKING_WINDOW_MS = LIMITS.findBookingReference.windowMs;

/** POST /booking/find-booking and GET /booking/token (docs/product/api.md). */
export function findBookingApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  /**
   * Matches all four fields: the friendly order id, the order's email (any case), the outward
   * leg's GB calendar day, and a passenger's surname (any case). 400 VALIDATION on malformed
   * input, 422 BOOKING_NOT_FOUND when nothing matches (the same answer whichever field is wrong).
   * Misses are counted per client and per (client, reference) in the database (decision 155): a
   * guesser elsewhere cannot lock the owner out, and a sweep of many references is stopped.
   * Success issues a fresh exchange token for that order: {orderExchangeToken, bookingId}.
   */
  api.post('/booking/find-booking', can('public'), async (c) => {
    const { db, clock } = c.get('deps');
    const body = await readBody(c, FindBody);
    const client = clientAddress(c);
    const pair = [LIMITS.findBookingReference, `${client}|${body.bookingReference.toUpperCase()}`] as const;
    const limits = [pair, [LIMITS.findBookingClient, client]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    const surname = body.passengerSurname.toLocaleLowerCase('en-GB');
    const rows = await bookingsByReference(db, body.bookingReference, body.emailAddress);
    const match = rows.find(
      (b) =>
        londonDay(b.data.outward.date) === body.departureDate &&
        b.data.passengers.some((p) => p.lastName.toLocaleLowerCase('en-GB') === surname),
    );
    if (!match) {
      await recordAttempt(db, clock.now(), limits);
      throw new ApiError(422, 'BOOKING_NOT_FOUND');
    }
    await clearAttempts(db, [pair]);
    const token = randomToken(32);
    const now = clock.now();
    await storeExchangeToken(db, token, match.order_id, now, addMs(now, EXCHANGE_TOKEN_TTL_MS));
    return c.json({ orderExchangeToken: token, bookingId: match.id });
  });

  /**
   * The bookings a guest may fetch: those of the guest session's order (x-user-flow-id
   * order.{session}), of its customer (customer flow with order scopes), or of the order whose token
   * is in ?token=. customerRegistered: an account exists with the order's email.
   */
  api.get('/booking/token', can('booking.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const guest = c.get('guest');
    const token = c.req.query('token') ?? '';
    // Whose bookings: an order's (with the orders that superseded it) or a customer's.
    let source: { orderId: string } | { customerId: string } | null = null;
    let email: string | null = null;
    // The kind of access the session or token gives (docs/access-policy.md): what each booking offers follows it.
    let kind: AccessKind = 'email-link';
    if (guest?.flow === 'order' && guest.orderId) {
      source = { orderId: guest.orderId };
      email = guest.email;
      kind = guest.origin;
    } else if (
      guest?.flow === 'customer' &&
      guest.customerId &&
      guest.scopes.some((s) => s !== 'marketing-preference-unsubscribe')
    ) {
      source = { customerId: guest.customerId };
      email = guest.email;
    } else if (token) {
      // A wrong token is a guess, counted per client; past the limit none is looked at (decision 566).
      const limits = [[LIMITS.orderTokenClient, clientAddress(c)]] as const;
      await assertNotThrottled(db, clock.now(), limits);
      const order = await findOrderByGuestToken(db, token.slice(0, 512), clock.now());
      if (order) {
        source = { orderId: order.id };
        email = order.email;
        kind = order.origin;
      } else {
        await recordAttempt(db, clock.now(), limits);
      }
    }
    if (!source || email === null) throw new ApiError(401, 'UNAUTHORISED');
    // An order's guest also sees the orders that superseded it (a partial refund's replacement; decision 080).
    const rows =
      'orderId' in source
        ? await bookingsOfOrderChain(db, source.orderId)
        : await bookingsOfCustomer(db, source.customerId);
    const registered = await accountExistsFor(db, email);
    const now = clock.now();
    const refundScope = guest ? guest.scopes.includes('refund') : true;
    const refunds = await refundSummaries(
      db,
      rows.map((r) => ({
        ...r,
        replaced: r.replacement_order_id !== null,
        canAct: refundScope && allows('refund.original', kind, r.customer_id !== null),
      })),
      now,
    );
    return c.json({
      bookings: rows.map((row) => {
        const entry = toListEntry(row);
        return { ...entry, booking: { ...entry.booking, refund: refunds.get(row.id) } };
      }),
      customerRegistered: registered,
    });
  });

  return api;
}
