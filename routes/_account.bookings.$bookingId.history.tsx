import { createFileRoute } from '@tanstack/react-router';
import { BookingHistoryScreen } from './-components/booking-detail/booking-history-screen';
import { historySearch } from './-components/booking-detail/history-search';

export const Route = createFileRoute('/_account/bookings/$bookingId/history')({
  validateSearch: historySearch,
  component: AccountBookingHistory,
});

function AccountBookingHistory() {
  const { bookingId } = Route.useParams();
  const search = Route.useSearch();
  return (
    <BookingHistoryScreen
      key={`${bookingId}:${search.waitForSuperseders === true}`}
      bookingId={bookingId}
      guest={false}
      waitForSuperseders={search.waitForSuperseders === true}
      bookingChanged={search.bookingchanged === true}
      refundComplete={search.refundComplete === true}
    />
  );
}
