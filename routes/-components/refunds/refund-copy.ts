import { disruptionMayRefund, type RefundProblem } from '#machines/lib/refund-rules';
import type {
  IneligibilityReason,
  RefundItemStatus,
  RefundQuote,
  RefundReason,
  ReturnMode,
} from '#src/schemas/refunds';
import { lifecycleRefusalWords } from '../server-words';
import { m } from '#src/paraglide/messages.js';

/**
 * Refund copy the spec does not give (docs/decisions/081-refund-flows.md): every ineligibility
 * reason in plain English with the next step, the refund reasons, return modes and item groups.
 */
export const ineligibilityCopy: Record<IneligibilityReason, { title: string; explanation: string; next: string }> = {
  AMOUNT_TOO_LOW: {
    title: m.refund_copy_amount_too_low_title(),
    explanation: m.refund_copy_amount_too_low_explanation(),
    next: m.refund_copy_amount_too_low_next(),
  },
  TERMS_AND_CONDITIONS: {
    title: m.refund_copy_terms_and_conditions_title(),
    explanation: m.refund_copy_terms_and_conditions_explanation(),
    next: m.refund_copy_terms_and_conditions_next(),
  },
  ENTANGLEMENT: {
    title: m.refund_copy_entanglement_title(),
    explanation: m.refund_copy_entanglement_explanation(),
    next: m.refund_copy_entanglement_next(),
  },
  TRANSFORM_ERROR: {
    title: m.refund_copy_transform_error_title(),
    explanation: m.refund_copy_transform_error_explanation(),
    next: m.refund_copy_transform_error_next(),
  },
  IN_PROGRESS: {
    title: m.refund_copy_in_progress_title(),
    explanation: m.refund_copy_in_progress_explanation(),
    next: m.refund_copy_in_progress_next(),
  },
  EXPIRED: {
    title: m.refund_copy_expired_title(),
    explanation: m.refund_copy_expired_explanation(),
    next: m.refund_copy_expired_next(),
  },
  NOT_ISSUED: {
    title: m.refund_copy_not_issued_title(),
    explanation: m.refund_copy_not_issued_explanation(),
    next: m.refund_copy_not_issued_next(),
  },
  FAILED: {
    title: m.refund_copy_failed_title(),
    explanation: m.refund_copy_failed_explanation(),
    next: m.refund_copy_failed_next(),
  },
  EXTERNAL: {
    title: m.refund_copy_external_title(),
    explanation: m.refund_copy_external_explanation(),
    next: m.refund_copy_external_next(),
  },
  ASYMMETRIC: {
    title: m.refund_copy_asymmetric_title(),
    explanation: m.refund_copy_asymmetric_explanation(),
    next: m.refund_copy_asymmetric_next(),
  },
  PAYMENT_REFUND_NOT_SUPPORTED: {
    title: m.refund_copy_payment_refund_not_supported_title(),
    explanation: m.refund_copy_payment_refund_not_supported_explanation(),
    next: m.refund_copy_payment_refund_not_supported_next(),
  },
  NEGATIVE: {
    title: m.refund_copy_negative_title(),
    explanation: m.refund_copy_negative_explanation(),
    next: m.refund_copy_negative_next(),
  },
  TRACS: {
    title: m.refund_copy_tracs_title(),
    explanation: m.refund_copy_tracs_explanation(),
    next: m.refund_copy_tracs_next(),
  },
  SMARTCARD_NOT_COLLECTED: {
    title: m.refund_copy_smartcard_not_collected_title(),
    explanation: m.refund_copy_smartcard_not_collected_explanation(),
    next: m.refund_copy_smartcard_not_collected_next(),
  },
  SMARTCARD_INACTIVE: {
    title: m.refund_copy_smartcard_inactive_title(),
    explanation: m.refund_copy_smartcard_inactive_explanation(),
    next: m.refund_copy_smartcard_inactive_next(),
  },
  DISRUPTION_NOT_RECORDED: {
    title: m.refund_copy_disruption_not_recorded_title(),
    explanation: m.refund_copy_disruption_not_recorded_explanation(),
    next: m.refund_copy_disruption_not_recorded_next(),
  },
  BOOKING_ERROR_TOO_LATE: {
    title: m.refund_copy_booking_error_too_late_title(),
    explanation: m.refund_copy_booking_error_too_late_explanation(),
    next: m.refund_copy_booking_error_too_late_next(),
  },
  // The trip was paid for another way (one ticket, one payout; docs/decisions/570).
  INSURANCE_CLAIMED: {
    title: m.refund_copy_insurance_claimed_title(),
    explanation: m.refund_copy_insurance_claimed_explanation(),
    next: m.refund_copy_insurance_claimed_next(),
  },
  DELAY_REPAY_CLAIMED: {
    title: m.refund_copy_delay_repay_claimed_title(),
    explanation: m.refund_copy_delay_repay_claimed_explanation(),
    next: m.refund_copy_delay_repay_claimed_next(),
  },
};

/**
 * The reasons whose next step is to contact customer service: the screen shows the portal's contact
 * details with them (src/config/contact.ts), so that step leads somewhere.
 */
export const contactNextSteps: readonly IneligibilityReason[] = [
  'ENTANGLEMENT',
  'TRANSFORM_ERROR',
  'NOT_ISSUED',
  'FAILED',
  'ASYMMETRIC',
  'PAYMENT_REFUND_NOT_SUPPORTED',
  'TRACS',
  'INSURANCE_CLAIMED',
];

/** The reasons whose next step is to choose a disruption reason instead. */
const disruptionNextSteps: readonly IneligibilityReason[] = ['TERMS_AND_CONDITIONS', 'AMOUNT_TOO_LOW'];
const noDisruptionRefundNext = m.refund_copy_no_disruption_refund_next();

/**
 * What the customer can do about a reason the quote gives. "Choose a disruption reason" is said only
 * while one could still refund: the quote's options can show that none would, as for an activated
 * mobile ticket (docs/product/domain.md), and the page must not send the customer to reasons that give nothing.
 */
export const ineligibilityNextStep = (code: IneligibilityReason, quote: RefundQuote): string =>
  disruptionNextSteps.includes(code) && !disruptionMayRefund(quote)
    ? noDisruptionRefundNext
    : ineligibilityCopy[code].next;

export const refundReasonLabels: Record<RefundReason, string> = {
  CHANGED_PLANS: m.refund_copy_changed_plans(),
  CHANGED_PLANS_TICKETS_NOT_USED: m.refund_copy_changed_plans_tickets_not_used(),
  DISRUPTION_UPCOMING: m.refund_copy_disruption_upcoming(),
  DISRUPTION_SERVICE_CANCELLATION: m.refund_copy_disruption_service_cancellation(),
  DISRUPTION_TRAIN_DELAYED: m.refund_copy_disruption_train_delayed(),
  BOOKING_ERROR: m.refund_copy_booking_error(),
};

/** Each way tickets go back: its title and what follows it (the server's `instructions` are English only, so unused). */
export const returnModeCopy: Record<ReturnMode, { title: string; body?: string; needsAction: boolean }> = {
  post: {
    title: m.refund_copy_post_your_paper_tickets_back(),
    body: m.refund_copy_return_post_body(),
    needsAction: true,
  },
  'collect-post': {
    title: m.refund_copy_post_the_tickets_you_collected(),
    body: m.refund_copy_return_collect_post_body(),
    needsAction: true,
  },
  'delete-from-device': {
    title: m.refund_copy_delete_the_tickets_from_your(),
    body: m.refund_copy_return_delete_from_device_body(),
    needsAction: true,
  },
  automatic: {
    title: m.refund_copy_you_dont_need_to_send(),
    body: m.refund_copy_return_automatic_body(),
    needsAction: false,
  },
  'already-voided': { title: m.refund_copy_these_tickets_have_already_been(), needsAction: false },
  unknown: { title: m.refund_copy_well_email_you_if_you(), needsAction: false },
};

export const itemGroupCopy = {
  error: { title: m.refund_copy_problem(), statuses: ['failed', 'rejected'] },
  inProgress: { title: m.refund_copy_in_progress(), statuses: ['blocked', 'voiding', 'pending'] },
  done: { title: m.refund_copy_done(), statuses: ['voided', 'refunded'] },
} as const satisfies Record<string, { title: string; statuses: readonly RefundItemStatus[] }>;

export const itemStatusLabels: Record<RefundItemStatus, string> = {
  failed: m.refund_copy_failed(),
  rejected: m.refund_copy_rejected(),
  blocked: m.refund_copy_blocked(),
  voiding: m.refund_copy_voiding(),
  pending: m.refund_copy_pending(),
  voided: m.refund_copy_voided(),
  refunded: m.common_refunded(),
};

export const directionNames = {
  outward: m.common_outward(),
  inward: m.common_return(),
  return: m.refund_copy_return(),
} as const;

/**
 * A refused or failed quote or request in the page's words, by the server's code
 * (server/api/refund-quote.ts, server/api/refund-request.ts, server/domain/refund-requests.ts;
 * docs/decisions/641-server-words-as-codes.md). A code that says only that the call failed (a
 * malformed request, no access, the server's own error) gets the screen's general message; the
 * server's sentence is shown only for a code this app does not know, or an API that sends none.
 */
const refundProblemWords: Record<string, () => string> = {
  QUOTE_EXPIRED: () => m.refund_copy_problem_quote_expired(),
  QUOTE_USED: () => m.refund_copy_problem_quote_used(),
  CARD_NOT_REQUESTED: () => m.refund_copy_problem_card_not_requested(),
  IN_PROGRESS: () => m.refund_copy_problem_in_progress(),
  ALREADY_REFUNDED: () => m.refund_copy_problem_already_refunded(),
  BOOKING_REPLACED: () => m.refund_copy_problem_booking_replaced(),
  CHANGE_OF_JOURNEY_SOURCE: () => m.refund_copy_problem_exchanged(),
  // The quote's refund reason no longer holds when the request is made (decision 330).
  DISRUPTION_NOT_RECORDED: () =>
    `${ineligibilityCopy.DISRUPTION_NOT_RECORDED.explanation} ${ineligibilityCopy.DISRUPTION_NOT_RECORDED.next}`,
  BOOKING_ERROR_TOO_LATE: () =>
    `${ineligibilityCopy.BOOKING_ERROR_TOO_LATE.explanation} ${ineligibilityCopy.BOOKING_ERROR_TOO_LATE.next}`,
};
/** Codes (and a quote's statuses) that say no more than that the call failed. */
const generalProblems = new Set([
  'VALIDATION',
  'FORBIDDEN',
  'UNAUTHORISED',
  'NOT_FOUND',
  'INTERNAL_ERROR',
  'TRANSFORM_ERROR',
  'REFUNDABLE',
  'PARTIALLY_REFUNDABLE',
  'NON_REFUNDABLE',
]);

export const refundProblemText = (problem: RefundProblem | null, general: string): string => {
  const code = problem?.code ?? null;
  const words = (code && refundProblemWords[code]?.()) ?? lifecycleRefusalWords(code);
  if (words) return words;
  if (code && generalProblems.has(code)) return general;
  return problem?.detail ?? general;
};
