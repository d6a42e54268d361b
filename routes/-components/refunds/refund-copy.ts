import type { IneligibilityReason, RefundItemStatus, RefundReason, ReturnMode } from '#src/schemas/refunds';

/**
 * Refund copy the spec does not give (docs/decisions/081-refund-flows.md): every ineligibility
 * reason in plain English with the next step, the refund reasons, return modes and item groups.
 */
export const ineligibilityCopy: Record<IneligibilityReason, { title: string; explanation: string; next: string }> = {
  AMOUNT_TOO_LOW: {
    title: 'The refund would be less than the admin fee',
    explanation: 'After the admin fee of up to £10 per ticket there would be nothing left to refund.',
    next: 'If your train was cancelled, delayed or disrupted, choose a disruption reason: there is no admin fee then.',
  },
  TERMS_AND_CONDITIONS: {
    title: "The ticket's terms don't allow a refund",
    explanation:
      'Advance tickets, tickets already used, and activated mobile tickets cannot be refunded if your plans change.',
    next: 'You can still get a full refund if your train was cancelled, delayed or disrupted: choose that reason. For a delayed journey you may also claim Delay Repay.',
  },
  ENTANGLEMENT: {
    title: 'This ticket is linked to another booking',
    explanation: 'Part of this journey was bought together with another booking, so it cannot be refunded on its own here.',
    next: 'Contact our customer service team and we will refund the linked bookings together.',
  },
  TRANSFORM_ERROR: {
    title: "We couldn't work out this refund",
    explanation: 'Something in this booking stops us calculating a refund online.',
    next: 'Please try again later. If it keeps happening, contact our customer service team.',
  },
  IN_PROGRESS: {
    title: 'A refund is already in progress',
    explanation: 'We are already refunding these tickets.',
    next: 'You do not need to do anything. We will email you when the refund is complete; you can follow it on your booking.',
  },
  EXPIRED: {
    title: 'Too late to refund',
    explanation: 'Refunds must be asked for within 28 days after the ticket stops being valid.',
    next: 'If something went wrong with your journey, contact the train company that ran it.',
  },
  NOT_ISSUED: {
    title: "The tickets haven't been issued yet",
    explanation: 'We can only refund tickets once they have been issued.',
    next: 'Please try again in a few minutes. If the problem continues, contact our customer service team.',
  },
  FAILED: {
    title: 'This booking did not complete',
    explanation: 'The booking failed, so there is nothing to refund here. If you were charged, the money is returned automatically.',
    next: 'If the payment has not come back within 5 working days, contact our customer service team.',
  },
  EXTERNAL: {
    title: 'This ticket was sold by someone else',
    explanation: 'Part of this booking was sold by another retailer or train company, and only they can refund it.',
    next: 'Contact the company named on the ticket to ask for a refund.',
  },
  ASYMMETRIC: {
    title: 'Only the whole journey can be refunded',
    explanation: 'These tickets must be refunded together: you cannot refund one direction or one passenger on its own.',
    next: 'Choose all passengers and both directions, or contact our customer service team.',
  },
  PAYMENT_REFUND_NOT_SUPPORTED: {
    title: "We can't refund this payment method online",
    explanation: 'The way this booking was paid for (for example a voucher or a business account) cannot be refunded here.',
    next: 'Contact our customer service team and they will arrange the refund another way.',
  },
  NEGATIVE: {
    title: 'No money is due back',
    explanation: 'After fees and what you have used, the refund would be zero or less.',
    next: 'If your journey was disrupted, choose a disruption reason: there is no admin fee then.',
  },
  TRACS: {
    title: "Our refund system can't handle this ticket online",
    explanation: 'This kind of ticket has to be refunded by our customer service team.',
    next: 'Contact our customer service team with your order reference.',
  },
  SMARTCARD_NOT_COLLECTED: {
    title: "The ticket hasn't been loaded onto your smartcard",
    explanation: 'Tickets on a smartcard can be refunded once they have been collected onto the card at a gate or validator.',
    next: 'Touch your smartcard on a reader at the station to collect the ticket, then try again.',
  },
  SMARTCARD_INACTIVE: {
    title: 'Your smartcard is not active',
    explanation: 'The smartcard this ticket is on has been blocked, lost or has expired.',
    next: 'Replace or reactivate the card under Smartcards in your account, or contact the card issuer, then try again.',
  },
};

export const refundReasonLabels: Record<RefundReason, string> = {
  CHANGED_PLANS: 'My plans changed',
  CHANGED_PLANS_TICKETS_NOT_USED: "My plans changed and I didn't use the tickets",
  DISRUPTION_UPCOMING: 'Disruption: upcoming disruption to my journey',
  DISRUPTION_SERVICE_CANCELLATION: 'Disruption: my train was cancelled',
  DISRUPTION_TRAIN_DELAYED: 'Disruption: my train was delayed',
  BOOKING_ERROR: 'I made a mistake when booking',
};

export const returnModeCopy: Record<ReturnMode, { title: string; needsAction: boolean }> = {
  post: { title: 'Post your paper tickets back to us', needsAction: true },
  'collect-post': { title: 'Post the tickets you collected back to us', needsAction: true },
  'delete-from-device': { title: 'Delete the tickets from your phone', needsAction: true },
  automatic: { title: "You don't need to send anything back", needsAction: false },
  'already-voided': { title: 'These tickets have already been cancelled', needsAction: false },
  unknown: { title: "We'll email you if you need to send anything back", needsAction: false },
};

export const itemGroupCopy = {
  error: { title: 'Problem', statuses: ['failed', 'rejected'] },
  inProgress: { title: 'In progress', statuses: ['blocked', 'voiding', 'pending'] },
  done: { title: 'Done', statuses: ['voided', 'refunded'] },
} as const satisfies Record<string, { title: string; statuses: readonly RefundItemStatus[] }>;

export const itemStatusLabels: Record<RefundItemStatus, string> = {
  failed: 'Refund failed',
  rejected: 'Refund rejected',
  blocked: 'Waiting for your tickets',
  voiding: 'Cancelling the tickets',
  pending: 'Refund pending',
  voided: 'Tickets cancelled',
  refunded: 'Refunded',
};

export const directionNames = { outward: 'Outward', inward: 'Return', return: 'Return ticket (both ways)' } as const;
