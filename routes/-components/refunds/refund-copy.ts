import type { IneligibilityReason, RefundItemStatus, RefundReason, ReturnMode } from '#src/schemas/refunds';
import { m } from '#src/paraglide/messages.js';

/**
 * Refund copy the spec does not give (docs/decisions/081-refund-flows.md): every ineligibility
 * reason in plain English with the next step, the refund reasons, return modes and item groups.
 */
export const ineligibilityCopy: Record<IneligibilityReason, { title: string; explanation: string; next: string }> = {
  AMOUNT_TOO_LOW: {
    title: m.refund_copy_the_refund_would_be_less(),
    explanation: m.refund_copy_explanation(),
    next: m.refund_copy_next(),
  },
  TERMS_AND_CONDITIONS: {
    title: m.refund_copy_the_tickets_terms_dont_allow(),
    explanation:
      m.refund_copy_explanation_2(),
    next: m.refund_copy_next_2(),
  },
  ENTANGLEMENT: {
    title: m.refund_copy_this_ticket_is_linked_to(),
    explanation: m.refund_copy_explanation_3(),
    next: m.refund_copy_next_3(),
  },
  TRANSFORM_ERROR: {
    title: m.refund_copy_we_couldnt_work_out_this(),
    explanation: m.refund_copy_explanation_4(),
    next: m.refund_copy_next_4(),
  },
  IN_PROGRESS: {
    title: m.refund_copy_a_refund_is_already_in(),
    explanation: m.refund_copy_explanation_5(),
    next: m.refund_copy_next_5(),
  },
  EXPIRED: {
    title: m.refund_copy_too_late_to_refund(),
    explanation: m.refund_copy_explanation_6(),
    next: m.refund_copy_next_6(),
  },
  NOT_ISSUED: {
    title: m.refund_copy_the_tickets_havent_been_issued(),
    explanation: m.refund_copy_explanation_7(),
    next: m.refund_copy_next_7(),
  },
  FAILED: {
    title: m.refund_copy_this_booking_did_not_complete(),
    explanation: m.refund_copy_explanation_8(),
    next: m.refund_copy_next_8(),
  },
  EXTERNAL: {
    title: m.refund_copy_this_ticket_was_sold_by(),
    explanation: m.refund_copy_explanation_9(),
    next: m.refund_copy_next_9(),
  },
  ASYMMETRIC: {
    title: m.refund_copy_only_the_whole_journey_can(),
    explanation: m.refund_copy_explanation_10(),
    next: m.refund_copy_next_10(),
  },
  PAYMENT_REFUND_NOT_SUPPORTED: {
    title: m.refund_copy_we_cant_refund_this_payment(),
    explanation: m.refund_copy_explanation_11(),
    next: m.refund_copy_next_11(),
  },
  NEGATIVE: {
    title: m.refund_copy_no_money_is_due_back(),
    explanation: m.refund_copy_explanation_12(),
    next: m.refund_copy_next_12(),
  },
  TRACS: {
    title: m.refund_copy_our_refund_system_cant_handle(),
    explanation: m.refund_copy_explanation_13(),
    next: m.refund_copy_next_13(),
  },
  SMARTCARD_NOT_COLLECTED: {
    title: m.refund_copy_the_ticket_hasnt_been_loaded(),
    explanation: m.refund_copy_explanation_14(),
    next: m.refund_copy_next_14(),
  },
  SMARTCARD_INACTIVE: {
    title: m.refund_copy_your_smartcard_is_not_active(),
    explanation: m.refund_copy_explanation_15(),
    next: m.refund_copy_next_15(),
  },
};

export const refundReasonLabels: Record<RefundReason, string> = {
  CHANGED_PLANS: m.refund_copy_changed_plans(),
  CHANGED_PLANS_TICKETS_NOT_USED: m.refund_copy_changed_plans_tickets_not_used(),
  DISRUPTION_UPCOMING: m.refund_copy_disruption_upcoming(),
  DISRUPTION_SERVICE_CANCELLATION: m.refund_copy_disruption_service_cancellation(),
  DISRUPTION_TRAIN_DELAYED: m.refund_copy_disruption_train_delayed(),
  BOOKING_ERROR: m.refund_copy_booking_error(),
};

export const returnModeCopy: Record<ReturnMode, { title: string; needsAction: boolean }> = {
  post: { title: m.refund_copy_post_your_paper_tickets_back(), needsAction: true },
  'collect-post': { title: m.refund_copy_post_the_tickets_you_collected(), needsAction: true },
  'delete-from-device': { title: m.refund_copy_delete_the_tickets_from_your(), needsAction: true },
  automatic: { title: m.refund_copy_you_dont_need_to_send(), needsAction: false },
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

export const directionNames = { outward: m.common_outward(), inward: m.common_return(), return: m.refund_copy_return() } as const;
