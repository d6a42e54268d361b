import { createFileRoute } from '@tanstack/react-router';
import { BookingHistoryScreen } from './-components/booking-detail/booking-history-screen';
import { historySearch, useHandedOverWait } from './-components/booking-detail/history-search';

export const Route = createFileRoute('/order-token/$bookingId/history')({
  validateSearch: historySearch,
  component: GuestBookingHistory,
});

function GuestBookingHistory() {
  const { bookingId } = Route.useParams();
  const handedOver = useHandedOverWait();
  const search = Route.useSearch();
  const wait = search.waitForSuperseders === true || handedOver;
  return (
    <BookingHistoryScreen
      key={`${bookingId}:${wait}`}
      bookingId={bookingId}
      guest
      waitForSuperseders={wait}
      bookingChanged={search.bookingchanged === true}
      refundComplete={search.refundComplete === true}
    />
  );
}
