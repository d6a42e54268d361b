import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { DEFAULT_REFUND_REASON, RefundReason } from '#src/schemas/refunds.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { loadFacts, settleRefunds } from '../domain/refund-store.ts';
import { assess, isSameFare, partialRefundAvailable, type ItemAssessment } from '../domain/refunds.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { cardForm, findPayment, findRefundQuote, refuseIfNotQuotable, type QuoteRow } from '../domain/refund-quotes.ts';
import { IdParam, loadBookingForRefund } from './refund-booking.ts';
import { can } from '../lib/policy.ts';

/**
 * Partial refunds (GET /partial-refunds/{bookingId}; docs/decisions/080-refunds-server.md): the
 * booking's journeys, fares and passengers, each marked refundable or not, for choosing whose
 * tickets a refund takes; with `?quoteId=` the choice and reason of that quote.
 */

interface RefundableTickets {
  data: BookingData;
  byTicket: ReadonlyMap<string, ItemAssessment>;
  eligible: ReadonlySet<string>;
}

/** One direction's journey: its fares, and under each the passengers with whether their ticket refunds. */
function journeyOf({ data, byTicket, eligible }: RefundableTickets, direction: 'outward' | 'inward') {
  const leg = direction === 'outward' ? data.outward : data.inward;
  if (!leg) return null;
  const passengers = new Map(data.passengers.map((p) => [p.id, p]));
  const tickets = data.tickets.filter((t) => t.direction === direction || t.direction === 'return');
  const fareNames = [...new Set(tickets.map((t) => `${t.type}|${t.direction}`))];
  return {
    origin: leg.origin.name,
    destination: leg.destination.name,
    date: leg.date,
    fares: fareNames.map((key) => {
      const [name = '', ticketDirection = direction] = key.split('|') as [string, 'outward' | 'inward' | 'return'];
      return {
        name,
        ticketDirection,
        farePassengers: tickets
          .filter((t) => `${t.type}|${t.direction}` === key)
          .flatMap((t) =>
            t.passengerIds.map((pid) => {
              const item = byTicket.get(t.id);
              const p = passengers.get(pid);
              const refundable = eligible.has(t.id);
              return {
                passengerId: pid,
                isRefundable: refundable,
                refundableId: refundable ? t.id : null,
                firstName: p?.firstName ?? '',
                lastName: p?.lastName ?? '',
                price: t.price,
                reasonCode: item?.reasonCode ?? null,
              };
            }),
          ),
      };
    }),
  };
}

/** The `?quoteId=` quote, which must be one of this booking's; null when none is given. */
async function quoteOfBooking(c: Context<AppEnv>, bookingId: string): Promise<QuoteRow | null> {
  const quoteIdRaw = c.req.query('quoteId');
  if (quoteIdRaw === undefined) return null;
  const parsed = v.safeParse(IdParam, quoteIdRaw);
  const quoteRow = parsed.success ? await findRefundQuote(c.get('deps').db, parsed.output) : null;
  if (!quoteRow || quoteRow.booking_id !== bookingId)
    throw new ApiError(400, 'VALIDATION', 'quoteId is not a quote of this booking');
  return quoteRow;
}

async function partialRefunds(c: Context<AppEnv>) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const { booking, order } = await loadBookingForRefund(c, c.req.param('bookingId') ?? '');
  await refuseIfNotQuotable(db, booking, order);
  const quoteRow = await quoteOfBooking(c, booking.id);
  await settleRefunds(db, [booking.id], now);
  const facts = await loadFacts(db, booking, order);
  const reason = v.parse(v.fallback(RefundReason, DEFAULT_REFUND_REASON), quoteRow?.refund_reason);
  const assessment = assess(facts, reason, now);
  const byTicket = new Map(assessment.items.map((i) => [i.ticketId, i]));
  const eligible = new Set(assessment.items.filter((i) => i.isRefundable).map((i) => i.refundableId));
  const { data } = booking;
  const tickets: RefundableTickets = { data, byTicket, eligible };
  const sameFare = isSameFare(data);
  const outward = journeyOf(tickets, 'outward');
  return c.json({
    booking: {
      outward: outward ?? { fares: [] },
      inward: journeyOf(tickets, 'inward'),
      sameFare,
      journeyFare: sameFare ? (data.tickets[0]?.type ?? null) : null,
      recipient: { email: order.email },
      creditCardForm: cardForm(await findPayment(db, order.id)),
      orderId: order.id,
      selectedRefundables: quoteRow ? quoteRow.lines.map((l) => l.refundableId) : [],
      passengerAssistances: [],
      bookingId: booking.id,
      isPartiallyRefundable: partialRefundAvailable(data, eligible),
      refundReason: quoteRow ? reason : null,
    },
    orderId: order.id,
    refundables: [...eligible],
  });
}

export function partialRefundsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/partial-refunds/:bookingId', can('refund.original'), partialRefunds);
  return api;
}
