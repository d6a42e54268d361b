import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { BookingHistoryPage } from './-components/booking-detail/booking-history-screen';
import { historySearch } from './-components/booking-detail/history-search';

/** The signed-in customer's booking history. */
export const Route = createFileRoute('/_account/bookings/$bookingId/history')({
  validateSearch: historySearch,
  loaderDeps: ({ search }) => ({ waits: search.waitForSuperseders === true }),
  // The history (docs/decisions/730): loaded by the router, preloaded on intent; a wait for the
  // replacement after a refund (in the search or handed over in history state) polls from the chart.
  loader: async (load) =>
    (await import('./-components/booking-detail/load-history')).loadHistory(
      load,
      load.params.bookingId,
      load.deps.waits || load.location.state.waitForSuperseders === true,
    ),
  ...firstDataCache,
  component: AccountBookingHistory,
});

function AccountBookingHistory() {
  return (
    <BookingHistoryPage
      bookingId={Route.useParams().bookingId}
      search={Route.useSearch()}
      guest={false}
      first={Route.useLoaderData()}
    />
  );
}
