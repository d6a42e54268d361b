import {
  disruptionReasons,
  type IneligibilityReason,
  type RefundReason,
  type RefundType,
  type ReturnMode,
} from '#src/schemas/refunds.ts';
import type { BookingData, Ticket } from './booking-data.ts';

/**
 * Refund rules (DOMAIN.md; docs/decisions/080-refunds-server.md). Pure: the API module loads the
 * facts from the database and hands them here with the clock's "now".
 */

export const ADMIN_FEE_PER_TICKET = 10;
/** Refund if plans change: within 28 days after the ticket's validity ends. */
export const REFUND_WINDOW_DAYS = 28;
export const QUOTE_TTL_MS = 30 * 60 * 1000;
/** Refunds are paid after this many days (DOMAIN.md: usually 3-5 days). */
export const REFUND_SETTLE_DAYS = 3;
/** Paper tickets must arrive within this many days of the request. */
export const POST_BACK_DAYS = 14;
export const POST_BACK_ADDRESS = ['Refunds', 'Freepost RTTR-REFUNDS', 'PO Box 7', 'York', 'YO1 6HT'];

const DAY_MS = 24 * 60 * 60 * 1000;

export type FulfilmentFact =
  | { state: 'not-issued' }
  | { state: 'awaiting-collection' | 'collected'; smartcardStatus: string | null };

export type RefundFacts = {
  bookingId: string;
  orderId: string;
  isSeason: boolean;
  data: BookingData;
  orderCreatedAt: Date;
  currency: string;
  fulfilment: FulfilmentFact | null;
  /** Ticket ids in a refund that is not rejected (in progress or done). */
  refundingTicketIds: ReadonlySet<string>;
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
};

export type Assessment = {
  refundType: RefundType;
  items: ItemAssessment[];
  /** A reason that blocks the whole booking (no item can be refunded because of it), if any. */
  bookingReason: { reasonCode: IneligibilityReason; message: string } | null;
};

export const round2 = (n: number) => Math.round(n * 100) / 100;

const feeFree = (reason: RefundReason) => disruptionReasons.includes(reason) || reason === 'BOOKING_ERROR';

function endOfDay(iso: string): Date {
  const d = new Date(iso);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999));
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

export function refundTypeFor(facts: RefundFacts, reason: RefundReason, now: Date): RefundType {
  if (feeFree(reason)) return 'discretionary';
  const bought = facts.orderCreatedAt;
  const sameDay = bought.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  if (sameDay && new Date(facts.data.outward.date) > now) return 'same-day-void';
  return 'terms-and-conditions';
}

function bookingLevelReason(facts: RefundFacts): Assessment['bookingReason'] {
  const f = facts.fulfilment;
  if (f?.state === 'not-issued') {
    return { reasonCode: 'NOT_ISSUED', message: 'Your tickets have not been issued yet, so there is nothing to refund yet.' };
  }
  if (facts.data.delivery.method === 'smartcard' && f && f.smartcardStatus !== null && f.smartcardStatus !== 'ACTIVE') {
    return {
      reasonCode: 'SMARTCARD_INACTIVE',
      message: 'The smartcard these tickets are on is not active, so they cannot be refunded online.',
    };
  }
  if (facts.data.delivery.method === 'smartcard' && f?.state === 'awaiting-collection') {
    return {
      reasonCode: 'SMARTCARD_NOT_COLLECTED',
      message: 'These tickets have not been collected onto your smartcard yet: collect them at a validator first.',
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
    const refuse = (reasonCode: IneligibilityReason, message: string): ItemAssessment => ({
      ...base, adminFee: 0, refund: 0, isRefundable: false, reasonCode, message,
    });
    if (facts.refundingTicketIds.has(ticket.id)) {
      return refuse('IN_PROGRESS', 'A refund of this ticket has already been requested.');
    }
    if (bookingReason) return refuse(bookingReason.reasonCode, bookingReason.message);
    const expiredAt = validityEnd(data, ticket).getTime() + REFUND_WINDOW_DAYS * DAY_MS;
    if (now.getTime() > expiredAt) {
      return refuse('EXPIRED', `Refunds can be asked for up to ${REFUND_WINDOW_DAYS} days after a ticket's validity ends.`);
    }
    if (data.delivery.method === 'mobile' && data.delivery.activated) {
      return refuse(
        'TERMS_AND_CONDITIONS',
        'This mobile ticket has been activated for travel, so it cannot be refunded. If your train was late, claim Delay Repay instead.',
      );
    }
    if (!feeFree(reason) && !ticket.refundable) {
      return refuse(
        'TERMS_AND_CONDITIONS',
        `${ticket.type} tickets cannot be refunded if your plans change. If your journey was disrupted, choose a disruption reason: you get a full refund.`,
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
        );
      }
      value = round2(value / 2); // a partly used return refunds only its unused part
    }
    if (data.season) {
      const from = Math.max(now.getTime(), new Date(data.season.validFrom).getTime());
      const total = new Date(data.season.validUntil).getTime() - new Date(data.season.validFrom).getTime();
      const unusedDays = Math.floor((new Date(data.season.validUntil).getTime() - from) / DAY_MS);
      value = round2((ticket.price.amount * Math.max(0, unusedDays) * DAY_MS) / Math.max(total, DAY_MS));
    }
    const adminFee = noFee ? 0 : Math.min(ADMIN_FEE_PER_TICKET, value);
    const refund = round2(value - adminFee);
    if (refund <= 0) {
      return {
        ...refuse(
          'AMOUNT_TOO_LOW',
          `This ticket is worth less than the £${ADMIN_FEE_PER_TICKET} admin fee, so nothing would come back.`,
        ),
        adminFee,
      };
    }
    return { ...base, adminFee, refund, isRefundable: true, reasonCode: null, message: null };
  });
  return { refundType, items, bookingReason };
}

/** Every ticket is one return fare covering both directions. */
export const isSameFare = (data: BookingData) => data.tickets.length > 0 && data.tickets.every((t) => t.direction === 'return');

/**
 * Spec section 5: partial refund is available when more than one refundable passenger exists in a
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
