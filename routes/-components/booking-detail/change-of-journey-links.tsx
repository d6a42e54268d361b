import { Link, useRouterState } from '@tanstack/react-router';
import { Alert } from '#src/ui/alert';
import { m } from '#src/paraglide/messages.js';
import type { Booking } from '#src/schemas/booking';
import type { BookingLifecycle } from '../booking-lifecycle';
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
 * "Journey changed" on the booking a change of journey issued (decision 600): it replaces booking X,
 * with a link to the trail of both (this booking's history lists the one it replaced first). Which
 * booking it replaces is a local-server extra (`refund.changeOfJourneyFrom`); an API without it shows
 * the banner only right after the customer's own change (the change screen says so when it opens
 * this page), without the reference.
 */
export function JourneyChangedBanner({ booking, mode }: { booking: Booking; mode: BookingScreenMode }) {
  const justChanged = useRouterState({
    select: (s) => (s.location.state as { journeyChanged?: unknown }).journeyChanged === true,
  });
  const changedFrom = booking.refund?.changeOfJourneyFrom ?? null;
  if (!changedFrom && !justChanged) return null;
  // A signed-in customer's look at a guest order (read-only) has no history page of its own.
  const trail =
    mode === 'guestView' ? null : (
      <p>
        <Link to={bookingPath(mode === 'orderToken', 'history')} params={{ bookingId: booking.id }}>
          {m.booking_detail_journey_changed_trail()}
        </Link>
      </p>
    );
  return (
    <Alert tone="info" title={m.booking_detail_journey_changed_title()}>
      <p>
        {changedFrom
          ? m.booking_detail_journey_changed_replaces({ reference: changedFrom.friendlyOrderId })
          : m.booking_detail_journey_changed_new()}
      </p>
      {trail}
    </Alert>
  );
}
