import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData, Leg } from '../domain/booking-data.ts';
import { requireLifecycleAllows } from '../domain/booking-lifecycle.ts';
import {
  changedBooking,
  changedSeason,
  changeFeeFor,
  CHANGE_QUOTE_TTL_MS,
  dateInRange,
  departureOfTrain,
  departuresOn,
  directionRefusal,
  fareKind,
  priceChange,
  priceSeasonStart,
  REFUSAL_DETAIL,
  seasonStartDay,
  seasonStartInRange,
  type ChangeDirection,
  type ChangePrice,
  type Departure,
  type Selection,
} from '../domain/journey-change.ts';
import { round2 } from '../domain/refunds.ts';
import { newFriendlyOrderId, refundingTicketIds, settleRefunds } from '../domain/refund-store.ts';
import { isCardExpired } from '../domain/saved-cards.ts';
import type { OrderRow } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { addMs } from '../lib/clock.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { deliverEmails, queueEmail } from '../lib/outbox.ts';
import { can } from '../lib/policy.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { findBooking } from '../domain/bookings.ts';
import { requireBookingAccess, type BookingAccess } from './booking.ts';
import { findOrder, findPayment } from '../domain/refund-quotes.ts';
import { IdParam, money, type BookingRow } from './refund-booking.ts';

/**
 * Changing a journey (docs/decisions/600-change-your-journey.md): what may be changed, the trains
 * of the route on a day with their new fares, a quote, and the payment that issues the new booking.
 * The rules are server/domain/journey-change.ts; the old booking then answers 308 to the new one.
 *
 * GET  /change-of-journey/options/{bookingId}
 * GET  /change-of-journey/departures/{bookingId}?direction&leg&date&after[&outwardTrain]
 * POST /change-of-journey/quote/{bookingId} {direction, outwardTrain, inwardTrain} (a season: {direction: outward, startDate})
 * POST /change-of-journey/pay/{quoteId} {expectedTotal, payment} (Idempotency-Key)
 */

type QuoteRow = {
  id: string;
  order_id: string;
  booking_id: string;
  direction: ChangeDirection;
  outward_train: string | null;
  inward_train: string | null;
  total: string | number;
  currency: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** A season's new start date (YYYY-MM-DD), instead of trains. */
  start_date: string | null;
};

const Direction = v.picklist(['outward', 'inward', 'both']);
const TrainId = v.pipe(v.string(), v.regex(/^[A-Z]{3}-[A-Z]{3}-\d{12}$/));
const QuoteBody = v.object({
  direction: Direction,
  outwardTrain: v.nullish(TrainId),
  inwardTrain: v.nullish(TrainId),
  startDate: v.nullish(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
});
const PayBody = v.object({
  expectedTotal: v.number(),
  payment: v.variant('method', [
    v.object({ method: v.literal('saved'), cardId: v.pipe(v.string(), v.maxLength(64)) }),
    v.object({ method: v.literal('card'), token: v.pipe(v.string(), v.maxLength(128)) }),
    v.object({ method: v.literal('none') }),
  ]),
});

const legOf = (leg: Leg) => ({
  origin: leg.origin,
  destination: leg.destination,
  departure: leg.departureTime ?? leg.date,
  arrival: leg.arrivalTime,
  changes: leg.changes,
  operator: leg.operator,
});

/** The booking and its order, when the caller may change it. */
async function loadForChange(c: Context<AppEnv>, bookingId: string) {
  const { db } = c.get('deps');
  const booking = await findBooking(db, bookingId);
  const access = await requireBookingAccess(c, booking?.order_id ?? '');
  const order = booking ? await findOrder(db, booking.order_id) : null;
  if (!booking || !order) throw new ApiError(403, 'FORBIDDEN');
  return { booking, order, access };
}

/** Why the booking as a whole cannot be changed now (another change, replaced, refunded, lifecycle), or null. */
async function bookingRefusal(
  db: Queryable,
  booking: BookingRow,
  order: OrderRow,
  now: Date,
): Promise<{ code: string; message: string } | null> {
  if (await one(db, 'select 1 from change_of_journeys where source_booking_id = $1', [booking.id])) {
    return { code: 'ALREADY_CHANGED', message: 'This booking has already been changed: use the new booking.' };
  }
  if (
    order.replacement_order_id ||
    (await one(db, 'select 1 from pending_replacements where order_id = $1', [order.id]))
  ) {
    return { code: 'BOOKING_REPLACED', message: 'This booking has been replaced: change the new booking instead.' };
  }
  if (booking.data.delivery.method === 'mobile' && booking.data.delivery.activated) {
    return { code: 'TICKET_ACTIVATED', message: 'This mobile ticket has been activated, so it cannot be changed.' };
  }
  try {
    await requireLifecycleAllows(db, booking.id, 'journey.change', now);
  } catch (e) {
    // A journey under way is refused by the ticket's own rule, which says why (Advance: before the
    // booked train leaves; Off-Peak and Anytime: before the date on the ticket).
    if (e instanceof ApiError && e.code === 'TRAVELLED') return null;
    if (e instanceof ApiError) return { code: e.code, message: e.message };
    throw e;
  }
  return null;
}

/** Tickets refunded or being refunded: not changed, not carried over. */
async function goneTickets(db: Queryable, booking: BookingRow, now: Date) {
  await settleRefunds(db, [booking.id], now);
  return refundingTicketIds(db, booking.id);
}

const feeOf = (c: Context<AppEnv>) => changeFeeFor(c.get('deps').portal?.());

async function options(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order, access } = await loadForChange(c, c.req.param('bookingId') ?? '');
  const data = booking.data;
  const gone = await goneTickets(db, booking, now);
  const refused = await bookingRefusal(db, booking, order, now);
  const directions = (['outward', 'inward', 'both'] as const)
    .filter((d) => d === 'outward' || data.inward)
    .map((direction) => {
      const reason = refused ? null : directionRefusal(data, direction, gone, now);
      return {
        direction,
        changeable: !refused && reason === null,
        reason,
        message: reason ? REFUSAL_DETAIL[reason] : null,
      };
    });
  const cards =
    access.via === 'customer'
      ? await many<{ id: string; brand: string; last_four_digits: string; expiry_month: number; expiry_year: number }>(
          db,
          'select id, brand, last_four_digits, expiry_month, expiry_year from saved_cards where customer_id = $1 order by created_at, id',
          [access.customer.id],
        )
      : [];
  const tickets = data.tickets.filter((t) => !gone.has(t.id));
  return c.json({
    bookingId: booking.id,
    orderId: order.id,
    reference: order.friendly_order_id,
    refusal: refused,
    outward: legOf(data.outward),
    inward: data.inward ? legOf(data.inward) : null,
    passengers: data.passengers
      .filter((p) => tickets.some((t) => t.passengerIds.includes(p.id)))
      .map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, railcard: p.railcard?.name ?? null })),
    tickets: tickets.map((t) => ({
      id: t.id,
      type: t.type,
      direction: t.direction,
      passengerId: t.passengerIds[0] ?? '',
      price: t.price,
    })),
    fareKind: data.season ? 'season' : tickets.some((t) => fareKind(t.type) === 'advance') ? 'advance' : 'flexible',
    // A season changes only its start date, before it starts (decision 600): its validity, no trains.
    season: data.season ? { validFrom: data.season.validFrom, validUntil: data.season.validUntil } : null,
    directions,
    fee: money(feeOf(c), order.currency),
    savedCards: cards.map((card) => ({
      id: card.id,
      brand: card.brand,
      last4: card.last_four_digits,
      expired: isCardExpired(card, now),
    })),
  });
}

/** The direction may be changed now, or the 409/422 that says why not. */
async function requireChangeable(
  db: Queryable,
  booking: BookingRow,
  order: OrderRow,
  direction: ChangeDirection,
  gone: ReadonlySet<string>,
  now: Date,
) {
  const refused = await bookingRefusal(db, booking, order, now);
  if (refused) throw new ApiError(409, refused.code, refused.message);
  const reason = directionRefusal(booking.data, direction, gone, now);
  if (reason) throw new ApiError(422, reason, REFUSAL_DETAIL[reason]);
}

const trainRefusal = (d: Departure | null): ApiError | null => {
  if (!d) return new ApiError(422, 'TRAIN_UNKNOWN', 'This train is not in the timetable: search again.');
  if (d.status === 'FULL') return new ApiError(409, 'TRAIN_FULL', 'This train is full: choose another.');
  if (d.status === 'CANCELLED') return new ApiError(409, 'TRAIN_CANCELLED', 'This train is cancelled: choose another.');
  if (d.status === 'DEPARTED') return new ApiError(409, 'TRAIN_DEPARTED', 'This train has left: choose another.');
  return null;
};

/** The chosen trains, checked against the timetable now. */
function selectionOf(
  data: BookingData,
  direction: ChangeDirection,
  outwardTrain: string | null | undefined,
  inwardTrain: string | null | undefined,
  now: Date,
): Selection {
  const wantsOut = direction !== 'inward';
  const wantsIn = direction !== 'outward';
  const outward = wantsOut ? departureOfTrain(data.outward, outwardTrain ?? '', now) : null;
  const inward = wantsIn && data.inward ? departureOfTrain(data.inward, inwardTrain ?? '', now) : null;
  if (wantsOut) {
    const refused = trainRefusal(outward);
    if (refused) throw refused;
  }
  if (wantsIn) {
    const refused = trainRefusal(inward);
    if (refused) throw refused;
  }
  if (outward && inward && inward.departure <= outward.arrival) {
    throw new ApiError(422, 'RETURN_BEFORE_OUTWARD', 'The return train must leave after the outward train arrives.');
  }
  if (!outward && inward && data.outward.arrivalTime && inward.departure <= data.outward.arrivalTime) {
    throw new ApiError(422, 'RETURN_BEFORE_OUTWARD', 'The return train must leave after the outward train arrives.');
  }
  if (outward && !inward && direction === 'outward' && data.inward && outward.arrival >= data.inward.date) {
    throw new ApiError(422, 'OUTWARD_AFTER_RETURN', 'The outward train must arrive before the return train leaves.');
  }
  return { outward, inward };
}

async function departures(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadForChange(c, c.req.param('bookingId') ?? '');
  const q = v.safeParse(
    v.object({
      direction: Direction,
      leg: v.picklist(['outward', 'inward']),
      date: v.string(),
      after: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
      outwardTrain: v.optional(TrainId),
    }),
    {
      direction: c.req.query('direction'),
      leg: c.req.query('leg'),
      date: c.req.query('date'),
      after: c.req.query('after') ?? '00:00',
      outwardTrain: c.req.query('outwardTrain'),
    },
  );
  if (!q.success) throw new ApiError(400, 'VALIDATION', v.summarize(q.issues));
  const { direction, leg, date, after, outwardTrain } = q.output;
  const gone = await goneTickets(db, booking, now);
  await requireChangeable(db, booking, order, direction, gone, now);
  if (booking.data.season)
    throw new ApiError(422, 'SEASON_START_DATE', 'A season ticket has no trains to choose: quote its new start date.');
  if (!dateInRange(date, now))
    throw new ApiError(422, 'DATE_OUT_OF_RANGE', 'Choose a date from today up to 90 days ahead.');
  const data = booking.data;
  const routeLeg = leg === 'outward' ? data.outward : data.inward;
  if (!routeLeg) throw new ApiError(422, 'NO_RETURN', REFUSAL_DETAIL.NO_RETURN);
  const chosenOut = outwardTrain ? departureOfTrain(data.outward, outwardTrain, now) : null;
  const fee = feeOf(c);
  const trains = departuresOn(routeLeg, date, after, now).map((d) => {
    const selection: Selection = leg === 'outward' ? { outward: d, inward: null } : { outward: chosenOut, inward: d };
    const price = d.status === 'AVAILABLE' ? priceChange(data, direction, selection, gone, fee, now) : null;
    const fare = price ? round2(price.lines.reduce((s, l) => s + l.newFare, 0)) : null;
    return {
      ...d,
      fare: fare === null ? null : money(fare, order.currency),
      difference: price ? money(price.fareDifference, order.currency) : null,
    };
  });
  return c.json({ leg, date, after, departures: trains });
}

function quoteAnswer(
  row: { id: string; expires_at: Date; currency: string },
  data: BookingData,
  direction: ChangeDirection,
  changed: BookingData,
  price: ChangePrice,
) {
  const names = new Map(data.passengers.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  return {
    quoteId: row.id,
    expiresAt: row.expires_at.toISOString(),
    direction,
    fareKind: data.season ? 'season' : price.advance ? 'advance' : 'flexible',
    ...(changed.season
      ? { season: { validFrom: changed.season.validFrom, validUntil: changed.season.validUntil } }
      : {}),
    old: { outward: legOf(data.outward), inward: data.inward ? legOf(data.inward) : null },
    new: { outward: legOf(changed.outward), inward: changed.inward ? legOf(changed.inward) : null },
    lines: price.lines.map((l) => ({
      ticketId: l.ticketId,
      passengerName: names.get(l.passengerId) ?? '',
      type: l.type,
      direction: l.direction,
      oldFare: money(l.oldFare, row.currency),
      newFare: money(l.newFare, row.currency),
      fee: money(l.fee, row.currency),
    })),
    fareDifference: money(price.fareDifference, row.currency),
    fees: money(price.fees, row.currency),
    total: money(price.total, row.currency),
    lowerFareKept: price.lowerFareKept,
  };
}

async function storeQuote(
  db: Queryable,
  booking: BookingRow,
  direction: ChangeDirection,
  chosen: Selection,
  startDate: string | null,
  price: ChangePrice,
  currency: string,
  now: Date,
) {
  const row = { id: randomUUID(), expires_at: addMs(now, CHANGE_QUOTE_TTL_MS), currency };
  await db.query(
    `insert into journey_change_quotes (id, order_id, booking_id, direction, outward_train, inward_train, start_date, total, currency, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      booking.order_id,
      booking.id,
      direction,
      chosen.outward?.trainId ?? null,
      chosen.inward?.trainId ?? null,
      startDate,
      price.total,
      currency,
      now,
      row.expires_at,
    ],
  );
  return row;
}

/** A season's new start date: from tomorrow up to 90 days ahead, and not the date it already starts on. */
function requireSeasonStart(data: BookingData, startDate: string | null | undefined, now: Date): string {
  if (!startDate) throw new ApiError(400, 'VALIDATION', 'A season ticket needs its new start date (startDate).');
  if (!seasonStartInRange(startDate, now))
    throw new ApiError(422, 'DATE_OUT_OF_RANGE', 'Choose a start date from tomorrow up to 90 days ahead.');
  if (data.season && seasonStartDay(data.season.validFrom) === startDate)
    throw new ApiError(422, 'SAME_START_DATE', 'The season already starts on this date: choose another.');
  return startDate;
}

/** What the change gives: a season's new start date at the fee, or the chosen trains at their fares. */
function priced(
  data: BookingData,
  direction: ChangeDirection,
  trains: { outward: string | null | undefined; inward: string | null | undefined },
  startDate: string | null | undefined,
  gone: ReadonlySet<string>,
  fee: number,
  now: Date,
  deliveryId: string,
) {
  if (data.season) {
    const start = requireSeasonStart(data, startDate, now);
    const price = priceSeasonStart(data, gone, fee);
    return {
      chosen: { outward: null, inward: null } as Selection,
      startDate: start,
      price,
      changed: changedSeason(data, start, deliveryId),
    };
  }
  const chosen = selectionOf(data, direction, trains.outward, trains.inward, now);
  const price = priceChange(data, direction, chosen, gone, fee, now);
  return { chosen, startDate: null, price, changed: changedBooking(data, chosen, price, gone, deliveryId) };
}

async function quote(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadForChange(c, c.req.param('bookingId') ?? '');
  const body = await readBody(c, QuoteBody);
  const gone = await goneTickets(db, booking, now);
  await requireChangeable(db, booking, order, body.direction, gone, now);
  const { chosen, startDate, price, changed } = priced(
    booking.data,
    body.direction,
    { outward: body.outwardTrain, inward: body.inwardTrain },
    body.startDate,
    gone,
    feeOf(c),
    now,
    'preview',
  );
  const row = await storeQuote(db, booking, body.direction, chosen, startDate, price, order.currency, now);
  return c.json(quoteAnswer(row, booking.data, body.direction, changed, price));
}

type Charge = { last4: string | null };

/**
 * Whether `candidate` is the order or one it replaced: a guest's link opens the orders that superseded
 * its own (server/lib/access.ts), and a card token is minted for the link's order.
 */
async function orderOrItsPredecessor(db: Queryable, orderId: string, candidate: string): Promise<boolean> {
  let id = orderId;
  for (let depth = 0; depth < 10; depth++) {
    if (id === candidate) return true;
    const previous = await one<{ id: string }>(db, 'select id from orders where replacement_order_id = $1', [id]);
    if (!previous) return false;
    id = previous.id;
  }
  return false;
}

/** Takes the payment the total needs, or the 422 that says why it cannot (declined, expired, missing). */
async function charge(
  db: Queryable,
  access: BookingAccess,
  order: OrderRow,
  total: number,
  payment: v.InferOutput<typeof PayBody>['payment'],
  now: Date,
): Promise<Charge> {
  if (total <= 0) {
    if (payment.method !== 'none')
      throw new ApiError(422, 'NO_PAYMENT_NEEDED', 'Nothing is to be paid for this change.');
    return { last4: null };
  }
  if (payment.method === 'none')
    throw new ApiError(422, 'PAYMENT_REQUIRED', 'This change needs a payment: choose a card.');
  if (payment.method === 'saved') {
    const card =
      access.via === 'customer'
        ? await one<{ last_four_digits: string; expiry_month: number; expiry_year: number }>(
            db,
            'select last_four_digits, expiry_month, expiry_year from saved_cards where id = $1 and customer_id = $2',
            [payment.cardId, access.customer.id],
          )
        : null;
    if (!card) throw new ApiError(422, 'CARD_UNKNOWN', 'This card is not saved to your account: choose another.');
    if (isCardExpired(card, now))
      throw new ApiError(422, 'CARD_EXPIRED', 'Your card was declined: it has expired. Choose another card.');
    return { last4: card.last_four_digits };
  }
  const token = await one<{
    token_hash: string;
    customer_id: string | null;
    order_id: string | null;
    last4: string;
    declined: boolean;
    expires_at: Date;
    used_at: Date | null;
  }>(db, 'select * from card_tokens where token_hash = $1', [sha256Hex(payment.token)]);
  const inScope =
    token &&
    ((token.customer_id !== null && token.customer_id === order.customer_id) ||
      (token.order_id !== null && (await orderOrItsPredecessor(db, order.id, token.order_id))));
  if (!token || !inScope || token.used_at || token.expires_at <= now) {
    throw new ApiError(422, 'CARD_TOKEN_INVALID', 'The card details have expired: enter the card again.');
  }
  await db.query('update card_tokens set used_at = $2 where token_hash = $1', [token.token_hash, now]);
  if (token.declined)
    throw new ApiError(422, 'CARD_DECLINED', 'Your card was declined: nothing was charged. Try another card.');
  return { last4: token.last4 };
}

/** The new order and booking, the old order pointing at it, the exchange recorded (the new booking's email follows the commit). */
async function issueChange(
  tx: Queryable,
  order: OrderRow,
  booking: BookingRow,
  data: BookingData,
  price: ChangePrice,
  card: Charge,
  now: Date,
) {
  const orderId = randomUUID();
  const bookingId = randomUUID();
  const reference = await newFriendlyOrderId(tx);
  await tx.query(
    `insert into orders (id, friendly_order_id, customer_id, email, guest_token_hash, currency, created_at)
     values ($1, $2, $3, $4, null, $5, $6)`,
    [orderId, reference, order.customer_id, order.email, order.currency, now],
  );
  await tx.query(
    `insert into bookings (id, order_id, is_season, outward_date, inward_date, data, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      bookingId,
      orderId,
      booking.is_season,
      new Date(data.outward.date),
      data.inward ? new Date(data.inward.date) : null,
      JSON.stringify(data),
      now,
    ],
  );
  const oldPayment = await findPayment(tx, order.id);
  if (card.last4 || oldPayment) {
    await tx.query('insert into order_payments (order_id, card_brand, card_last4) values ($1, $2, $3)', [
      orderId,
      oldPayment?.card_brand ?? 'VISA',
      card.last4 ?? oldPayment?.card_last4 ?? '0000',
    ]);
  }
  await tx.query('update orders set replacement_order_id = $2 where id = $1', [order.id, orderId]);
  await tx.query(
    `insert into change_of_journeys (id, source_booking_id, source_order_id, new_order_id, new_booking_id, status, requested_at, completed_at, price_difference, currency, fee, card_last4)
     values ($1, $2, $3, $4, $5, 'COMPLETED', $6, $6, $7, $8, $9, $10)`,
    [randomUUID(), booking.id, order.id, orderId, bookingId, now, price.total, order.currency, price.fees, card.last4],
  );
  return { orderId, bookingId, reference };
}

async function pay(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { db, clock } = deps;
  const now = clock.now();
  const id = v.safeParse(IdParam, c.req.param('quoteId'));
  const row = id.success
    ? await one<QuoteRow>(db, 'select * from journey_change_quotes where id = $1', [id.output])
    : null;
  const { booking, order, access } = await loadForChange(c, row?.booking_id ?? '');
  if (!row) throw new ApiError(403, 'FORBIDDEN');
  const body = await readBody(c, PayBody);
  if (row.used_at) throw new ApiError(409, 'QUOTE_USED', 'This change has already been paid for: open your booking.');
  if (row.expires_at <= now)
    throw new ApiError(410, 'QUOTE_EXPIRED', 'This price has expired: choose your train again.');

  const locale = emailLocale(c.req.header('accept-language'));
  const emailCopy = createEmailCopy();
  // One change per booking: the booking row is locked by the lifecycle check, the quote spent once.
  const result = await db
    .transaction(async (tx) => {
      const gone = await goneTickets(tx, booking, now);
      await requireChangeable(tx, booking, order, row.direction, gone, now);
      // Prices may move between the review and the payment: re-priced now, and a moved price is
      // shown before anything is charged.
      const startDate =
        row.start_date === null
          ? null
          : typeof row.start_date === 'string'
            ? row.start_date.slice(0, 10)
            : new Date(row.start_date).toISOString().slice(0, 10);
      const { price, changed: data } = priced(
        booking.data,
        row.direction,
        { outward: row.outward_train, inward: row.inward_train },
        startDate,
        gone,
        feeOf(c),
        now,
        randomUUID(),
      );
      if (
        round2(price.total) !== round2(Number(row.total)) ||
        round2(body.expectedTotal) !== round2(Number(row.total))
      ) {
        await tx.query('update journey_change_quotes set used_at = $2 where id = $1', [row.id, now]);
        return { moved: true as const };
      }
      const claimed = await one(
        tx,
        'update journey_change_quotes set used_at = $2 where id = $1 and used_at is null returning 1',
        [row.id, now],
      );
      if (!claimed) throw new ApiError(409, 'QUOTE_USED', 'This change has already been paid for: open your booking.');
      const card = await charge(tx, access, order, price.total, body.payment, now);
      const issued = await issueChange(tx, order, booking, data, price, card, now);
      // The new booking's email is written with it: it exists exactly when the booking does (decision 720).
      const email = await queueEmail(tx, now, {
        kind: 'booking-confirmation',
        to: [order.email],
        subject: emailCopy(locale, 'email_booking_subject', { reference: issued.reference }),
        body: emailCopy(locale, 'email_booking_body', {
          reference: issued.reference,
          from: data.outward.origin.name,
          to: data.outward.destination.name,
          date: new Intl.DateTimeFormat(locale ?? 'en-GB', {
            dateStyle: 'full',
            timeStyle: 'short',
            timeZone: 'Europe/London',
          }).format(new Date(data.outward.date)),
          link: appLink(
            deps.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN,
            locale,
            access.via === 'customer' ? `/bookings/${issued.bookingId}` : '/find-booking',
          ),
        }),
        locale,
      });
      return { moved: false as const, price, card, issued, email };
    })
    .catch(async (e: unknown) => {
      // A declined card spends nothing but the card token: the quote stays for another card.
      if (
        e instanceof ApiError &&
        (e.code === 'CARD_DECLINED' ||
          e.code === 'CARD_EXPIRED' ||
          e.code === 'CARD_TOKEN_INVALID' ||
          e.code === 'CARD_UNKNOWN')
      ) {
        if (body.payment.method === 'card')
          await db.query('update card_tokens set used_at = $2 where token_hash = $1', [
            sha256Hex(body.payment.token),
            now,
          ]);
      }
      throw e;
    });
  if (result.moved)
    throw new ApiError(
      409,
      'PRICE_CHANGED',
      'The price of this change has moved since you reviewed it. Nothing has been charged: check the new price.',
    );
  const { price, card, issued, email } = result;
  await deliverEmails(deps, [email]);
  return c.json({
    status: 'CHANGED',
    newBookingId: issued.bookingId,
    newOrderId: issued.orderId,
    reference: issued.reference,
    paid: price.total > 0 ? money(price.total, order.currency) : null,
    refunded: price.total < 0 ? money(-price.total, order.currency) : null,
    cardLast4: card.last4,
  });
}

export function journeyChangeApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/change-of-journey/options/:bookingId', can('journey.change'), options);
  api.get('/change-of-journey/departures/:bookingId', can('journey.change'), departures);
  api.post('/change-of-journey/quote/:bookingId', can('journey.change'), quote);
  api.post('/change-of-journey/pay/:quoteId', can('journey.change'), pay);
  return api;
}
