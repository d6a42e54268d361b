import { disruptionReasons, type RefundQuote, type UnprocessableReason } from '#src/schemas/refunds';

/**
 * Pure refund rules shared by the refund machines (refund-quote, refund-request, refund-card-form,
 * partial-refund) and the refund screens: spec section 4 "Refund". Machines do not import each
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
 * and no disruption reason is eligible, as for an activated mobile ticket (DOMAIN.md).
 */
export const disruptionMayRefund = (q: RefundQuote): boolean => {
  const disruption = (q.refundReasonOptions ?? []).filter((o) => disruptionReasons.includes(o.code));
  return disruption.length === 0 || disruption.some((o) => o.eligible);
};

/**
 * The server's words for a failed call: `detail`, else the first `errors[].message`; true when there
 * are none (spec: the error "stores the message or true").
 */
/** problemMessage of an `xstate.error.actor.*` event (named actions get the machine's event union). */
export const problemMessageOfEvent = (event: object): string | true => problemMessage('error' in event ? event.error : undefined);

export const problemMessage = (error: unknown): string | true => {
  const problem = (error as { problem?: { kind?: string; detail?: string | null; body?: unknown } } | undefined)?.problem;
  if (problem?.kind !== 'http') return true;
  if (problem.detail) return problem.detail;
  const first = (problem.body as { errors?: { message?: unknown }[] } | null)?.errors?.[0]?.message;
  return typeof first === 'string' && first.trim() ? first : true;
};

