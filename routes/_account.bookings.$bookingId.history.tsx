import { createFileRoute } from '@tanstack/react-router';
import { BookingHistoryScreen } from './-components/booking-detail/booking-history-screen';
import { historySearch, useHandedOverWait } from './-components/booking-detail/history-search';

export const Route = createFileRoute('/_account/bookings/$bookingId/history')({
  validateSearch: historySearch,
  component: AccountBookingHistory,
});

function AccountBookingHistory() {
  const { bookingId } = Route.useParams();
  const handedOver = useHandedOverWait();
  const search = Route.useSearch();
  const wait = search.waitForSuperseders === true || handedOver;
  return (
    <BookingHistoryScreen
      key={`${bookingId}:${wait}`}
      bookingId={bookingId}
      guest={false}
      waitForSuperseders={wait}
      bookingChanged={search.bookingchanged === true}
      refundComplete={search.refundComplete === true}
    />
  );
}
