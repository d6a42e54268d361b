import { createFileRoute } from '@tanstack/react-router';
import { BookingHistoryPage } from './-components/booking-detail/booking-history-screen';
import { historySearch } from './-components/booking-detail/history-search';

/** A guest's booking history, from the order-token link. */
export const Route = createFileRoute('/order-token/$bookingId/history')({
  validateSearch: historySearch,
  component: GuestBookingHistory,
});

function GuestBookingHistory() {
  return <BookingHistoryPage bookingId={Route.useParams().bookingId} search={Route.useSearch()} guest />;
}
