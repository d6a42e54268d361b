import {
  disruptionReasons,
  type PartialRefundBooking,
  type RefundMoney,
  type RefundQuote,
  type UnprocessableReason,
} from '#src/schemas/refunds';
import { codeOf, problemOf } from './problems';

/**
 * Pure refund rules shared by the refund machines (refund-quote, refund-request, refund-card-form,
 * partial-refund) and the refund screens: docs/product/states.md "Refund". Machines do not import each
 * other's implementations, so what they share lives here.
 */

/** A reason blocks the whole quote unless the server says it applies to some tickets only. */
export const isBlockingReason = (r: UnprocessableReason): boolean => r.blocking ?? r.refundableIds === undefined;

/** Spec: REFUNDABLE or PARTIALLY_REFUNDABLE, a quote id, and no blocking unprocessable reason. */
export const isRequestableQuote = (q: RefundQuote | null | undefined): boolean =>
  !!q &&
  (q.status === 'REFUNDABLE' || q.status === 'PARTIALLY_REFUNDABLE') &&
  !!q.quoteId &&
  !q.unprocessableReasons.some(isBlockingReason);

export const isTermsIneligible = (q: RefundQuote | null | undefined): boolean =>
  !!q && q.status === 'NON_REFUNDABLE' && q.reason === 'terms-and-conditions';

/**
 * Whether choosing a disruption reason could still refund this booking: false only when the quote
 * lists what each reason would give (`refundReasonOptions`, which the spec's quote need not carry)
 * and no disruption reason is eligible, as for an activated mobile ticket (docs/product/domain.md).
 */
export const disruptionMayRefund = (q: RefundQuote): boolean => {
  const disruption = (q.refundReasonOptions ?? []).filter((o) => disruptionReasons.includes(o.code));
  return disruption.length === 0 || disruption.some((o) => o.eligible);
};

/** One passenger's ticket in one direction that a refund cancels, with what comes back for it when known. */
export interface RefundLine {
  refundableId: string;
  passengerId: string;
  /** The name the quote or the booking gives, null when neither does. */
  passengerName: string | null;
  direction: 'outward' | 'inward' | 'return';
  /** Null when the quote does not price each ticket (the spec's quote need not). */
  amount: RefundMoney | null;
}

/**
 * Who and what a quote refunds (the confirm step names each passenger and direction
 * with its amount). The quote's own per-ticket lines when it has them; else its refundableIds, or the
 * selection it was asked for, looked up in the partial-refund booking (names and directions, no amounts).
 */
export function refundLines(
  quote: RefundQuote,
  booking: PartialRefundBooking | null,
  selection: readonly string[] | null,
): RefundLine[] {
  if (quote.refundables) {
    return quote.refundables
      .filter((r) => r.included)
      .map((r) => ({
        refundableId: r.refundableId,
        passengerId: r.passengerId,
        passengerName: r.passengerName || null,
        direction: r.direction,
        amount: r.refund,
      }));
  }
  const ids = quote.cancellationDetails?.refundableIds ?? selection;
  if (!booking) return [];
  const lines = new Map<string, RefundLine>();
  for (const direction of ['outward', 'inward'] as const) {
    for (const fare of booking[direction]?.fares ?? []) {
      for (const p of fare.farePassengers) {
        if (!p.refundableId || !p.isRefundable || lines.has(p.refundableId)) continue;
        if (ids && !ids.includes(p.refundableId)) continue;
        const name = p.firstName ? `${p.firstName} ${p.lastName ?? ''}`.trim() : null;
        lines.set(p.refundableId, {
          refundableId: p.refundableId,
          passengerId: p.passengerId ?? p.refundableId,
          passengerName: name,
          direction: fare.ticketDirection ?? (booking.sameFare ? 'return' : direction),
          amount: null,
        });
      }
    }
  }
  return [...lines.values()];
}

/**
 * The server's words for a failed call: `detail`, else the first `errors[].message`; true when there
 * are none (spec: the error "stores the message or true").
 */
/** problemMessage of an `xstate.error.actor.*` event (named actions get the machine's event union). */
export const problemMessageOfEvent = (event: object): string | true =>
  problemMessage('error' in event ? event.error : undefined);

export const problemMessage = (error: unknown): string | true => {
  const problem = (error as { problem?: { kind?: string; detail?: string | null; body?: unknown } } | undefined)
    ?.problem;
  if (problem?.kind !== 'http') return true;
  if (problem.detail) return problem.detail;
  const first = (problem.body as { errors?: { message?: unknown }[] } | null)?.errors?.[0]?.message;
  return typeof first === 'string' && first.trim() ? first : true;
};

/**
 * A refused or failed refund call as the refund charts keep it: the server's code, which the screen
 * words from the catalogue (docs/decisions/641-server-words-as-codes.md), and the server's own
 * sentence, shown only for a code the screen does not know. Both null: no answer, or one with
 * neither (the screen's general message).
 */
export interface RefundProblem {
  code: string | null;
  detail: string | null;
}

/** The RefundProblem of a failed call (an `xstate.error.actor.*` event, or a refusal the lost-answer chart passed on). */
export const refundProblemOfEvent = (event: object): RefundProblem => {
  const error = 'error' in event ? event.error : undefined;
  const message = problemMessage(error);
  return { code: codeOf(problemOf(error)), detail: message === true ? null : message };
};
