/**
 * The words for the outcomes machines/partial-refund.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const partialRefundMessages = {
  get assistanceWarning() {
    return m.partial_refund_assistance_warning();
  },
  get assistancesFailed() {
    return m.partial_refund_assistances_failed();
  },
  get nothingSelected() {
    return m.partial_refund_nothing_selected();
  },
} as const;
