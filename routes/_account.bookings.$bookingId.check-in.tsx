import { createFileRoute } from '@tanstack/react-router';
import { CheckInScreen } from './-components/booking-actions/check-in-screen';

/** Check in for a booking of the signed-in customer (docs/decisions/030-booking-actions.md). */
export const Route = createFileRoute('/_account/bookings/$bookingId/check-in')({
  component: AccountCheckIn,
});

function AccountCheckIn() {
  const { bookingId } = Route.useParams();
  return <CheckInScreen key={bookingId} bookingId={bookingId} guest={false} />;
}
