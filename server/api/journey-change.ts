import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { BookingData, Leg } from '../domain/booking-data.ts';
import { findBooking } from '../domain/bookings.ts';
import {
  changeRefusal,
  findChangeQuote,
  goneTickets,
  payForChange,
  requireChangeable,
  saveChangeQuote,
} from '../domain/journey-change-store.ts';
import {
  changeFeeFor,
  dateInRange,
  departureOfTrain,
  departuresOn,
  directionRefusal,
  fareKind,
  priceChange,
  priced,
  REFUSAL_DETAIL,
  type ChangeDirection,
  type ChangePrice,
  type Selection,
} from '../domain/journey-change.ts';
import { findOrder } from '../domain/refund-quotes.ts';
import { round2 } from '../domain/refunds.ts';
import { isCardExpired, listSavedCards } from '../domain/saved-cards.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { deliverEmails } from '../lib/outbox.ts';
import { can } from '../lib/policy.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { requireBookingAccess } from './booking.ts';
import { IdParam, money } from './refund-booking.ts';

/**
 * Changing a journey (docs/decisions/600-change-your-journey.md): what may be changed, the trains
 * of the route on a day with their new fares, a quote, and the payment that issues the new booking.
 * The rules are server/domain/journey-change.ts, the rows server/domain/journey-change-store.ts; the
 * old booking then answers 308 to the new one.
 *
 * GET  /change-of-journey/options/{bookingId}
 * GET  /change-of-journey/departures/{bookingId}?direction&leg&date&after[&outwardTrain]
 * POST /change-of-journey/quote/{bookingId} {direction, outwardTrain, inwardTrain} (a season: {direction: outward, startDate})
 * POST /change-of-journey/pay/{quoteId} {expectedTotal, payment} (Idempotency-Key)
 */

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

const feeOf = (c: Context<AppEnv>) => changeFeeFor(c.get('deps').portal?.());

async function options(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order, access } = await loadForChange(c, c.req.param('bookingId') ?? '');
  const data = booking.data;
  const gone = await goneTickets(db, booking, now);
  const refused = await changeRefusal(db, booking, order, now);
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
  const cards = access.via === 'customer' ? await listSavedCards(db, access.customer.id) : [];
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

async function quote(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadForChange(c, c.req.param('bookingId') ?? '');
  const body = await readBody(c, QuoteBody);
  const gone = await goneTickets(db, booking, now);
  await requireChangeable(db, booking, order, body.direction, gone, now);
  const { chosen, startDate, price, changed } = priced(booking.data, body, gone, feeOf(c), now, 'preview');
  const row = await saveChangeQuote(
    db,
    booking,
    { direction: body.direction, chosen, startDate, price },
    order.currency,
    now,
  );
  return c.json(quoteAnswer(row, booking.data, body.direction, changed, price));
}

async function pay(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { db, clock } = deps;
  const now = clock.now();
  const id = v.safeParse(IdParam, c.req.param('quoteId'));
  const row = id.success ? await findChangeQuote(db, id.output) : null;
  const { booking, order, access } = await loadForChange(c, row?.booking_id ?? '');
  if (!row) throw new ApiError(403, 'FORBIDDEN');
  const body = await readBody(c, PayBody);
  if (row.used_at) throw new ApiError(409, 'QUOTE_USED', 'This change has already been paid for: open your booking.');
  if (row.expires_at <= now)
    throw new ApiError(410, 'QUOTE_EXPIRED', 'This price has expired: choose your train again.');

  const locale = emailLocale(c.req.header('accept-language'));
  const emailCopy = createEmailCopy();
  const result = await payForChange(db, {
    quote: row,
    booking,
    order,
    customerId: access.via === 'customer' ? access.customer.id : null,
    expectedTotal: body.expectedTotal,
    payment: body.payment,
    fee: feeOf(c),
    now,
    mail: (issued, data) => ({
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
    }),
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
