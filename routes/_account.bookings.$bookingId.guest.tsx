import { createFileRoute } from '@tanstack/react-router';
import { BookingDetailScreen } from './-components/booking-detail/booking-detail-screen';

/** A guest order placed with the signed-in customer's email: read-only (docs/decisions/021-guest-order-seen-by-its-customer.md). */
export const Route = createFileRoute('/_account/bookings/$bookingId/guest')({
  component: GuestBookingForCustomer,
});

function GuestBookingForCustomer() {
  const { bookingId } = Route.useParams();
  return <BookingDetailScreen key={bookingId} bookingId={bookingId} mode="guestView" />;
}
