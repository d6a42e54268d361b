/**
 * The words for the outcomes machines/refund-quote.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Copy the spec does not give (docs/decisions/081-refund-flows.md). */
export const refundQuoteMessages = {
  pending: m.refund_quote_pending(),
  error: m.refund_quote_error(),
  notRefundable: m.refund_quote_not_refundable(),
  inProgress: m.refund_quote_in_progress(),
  fraud:
    m.refund_quote_fraud(),
  changeOfJourneyChecking: m.refund_quote_change_of_journey_checking(),
  changeOfJourney:
    m.refund_quote_change_of_journey(),
  changeOfJourneyError: m.refund_quote_change_of_journey_error(),
} as const;
