import { createFileRoute } from '@tanstack/react-router';
import { BookingDetailScreen } from './-components/booking-detail/booking-detail-screen';

export const Route = createFileRoute('/order-token/$bookingId/')({
  component: GuestBookingDetail,
});

function GuestBookingDetail() {
  const { bookingId } = Route.useParams();
  return <BookingDetailScreen key={bookingId} bookingId={bookingId} mode="orderToken" />;
}
