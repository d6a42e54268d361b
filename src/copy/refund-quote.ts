/**
 * The words for the outcomes machines/refund-quote.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Copy the spec does not give (docs/decisions/081-refund-flows.md). */
export const refundQuoteMessages = {
  get pending() {
    return m.refund_quote_pending();
  },
  get error() {
    return m.refund_quote_error();
  },
  get notRefundable() {
    return m.refund_quote_not_refundable();
  },
  get inProgress() {
    return m.refund_quote_in_progress();
  },
  get fraud() {
    return m.refund_quote_fraud();
  },
  get changeOfJourneyChecking() {
    return m.refund_quote_change_of_journey_checking();
  },
  get changeOfJourney() {
    return m.refund_quote_change_of_journey();
  },
  get changeOfJourneyError() {
    return m.refund_quote_change_of_journey_error();
  },
} as const;
