import type { ReactNode } from 'react';
import type { RefundRequestContext, RefundRequestEvent } from '#machines/refund-request';
import type { RefundMoney } from '#src/schemas/refunds';

/**
 * What each view of the refund page gets from the screen (refund-screen.tsx picks the view for the
 * state of refundRequestMachine). The views are render functions, not components: a re-quote that
 * moves between the review, ineligible and unavailable views keeps the reason picker, keyed
 * "picker", in its place, so it keeps focus.
 */
export interface RefundView {
  context: RefundRequestContext;
  send: (event: RefundRequestEvent) => void;
  bookingId: string;
  /** Passenger names by id, from the quote and the partial refund booking. */
  names: ReadonlyMap<string, string>;
  /** Back to the booking or its history, whichever opened the refund. */
  back: ReactNode;
  /** A new reason is being quoted: the last quote stays on screen, busy. */
  requoting: boolean;
  /** The busy note while re-quoting, null otherwise. */
  busyNote: ReactNode;
  /** The reason picker under a legend. */
  reasonPicker: (legend: string) => ReactNode;
  /** An amount in the page's currency when the amount names none. */
  money: (amount: RefundMoney) => string;
}
