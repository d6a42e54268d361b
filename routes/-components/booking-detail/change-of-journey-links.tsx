import { Link } from '@tanstack/react-router';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';
import type { Booking } from '#src/schemas/booking';
import type { BookingLifecycle } from '../booking-lifecycle';
import * as styles from './booking-detail.css';
import type { BookingScreenMode } from './booking-screen-mode';
import { bookingPath } from '../booking-links';

/** On an exchanged booking's lifecycle note: "Open the new booking" (local-server extra; absent: no link). */
export function newBookingLink(booking: Booking, lifecycle: BookingLifecycle, mode: BookingScreenMode) {
  const newBookingId = booking.refund?.changeOfJourneyNewBookingId ?? null;
  if (lifecycle.state !== 'changed' || !newBookingId) return undefined;
  return (
    <Link to={bookingPath(mode === 'orderToken', 'detail')} params={{ bookingId: newBookingId }}>
      {m.booking_detail_screen_lifecycle_open_new_booking()}
    </Link>
  );
}

/**
 * The booking a change of journey gave links back to the one it was changed from (local-server
 * extra). A guest's token opens its own order only: there the reference is named, not linked.
 */
export function ChangedFromNote({ booking, mode }: { booking: Booking; mode: BookingScreenMode }) {
  const changedFrom = booking.refund?.changeOfJourneyFrom ?? null;
  if (!changedFrom) return null;
  return (
    <p className={styles.note}>
      {rich(m.booking_detail_screen_changed_from_booking, {
        link:
          mode === 'orderToken' ? (
            changedFrom.friendlyOrderId
          ) : (
            <Link to={mode === 'guestView' ? '/bookings/$bookingId/guest' : '/bookings/$bookingId'} params={{ bookingId: changedFrom.bookingId }}>
              {changedFrom.friendlyOrderId}
            </Link>
          ),
      })}
    </p>
  );
}
