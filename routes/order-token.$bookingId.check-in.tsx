import { createFileRoute } from '@tanstack/react-router';
import { CheckInScreen } from './-components/booking-actions/check-in-screen';

/** Check in as a guest: the order token from the link goes with the call (docs/decisions/030-booking-actions.md). */
export const Route = createFileRoute('/order-token/$bookingId/check-in')({
  component: GuestCheckIn,
});

function GuestCheckIn() {
  const { bookingId } = Route.useParams();
  return <CheckInScreen key={bookingId} bookingId={bookingId} guest />;
}
