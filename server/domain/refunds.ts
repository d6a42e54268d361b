import {
  disruptionReasons,
  type IneligibilityReason,
  type RefundReason,
  type RefundType,
  type ReturnMode,
} from '#src/schemas/refunds.ts';
import { fromUkWall, plusDays, ukDay } from '#src/schemas/uk-time.ts';
import type { BookingData, Leg, Season, Ticket } from './booking-data.ts';
import { thresholdFor } from './delay-repay.ts';

/**
 * Refund rules (docs/product/domain.md; docs/decisions/080-refunds-server.md). Pure: the API module loads the
 * facts from the database and hands them here with the clock's "now".
 */

export const ADMIN_FEE_PER_TICKET = 10;
/** Refund if plans change: within 28 days after the ticket's validity ends. */
export const REFUND_WINDOW_DAYS = 28;
export const QUOTE_TTL_MS = 30 * 60 * 1000;
/** Refunds are paid after this many days (docs/product/domain.md: usually 3-5 days). */
export const REFUND_SETTLE_DAYS = 3;
/** Paper tickets must arrive within this many days of the request. */
export const POST_BACK_DAYS = 14;
export const POST_BACK_ADDRESS = ['Refunds', 'Freepost RTTR-REFUNDS', 'PO Box 7', 'York', 'YO1 6HT'];

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * "I made a mistake when booking" refunds in full, with no admin fee, only when asked this soon after
 * the fares were bought and before the first train leaves (docs/decisions/331-booking-error-window.md).
 */
export const BOOKING_ERROR_WINDOW_HOURS = 24;
/** A season ticket with fewer days of validity left than this is not refundable (docs/product/domain.md). */
export const SEASON_MIN_DAYS_LEFT = 7;

/** One event in the operators' running data for a train the booking travels on (migration 330). */
export type ServiceDisruption = {
  /** The booking's leg the train is. */
  direction: 'outward' | 'inward';
  kind: 'announced' | 'cancelled' | 'delayed';
  delayMinutes: number | null;
  description: string;
  announcedAt: Date;
};

export type FulfilmentFact =
  | { state: 'not-issued' }
  | { state: 'awaiting-collection' | 'collected'; smartcardStatus: string | null };

export type RefundFacts = {
  bookingId: string;
  orderId: string;
  isSeason: boolean;
  data: BookingData;
  /**
   * When the fares were bought: the order's own date, or for a replacement order (the passengers left
   * after a partial refund, a changed journey) its first original's, so the same-day void and the
   * booking-error window are not opened again by a replacement.
   */
  orderCreatedAt: Date;
  currency: string;
  fulfilment: FulfilmentFact | null;
  /** Ticket ids in a refund that is not rejected (in progress or done). */
  refundingTicketIds: ReadonlySet<string>;
  /** The running data of the booking's trains (absent: none recorded). */
  disruptions?: readonly ServiceDisruption[];
};

export type ItemAssessment = {
  refundableId: string;
  ticketId: string;
  passengerId: string;
  passengerName: string;
  direction: Ticket['direction'];
  ticketType: string;
  paid: number;
  adminFee: number;
  refund: number;
  isRefundable: boolean;
  reasonCode: IneligibilityReason | null;
  message: string | null;
  /** What the message says, as a code and its data: the screen words it in the page's language (decision 641). */
  words: ServerWords | null;
  /** A season ticket's calculation (null for other tickets and when refused before it). */
  season: SeasonCalculation | null;
};

/**
 * A sentence the server writes, as a code and the data it names (docs/decisions/641-server-words-as-codes.md):
 * the screen words it from the catalogue in the page's language, and shows the English `message`
 * beside it only for a code it does not know.
 */
export type ServerWords = { code: string; params?: Record<string, string | number> };

export type SeasonPeriod = 'month' | 'week' | 'day';
export type SeasonRates = Record<SeasonPeriod, number>;
export type SeasonCalculation = {
  validFrom: Date;
  validUntil: Date;
  handedBackOn: Date;
  daysUsed: number;
  daysLeft: number;
  usedPeriods: { period: SeasonPeriod; count: number; rate: number; cost: number }[];
  costOfUsed: number;
  rates: SeasonRates;
};

export type Assessment = {
  refundType: RefundType;
  items: ItemAssessment[];
  /** A reason that blocks the whole booking (no item can be refunded because of it), if any. */
  bookingReason: { reasonCode: IneligibilityReason; message: string; words: ServerWords } | null;
};

export const round2 = (n: number) => Math.round(n * 100) / 100;

const feeFree = (reason: RefundReason) => disruptionReasons.includes(reason) || reason === 'BOOKING_ERROR';

/**
 * The last instant of the UK day `iso` falls on (docs/decisions/880-one-uk-wall-clock.md): a ticket
 * is valid to midnight in London, 23:00 UTC in summer; a 00:30 train in summer is on London's next day.
 */
function endOfDay(iso: string): Date {
  const nextMidnight = Date.parse(`${plusDays(ukDay(new Date(iso)), 1)}T00:00:00Z`);
  return new Date(fromUkWall(nextMidnight).getTime() - 1);
}

/** The instant the ticket stops being valid. */
export function validityEnd(data: BookingData, ticket: Ticket): Date {
  if (data.season) return new Date(data.season.validUntil);
  if (ticket.direction === 'inward' || (ticket.direction === 'return' && data.inward)) {
    return endOfDay((data.inward ?? data.outward).date);
  }
  return endOfDay(data.outward.date);
}

/** Departure of the first leg the ticket covers. */
function firstDeparture(data: BookingData, ticket: Ticket): Date {
  return new Date(ticket.direction === 'inward' && data.inward ? data.inward.date : data.outward.date);
}

const isDisruption = (reason: RefundReason) => disruptionReasons.includes(reason);

/** The legs a ticket travels on. */
function legsOf(data: BookingData, ticket: Ticket): { direction: 'outward' | 'inward'; leg: Leg }[] {
  const out = { direction: 'outward' as const, leg: data.outward };
  const back = data.inward ? { direction: 'inward' as const, leg: data.inward } : null;
  if (ticket.direction === 'outward') return [out];
  if (ticket.direction === 'inward') return back ? [back] : [];
  return back ? [out, back] : [out];
}

/**
 * The running-data record that supports a disruption reason for this ticket, or null
 * (docs/product/domain.md: "A disruption refund needs the disruption to have happened or been announced").
 * Cancelled: a cancellation of a train the ticket covers. Delayed: a delay at or over the
 * operator's threshold. Upcoming: a disruption or cancellation announced for a train not yet left.
 * Only what was known at `now` counts; a season ticket has no train, so nothing supports it.
 */
export function supportingDisruption(
  facts: RefundFacts,
  ticket: Ticket,
  reason: RefundReason,
  now: Date,
): ServiceDisruption | null {
  if (facts.data.season) return null;
  const known = (facts.disruptions ?? []).filter((d) => d.announcedAt <= now);
  for (const { direction, leg } of legsOf(facts.data, ticket)) {
    const onLeg = known.filter((d) => d.direction === direction);
    const found = onLeg.find((d) => {
      switch (reason) {
        case 'DISRUPTION_SERVICE_CANCELLATION':
          return d.kind === 'cancelled';
        case 'DISRUPTION_TRAIN_DELAYED':
          return d.kind === 'delayed' && (d.delayMinutes ?? 0) >= thresholdFor(leg.operator);
        case 'DISRUPTION_UPCOMING':
          return (d.kind === 'announced' || d.kind === 'cancelled') && new Date(leg.date) > now;
        default:
          return false;
      }
    });
    if (found) return found;
  }
  return null;
}

const disruptionRefusal: Partial<Record<RefundReason, string>> = {
  DISRUPTION_SERVICE_CANCELLATION:
    'The train company has not cancelled the train this ticket is for, so it cannot be refunded for a cancellation.',
  DISRUPTION_TRAIN_DELAYED:
    "The train company's records show no delay of this train long enough for a disruption refund.",
  DISRUPTION_UPCOMING: 'No disruption has been announced for the train this ticket is for.',
};

/** Within the booking-error window: soon enough after buying, and before the first train leaves. */
export function bookingErrorAllowed(facts: RefundFacts, now: Date): boolean {
  const since = now.getTime() - facts.orderCreatedAt.getTime();
  return since <= BOOKING_ERROR_WINDOW_HOURS * 60 * 60 * 1000 && new Date(facts.data.outward.date) > now;
}

/** Season rates per period: the booking's own, else derived from its price by the usual ratios. */
export function seasonRates(season: Season, price: number): SeasonRates {
  if (season.rates) return { month: season.rates.monthly, week: season.rates.weekly, day: season.rates.dayReturn };
  // A monthly season costs about 3.84 weekly ones, an annual 40; an Anytime Day Return about a quarter of a week.
  const weekly = season.kind === 'annual' ? price / 40 : season.kind === 'monthly' ? price / 3.84 : price;
  return { month: round2(weekly * 3.84), week: round2(weekly), day: round2(weekly / 4) };
}

const PERIOD_DAYS: Record<SeasonPeriod, number> = { month: 30, week: 7, day: 1 };

/**
 * The cheapest way to have covered `days` days with monthly (30 days) and weekly seasons and day
 * returns: the cost of the period used (docs/product/domain.md "Season refunds").
 */
export function costOfDaysUsed(
  days: number,
  rates: SeasonRates,
): { cost: number; periods: SeasonCalculation['usedPeriods'] } {
  const best: { cost: number; last: SeasonPeriod | null }[] = [{ cost: 0, last: null }];
  for (let d = 1; d <= days; d++) {
    let choice = { cost: Infinity, last: null as SeasonPeriod | null };
    for (const period of ['day', 'week', 'month'] as const) {
      const cost = (best[Math.max(0, d - PERIOD_DAYS[period])]?.cost ?? 0) + rates[period];
      if (cost < choice.cost - 1e-9) choice = { cost, last: period };
    }
    best.push(choice);
  }
  const counts: Record<SeasonPeriod, number> = { month: 0, week: 0, day: 0 };
  for (let d = days; d > 0; ) {
    const last = best[d]?.last ?? 'day';
    counts[last] += 1;
    d = Math.max(0, d - PERIOD_DAYS[last]);
  }
  const periods = (['month', 'week', 'day'] as const)
    .filter((p) => counts[p] > 0)
    .map((period) => ({
      period,
      count: counts[period],
      rate: rates[period],
      cost: round2(counts[period] * rates[period]),
    }));
  return { cost: round2(periods.reduce((s, p) => s + p.cost, 0)), periods };
}

/**
 * The UK calendar day an instant falls on, as that day's UTC midnight: a season's days are UK days
 * (its last day ends 23:59 UK time, which is 22:59 UTC in summer), the same day every screen shows.
 */
const startOfDay = (d: Date) => Date.parse(`${ukDay(d)}T00:00:00Z`);

/** Days used (the hand-back day counts) and days left after it, and what the used days cost. */
export function seasonCalculation(data: BookingData, ticket: Ticket, now: Date): SeasonCalculation | null {
  if (!data.season) return null;
  const validFrom = new Date(data.season.validFrom);
  const validUntil = new Date(data.season.validUntil);
  const handedBackOn = new Date(Math.max(startOfDay(now), startOfDay(validFrom)));
  const daysUsed = now < validFrom ? 0 : Math.round((startOfDay(now) - startOfDay(validFrom)) / DAY_MS) + 1;
  const daysLeft = Math.max(
    0,
    Math.round((startOfDay(validUntil) - startOfDay(handedBackOn)) / DAY_MS) + (daysUsed === 0 ? 1 : 0),
  );
  const rates = seasonRates(data.season, ticket.price.amount);
  const used = costOfDaysUsed(daysUsed, rates);
  return {
    validFrom,
    validUntil,
    handedBackOn,
    daysUsed,
    daysLeft,
    usedPeriods: used.periods,
    costOfUsed: used.cost,
    rates,
  };
}

export function refundTypeFor(facts: RefundFacts, reason: RefundReason, now: Date): RefundType {
  if (feeFree(reason)) return 'discretionary';
  const bought = facts.orderCreatedAt;
  // The same UK day: bought at 00:30 in London in summer is 23:30 UTC the day before.
  const sameDay = ukDay(bought) === ukDay(now);
  if (sameDay && new Date(facts.data.outward.date) > now) return 'same-day-void';
  return 'terms-and-conditions';
}

function bookingLevelReason(facts: RefundFacts): Assessment['bookingReason'] {
  const f = facts.fulfilment;
  if (f?.state === 'not-issued') {
    return {
      reasonCode: 'NOT_ISSUED',
      message: 'Your tickets have not been issued yet, so there is nothing to refund yet.',
      words: { code: 'REFUND_NOT_ISSUED' },
    };
  }
  if (facts.data.delivery.method === 'smartcard' && f && f.smartcardStatus !== null && f.smartcardStatus !== 'ACTIVE') {
    return {
      reasonCode: 'SMARTCARD_INACTIVE',
      message: 'The smartcard these tickets are on is not active, so they cannot be refunded online.',
      words: { code: 'REFUND_SMARTCARD_INACTIVE' },
    };
  }
  if (facts.data.delivery.method === 'smartcard' && f?.state === 'awaiting-collection') {
    return {
      reasonCode: 'SMARTCARD_NOT_COLLECTED',
      message: 'These tickets have not been collected onto your smartcard yet: collect them at a validator first.',
      words: { code: 'REFUND_SMARTCARD_NOT_COLLECTED' },
    };
  }
  return null;
}

/** Assesses every ticket of the booking for `reason` at `now`. */
export function assess(facts: RefundFacts, reason: RefundReason, now: Date): Assessment {
  const { data } = facts;
  const refundType = refundTypeFor(facts, reason, now);
  const bookingReason = bookingLevelReason(facts);
  const noFee = refundType !== 'terms-and-conditions';
  const names = new Map(data.passengers.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));

  const items = data.tickets.map((ticket): ItemAssessment => {
    const passengerId = ticket.passengerIds[0] ?? '';
    const base = {
      refundableId: ticket.id,
      ticketId: ticket.id,
      passengerId,
      passengerName: ticket.passengerIds.map((id) => names.get(id) ?? '').join(', '),
      direction: ticket.direction,
      ticketType: ticket.type,
      paid: ticket.price.amount,
    };
    const refuse = (reasonCode: IneligibilityReason, message: string, words: ServerWords): ItemAssessment => ({
      ...base,
      adminFee: 0,
      refund: 0,
      isRefundable: false,
      reasonCode,
      message,
      words,
      season: null,
    });
    if (facts.refundingTicketIds.has(ticket.id)) {
      return refuse('IN_PROGRESS', 'A refund of this ticket has already been requested.', {
        code: 'REFUND_TICKET_IN_PROGRESS',
      });
    }
    if (bookingReason) return refuse(bookingReason.reasonCode, bookingReason.message, bookingReason.words);
    const expiredAt = validityEnd(data, ticket).getTime() + REFUND_WINDOW_DAYS * DAY_MS;
    if (now.getTime() > expiredAt) {
      return refuse(
        'EXPIRED',
        `Refunds can be asked for up to ${REFUND_WINDOW_DAYS} days after a ticket's validity ends.`,
        {
          code: 'REFUND_WINDOW_ENDED',
          params: { days: REFUND_WINDOW_DAYS },
        },
      );
    }
    if (data.delivery.method === 'mobile' && data.delivery.activated) {
      return refuse(
        'TERMS_AND_CONDITIONS',
        'This mobile ticket has been activated for travel, so it cannot be refunded. If your train was late, claim Delay Repay instead.',
        { code: 'REFUND_MOBILE_ACTIVATED' },
      );
    }
    if (isDisruption(reason) && !supportingDisruption(facts, ticket, reason, now)) {
      return refuse(
        'DISRUPTION_NOT_RECORDED',
        disruptionRefusal[reason] ?? 'No disruption of this train is recorded.',
        {
          code: `REFUND_NO_${reason}`,
        },
      );
    }
    if (reason === 'BOOKING_ERROR' && !bookingErrorAllowed(facts, now)) {
      return refuse(
        'BOOKING_ERROR_TOO_LATE',
        `A booking mistake is refunded in full only within ${BOOKING_ERROR_WINDOW_HOURS} hours of buying and before the train leaves. Choose "Changed plans" instead: the fare's own refund terms apply.`,
        { code: 'REFUND_BOOKING_ERROR_TOO_LATE', params: { hours: BOOKING_ERROR_WINDOW_HOURS } },
      );
    }
    if (!feeFree(reason) && !ticket.refundable) {
      const disrupted = disruptionReasons.some((r) => supportingDisruption(facts, ticket, r, now) !== null);
      return refuse(
        'TERMS_AND_CONDITIONS',
        disrupted
          ? `${ticket.type} tickets cannot be refunded if your plans change. Your train is disrupted: choose the disruption reason for a full refund.`
          : `${ticket.type} tickets cannot be refunded if your plans change.`,
        {
          code: disrupted ? 'REFUND_FARE_NOT_REFUNDABLE_DISRUPTED' : 'REFUND_FARE_NOT_REFUNDABLE',
          params: { ticketType: ticket.type },
        },
      );
    }
    let value = ticket.price.amount;
    const departed = firstDeparture(data, ticket) <= now;
    if (!data.season && departed && reason === 'CHANGED_PLANS') {
      const inwardAhead = ticket.direction === 'return' && data.inward !== null && new Date(data.inward.date) > now;
      if (!inwardAhead) {
        return refuse(
          'TERMS_AND_CONDITIONS',
          'This journey has departed. If you did not travel, choose "Changed plans, did not use tickets".',
          { code: 'REFUND_DEPARTED' },
        );
      }
      value = round2(value / 2); // a partly used return refunds only its unused part
    }
    const season = seasonCalculation(data, ticket, now);
    if (season) {
      if (season.daysLeft < SEASON_MIN_DAYS_LEFT) {
        return refuse(
          'TERMS_AND_CONDITIONS',
          `A season ticket can be refunded only while it has at least ${SEASON_MIN_DAYS_LEFT} days left; this one has ${season.daysLeft}.`,
          { code: 'REFUND_SEASON_TOO_SHORT', params: { min: SEASON_MIN_DAYS_LEFT, left: season.daysLeft } },
        );
      }
      value = round2(Math.max(0, ticket.price.amount - season.costOfUsed));
    }
    const adminFee = noFee ? 0 : Math.min(ADMIN_FEE_PER_TICKET, value);
    const refund = round2(value - adminFee);
    if (refund <= 0) {
      return {
        ...refuse(
          'AMOUNT_TOO_LOW',
          season
            ? 'The days already used cost as much as the season ticket, so nothing would come back.'
            : `This ticket is worth less than the £${ADMIN_FEE_PER_TICKET} admin fee, so nothing would come back.`,
          season
            ? { code: 'REFUND_SEASON_USED_UP' }
            : { code: 'REFUND_BELOW_FEE', params: { fee: ADMIN_FEE_PER_TICKET } },
        ),
        adminFee,
        season,
      };
    }
    return { ...base, adminFee, refund, isRefundable: true, reasonCode: null, message: null, words: null, season };
  });
  return { refundType, items, bookingReason };
}

/** Every ticket is one return fare covering both directions. */
export const isSameFare = (data: BookingData) =>
  data.tickets.length > 0 && data.tickets.every((t) => t.direction === 'return');

/**
 * docs/product/validation.md: partial refund is available when more than one refundable passenger exists in a
 * direction, or one exists in each direction and the fares are not the same fare.
 */
export function partialRefundAvailable(data: BookingData, refundableTicketIds: ReadonlySet<string>): boolean {
  const perDirection = { outward: new Set<string>(), inward: new Set<string>() };
  for (const t of data.tickets) {
    if (!refundableTicketIds.has(t.id)) continue;
    for (const p of t.passengerIds) {
      if (t.direction !== 'inward') perDirection.outward.add(p);
      if (t.direction !== 'outward') perDirection.inward.add(p);
    }
  }
  const out = perDirection.outward.size;
  const back = perDirection.inward.size;
  return out > 1 || back > 1 || (out === 1 && back === 1 && !isSameFare(data));
}

/** How the tickets go back before the money does. */
export function returnModeFor(data: BookingData, collected: boolean): ReturnMode {
  switch (data.delivery.method) {
    case 'mobile':
      return 'delete-from-device';
    case 'post':
      return 'post';
    case 'collect-at-station':
      return collected ? 'collect-post' : 'automatic';
    case 'print-at-home':
    case 'smartcard':
      return 'automatic';
  }
}

export const needsPostBack = (mode: ReturnMode) => mode === 'post' || mode === 'collect-post';

/** "16 November 2026" (server-written sentences are English; dates in them are UTC days). */
export const formatDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function returnInstructionsText(mode: ReturnMode, deadline: Date | null): string {
  const by = deadline ? ` by ${formatDay(deadline)}` : '';
  switch (mode) {
    case 'post':
      return `Post your paper tickets to the address below${by}. We refund you once they arrive.`;
    case 'collect-post':
      return `You collected these tickets at the station: post them to the address below${by}. We refund you once they arrive.`;
    case 'delete-from-device':
      return 'Your mobile tickets are cancelled when the refund is made: delete them from your device.';
    case 'automatic':
      return 'Nothing to send back: your tickets are cancelled automatically.';
    case 'already-voided':
      return 'These tickets have already been cancelled.';
    case 'unknown':
      return 'We will email you if anything needs sending back.';
  }
}

// ---- Card tokenisation ----

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65)/.test(digits)) return 'Discover';
  return 'Card';
}

/** Test numbers the local payment provider declines for refunds (Stripe's documented "generic decline"). */
export const DECLINED_TEST_CARDS: readonly string[] = ['4000000000000002'];
