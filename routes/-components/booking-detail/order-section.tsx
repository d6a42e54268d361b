import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useConnection, useServices } from '#src/services';
import { bookingTitle, deliveryLabels, ukDate, ukDateTime } from '../booking-format';
import * as styles from './booking-detail.css';
import type { BookingScreenMode } from './booking-screen-mode';
import { VatReceipt } from './vat-receipt';
import { bookingPath } from '../booking-links';

/** "Delivery and order": how the tickets come, the order's references, its history, the VAT receipt and the order's other journeys. */
export function OrderSection({
  booking,
  detail,
  mode,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
}) {
  const { locale } = useServices();
  const { offline } = useConnection();
  const delivery = booking.delivery;
  return (
    <section className={styles.section} aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className={styles.sectionTitle}>
        {m.booking_detail_screen_delivery_and_order()}
      </h2>
      <dl className={styles.facts}>
        {/* Delivery is not in every API's answer (decision 230): without it, no delivery rows. */}
        {delivery && (
          <>
            <dt>{m.booking_detail_screen_delivery()}</dt>
            <dd>
              {deliveryLabels[delivery.method]}
              {delivery.method === 'mobile' && delivery.activated ? ` ${m.booking_detail_screen_activated()}` : ''}
            </dd>
            {delivery.collectionReference && (
              <>
                <dt>{m.booking_detail_screen_collection_reference()}</dt>
                <dd>{delivery.collectionReference}</dd>
              </>
            )}
            {/* An issued ticket has its own section above ("Your ticket"). */}
          </>
        )}
        <dt>{m.booking_detail_screen_order_reference()}</dt>
        <dd>{detail.order.friendlyOrderId}</dd>
        {detail.order.createdAt && (
          <>
            <dt>{m.booking_detail_screen_ordered_on()}</dt>
            <dd>{ukDateTime(detail.order.createdAt, locale.tag)}</dd>
          </>
        )}
        {detail.order.email && (
          <>
            <dt>{m.booking_detail_screen_confirmation_sent_to()}</dt>
            <dd>{detail.order.email}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to={bookingPath(mode === 'orderToken', 'history')} params={{ bookingId: booking.id }}>
          {m.booking_detail_screen_view_booking_history()}
        </Link>
      </p>
      {/* Offline, the kept booking has no refunds or fees (decision 250): no receipt from it. */}
      {!offline && (booking.tickets.length > 0 || booking.fees.length > 0) && <VatReceipt detail={detail} />}
      <OtherJourneys booking={booking} detail={detail} mode={mode} />
    </section>
  );
}

/** The order's other journeys, each a link to its own detail. */
function OtherJourneys({
  booking,
  detail,
  mode,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
}) {
  const { locale } = useServices();
  const others = detail.bookings.filter((b) => b.id !== booking.id);
  if (others.length === 0) return null;
  return (
    <>
      <h3 className={styles.legHeading}>{m.booking_detail_screen_other_journeys_in_this_order()}</h3>
      <ul>
        {others.map((b) => (
          <li key={b.id}>
            {mode === 'orderToken' ? (
              <Link to="/order-token/$bookingId" params={{ bookingId: b.id }}>
                {bookingTitle(b, locale.tag)}, {ukDate(b.outward.date, locale.tag)}
              </Link>
            ) : (
              <Link
                to={mode === 'guestView' ? '/bookings/$bookingId/guest' : '/bookings/$bookingId'}
                params={{ bookingId: b.id }}
              >
                {bookingTitle(b, locale.tag)}, {ukDate(b.outward.date, locale.tag)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
