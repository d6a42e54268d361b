import { createFileRoute } from '@tanstack/react-router';
import { BookingHistoryPage } from './-components/booking-detail/booking-history-screen';
import { historySearch } from './-components/booking-detail/history-search';

/** The signed-in customer's booking history. */
export const Route = createFileRoute('/_account/bookings/$bookingId/history')({
  validateSearch: historySearch,
  component: AccountBookingHistory,
});

function AccountBookingHistory() {
  return <BookingHistoryPage bookingId={Route.useParams().bookingId} search={Route.useSearch()} guest={false} />;
}
