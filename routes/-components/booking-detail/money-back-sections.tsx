import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useConnection } from '#src/services';
import { passengerName } from '../booking-format';
import { delayRepaySummaries } from '../delay-repay/delay-repay-copy';
import { InsuranceSection } from '../insurance/insurance-claim-section';
import { NeedsConnection } from '../needs-connection';
import { RefundEntry } from '../refunds/refund-quote';
import { RefundStatus } from '../refunds/refund-status';
import * as styles from './booking-detail.css';
import type { BookingScreenMode } from './booking-screen-mode';
import type { BookingOffer } from './booking-offer';

/**
 * The ways money comes back on a booking, each a section of its own: Delay Repay (a late train
 * travelled), flexible insurance and the refund. The lifecycle (decision 320) decides which are offered.
 */
export function MoneyBackSections({
  booking,
  detail,
  mode,
  offer,
  onReload,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  offer: BookingOffer;
  /** Fetches the booking again (after an insurance claim). */
  onReload: () => void;
}) {
  const { readOnly, may, claimedInsurance, refundOffered } = offer;
  return (
    <>
      {booking.delayRepay && mode === 'account' && <DelayRepaySection delayRepay={booking.delayRepay} offer={offer} />}

      {!readOnly &&
        booking.insurance &&
        booking.insurance.length > 0 &&
        (claimedInsurance || may('insurance.claim')) && (
          <section className={styles.section} aria-labelledby="insurance-heading">
            <h2 id="insurance-heading" className={styles.sectionTitle}>
              {m.booking_detail_screen_flexible_insurance()}
            </h2>
            <InsuranceSection orderId={detail.order.id} products={booking.insurance} onClaimed={onReload} />
          </section>
        )}

      {((booking.refund && (booking.refund.refunds.length > 0 || booking.refund.changeOfJourneySource)) ||
        refundOffered) && <RefundSection booking={booking} detail={detail} mode={mode} offer={offer} />}
    </>
  );
}

/** The journey's Delay Repay claim: its status, and the claim (or why it cannot be made now). */
function DelayRepaySection({
  delayRepay,
  offer,
}: {
  delayRepay: NonNullable<Booking['delayRepay']>;
  offer: BookingOffer;
}) {
  // Offline (decision 251): what needs the server stays visible, disabled, with the reason.
  const { offline } = useConnection();
  return (
    <section className={styles.section} aria-labelledby="delay-repay-heading">
      <h2 id="delay-repay-heading" className={styles.sectionTitle}>
        {m.booking_detail_screen_delay_repay()}
      </h2>
      <p>
        {m.booking_detail_screen_this_train_arrived_late()} {delayRepaySummaries[delayRepay.status]}
      </p>
      {offline ? (
        <NeedsConnection id="delay-repay-offline" />
      ) : (
        <p>
          {delayRepay.status !== 'eligible' ? (
            <Link to="/bookings/claim/$claimId" params={{ claimId: delayRepay.claimId }}>
              {m.booking_detail_screen_view_your_delay_repay_claim()}
            </Link>
          ) : offer.may('delayRepay.claim') ? (
            <Link to="/bookings/claim/$claimId" params={{ claimId: delayRepay.claimId }}>
              {m.booking_detail_screen_claim_delay_repay()}
            </Link>
          ) : (
            offer.lifecycle.sentence
          )}
        </p>
      )}
    </section>
  );
}

/** "Refund": the refunds made so far, and Cancel and refund (or the change of journey's status). */
function RefundSection({
  booking,
  detail,
  mode,
  offer,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  offer: BookingOffer;
}) {
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  return (
    <section className={styles.section} aria-labelledby="refund-heading">
      <h2 id="refund-heading" className={styles.sectionTitle}>
        {m.refund_screen_refund_heading()}
      </h2>
      {booking.refund && <RefundStatus summary={booking.refund} names={names} />}
      {!offer.readOnly && (offer.refundOffered || booking.refund?.changeOfJourneySource === true) && (
        <RefundEntry
          orderId={detail.order.id}
          bookingId={booking.id}
          from="detail"
          guest={mode === 'orderToken'}
          changeOfJourneySource={booking.refund?.changeOfJourneySource ?? false}
        />
      )}
    </section>
  );
}
