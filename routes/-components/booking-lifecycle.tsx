import type { ReactNode } from 'react';
import {
  lifecycleSnapshot,
  lifecycleState,
  verdictIn,
  type LifecycleAction,
  type LifecycleState,
} from '#machines/booking-lifecycle';
import {
  cancelsTickets,
  lifecycleFacts,
  type LifecycleBookingView,
  type LifecycleOrderView,
} from '#machines/lib/booking-lifecycle-facts';
import { m } from '#src/paraglide/messages.js';
import { Alert } from '#src/ui/alert';
import { ukDate } from './booking-format';

/**
 * A booking's lifecycle as the screens use it (docs/decisions/320-one-booking-lifecycle.md): the
 * state the chart resolves from the booking answer, whether each action is offered (the chart's
 * `can`), and the sentence that says why the withdrawn ones are. The server asks the same chart.
 */
export interface BookingLifecycle {
  state: LifecycleState;
  allowed: (action: LifecycleAction['type']) => boolean;
  /** Its tickets no longer stand (refunded, exchanged, paid by insurance): no barcode, no ticket. */
  ticketsCancelled: boolean;
  /** Why actions are withdrawn, in a sentence (null while the booking offers what it always did). */
  sentence: string | null;
}

export function bookingLifecycle(
  booking: LifecycleBookingView,
  order: LifecycleOrderView,
  localeTag: string,
  now = new Date(),
): BookingLifecycle {
  const { facts, since } = lifecycleFacts(booking, order, now);
  const state = lifecycleState(facts);
  const date = since ? ukDate(since, localeTag) : '';
  const sentences: Partial<Record<LifecycleState, string>> = {
    refunded: m.booking_detail_screen_lifecycle_refunded({ date }),
    refundInProgress: m.booking_detail_screen_lifecycle_refund_in_progress({ date }),
    partRefunded: m.booking_detail_screen_lifecycle_part_refunded({ date }),
    changed: m.booking_detail_screen_lifecycle_changed(),
    insuranceClaimed: m.booking_detail_screen_lifecycle_insurance_claimed({ date }),
    delayRepayClaimed: m.booking_detail_screen_lifecycle_delay_repay_claimed(),
    expired: m.booking_detail_screen_lifecycle_expired(),
  };
  // The chart's snapshot is made once, on the first question, and each action's answer kept: a
  // booking's screen asks about a dozen actions on every render, and a snapshot per question (an
  // actor started each time) was a sixth of the booking detail's main-thread work on a slow phone.
  let snapshot: ReturnType<typeof lifecycleSnapshot> | undefined;
  const verdicts = new Map<LifecycleAction['type'], boolean>();
  const allowed = (action: LifecycleAction['type']): boolean => {
    let verdict = verdicts.get(action);
    if (verdict === undefined) {
      snapshot ??= lifecycleSnapshot(facts);
      verdict = verdictIn(snapshot, action).allowed;
      verdicts.set(action, verdict);
    }
    return verdict;
  };
  return {
    state,
    allowed,
    ticketsCancelled: cancelsTickets(facts),
    sentence: sentences[state] ?? null,
  };
}

/** The lifecycle's sentence, the actions it withdrew from this booking, and a link onwards (the new booking). */
export function LifecycleNote({
  lifecycle,
  withdrawn,
  next,
}: {
  lifecycle: BookingLifecycle;
  withdrawn: readonly string[];
  next?: ReactNode;
}) {
  if (!lifecycle.sentence) return null;
  return (
    <Alert tone="info" title={lifecycle.sentence}>
      {withdrawn.length > 0 && (
        <>
          <p>{m.booking_detail_screen_lifecycle_not_available()}</p>
          <ul>
            {withdrawn.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </>
      )}
      {next && <p>{next}</p>}
    </Alert>
  );
}
