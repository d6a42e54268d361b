import { createFileRoute } from '@tanstack/react-router';
import { BookingDetailScreen } from './-components/booking-detail/booking-detail-screen';

export const Route = createFileRoute('/_account/bookings/$bookingId/')({
  component: AccountBookingDetail,
});

function AccountBookingDetail() {
  const { bookingId } = Route.useParams();
  return <BookingDetailScreen key={bookingId} bookingId={bookingId} mode="account" />;
}
