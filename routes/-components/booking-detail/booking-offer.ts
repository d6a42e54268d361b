import type { LifecycleAction } from '#machines/booking-lifecycle';
import { ticketCancelled } from '#src/documents/ticket-facts';
import { m } from '#src/paraglide/messages.js';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { bookingLifecycle, type BookingLifecycle } from '../booking-lifecycle';
import { isUpcoming } from '../booking-format';
import { bookingDetailFlow } from './booking-detail.flow';
import type { BookingScreenMode } from './booking-screen-mode';

/** Refunds when plans change are asked for up to 28 days after the ticket stops being valid (docs/product/domain.md). */
export const REFUND_ASK_WINDOW_MS = 28 * 24 * 60 * 60 * 1000;

/**
 * Whether a booking without the refund summary (an API with the spec's fields only) may still be
 * refunded, so that "Cancel and refund" is offered and the quote decides (decision 872): any season
 * ticket (its end date is not among the spec's fields, and a season is refunded while it runs), and a
 * journey until 28 days after its last leg's date.
 */
export const refundMayApply = (
  booking: Pick<Booking, 'isSeasonBooking' | 'outward' | 'inward'>,
  now = Date.now(),
): boolean =>
  booking.isSeasonBooking || new Date((booking.inward ?? booking.outward).date).getTime() + REFUND_ASK_WINDOW_MS > now;

/**
 * The changeability answer's reasons that say there is nothing left to refund here: every ticket
 * refunded or being refunded (REFUNDED), or the booking exchanged for a new journey
 * (CHANGE_IN_PROGRESS). The booking's journey section already says which (decision 872).
 */
const NOTHING_TO_REFUND = new Set(['REFUNDED', 'CHANGE_IN_PROGRESS']);

/** What the loaded booking offers, as its lifecycle (decision 320), the screen's mode and the feature flags allow. */
export interface BookingOffer {
  /** A signed-in customer's look at a guest order (guestView), or an account's booking found with Find a booking: nothing can be done here. */
  readOnly: boolean;
  /** An account's booking found with Find a booking: its customer manages it signed in. */
  signInToManage: boolean;
  lifecycle: BookingLifecycle;
  may: (action: LifecycleAction['type']) => boolean;
  upcoming: boolean;
  /** Some passenger's name may be changed (before the lifecycle's say). */
  renamable: boolean;
  claimedInsurance: boolean;
  /** Passenger assistance screens are for the account's own bookings (behind their flag). */
  assistanceOn: boolean;
  refundOffered: boolean;
  /** The labels of the actions the lifecycle withdrew from this booking, for its note. */
  withdrawn: string[];
  /** The issued ticket (decision 350), unless the booking was refunded, replaced or its tickets cancelled. */
  ticket: NonNullable<Booking['delivery']>['issuedTicket'];
  /** The reference of a ticket issued and then withdrawn (decision 570): shown as withdrawn, with no code. */
  withdrawnTicket: string | null;
}

export function useBookingOffer(
  booking: Booking,
  detail: BookingDetailResponse,
  mode: BookingScreenMode,
): BookingOffer {
  const { locale, pageData } = useServices();
  const signInToManage = detail.manage === 'sign-in';
  const readOnly = mode === 'guestView' || signInToManage;
  const delivery = booking.delivery;
  const assistanceOn =
    mode === 'account' && pageData.features['enable-passenger-assistance'] && !booking.isSeasonBooking;
  // The booking's lifecycle (decision 320): only the actions its state allows are offered, and the
  // withdrawn ones are named under the state's sentence ("Refunded on 27 Nov: tickets cancelled").
  const lifecycle = bookingLifecycle(booking, detail.order, locale.tag);
  const issued = delivery?.issuedTicket ?? null;
  const ticketWithdrawn =
    issued !== null &&
    (Boolean(issued.withdrawn) || ticketCancelled(booking, detail.order) || lifecycle.ticketsCancelled);
  const ticket = issued && !ticketWithdrawn ? issued : null;
  const may = lifecycle.allowed;
  const upcoming = isUpcoming(booking);
  const renamable = booking.passengers.some((p) => p.alterable) && !readOnly;
  const claimedInsurance = (booking.insurance ?? []).some((p) => p.claim !== null);
  const onDemandOffered =
    delivery !== null &&
    pageData.features['on-demand-tickets'] &&
    (delivery.method === 'mobile' || delivery.method === 'print-at-home');
  // "Cancel and refund" without the refund summary (an API with the spec's fields only): offered while a
  // refund may apply, unless the changeability answer says the tickets are refunded or exchanged; the
  // quote decides the rest.
  const settledElsewhere = bookingDetailFlow.useSelector((s) => {
    const reason = s.context.changeability?.reason;
    return !booking.refund && !!reason && NOTHING_TO_REFUND.has(reason);
  });
  const refundOffered =
    !readOnly &&
    (booking.refund ? booking.refund.quotable : refundMayApply(booking) && !settledElsewhere) &&
    may('refund.full');
  const withdrawn = [
    // A change-of-journey source keeps its entry, which checks the change's status instead of quoting (docs/product/states.md).
    !readOnly &&
      booking.tickets.length > 0 &&
      !may('refund.full') &&
      booking.refund?.changeOfJourneySource !== true &&
      m.refund_entry_cancel_and_refund(),
    onDemandOffered && !readOnly && !may('ticket.issue') && m.booking_actions_on_demand_ticket_get_ticket_now(),
    upcoming && !readOnly && !booking.checkedIn && !may('checkIn.open') && m.booking_actions_check_in(),
    renamable && !may('passenger.rename') && m.booking_detail_screen_change_name(),
    (booking.insurance ?? []).length > 0 &&
      !claimedInsurance &&
      !readOnly &&
      !may('insurance.claim') &&
      m.insurance_claim_section_claim_on_your_insurance(),
    booking.delayRepay?.status === 'eligible' &&
      !may('delayRepay.claim') &&
      m.booking_detail_screen_claim_delay_repay(),
    assistanceOn && upcoming && !may('assistance.book') && m.common_passenger_assistance(),
    delivery !== null && !readOnly && !may('email.resend') && m.booking_actions_resend_booking_email(),
  ].filter((label) => label !== false);
  const withdrawnTicket = issued && ticketWithdrawn ? issued.reference : null;
  return {
    readOnly,
    signInToManage,
    lifecycle,
    may,
    upcoming,
    renamable,
    claimedInsurance,
    assistanceOn,
    refundOffered,
    withdrawn,
    ticket,
    withdrawnTicket,
  };
}
