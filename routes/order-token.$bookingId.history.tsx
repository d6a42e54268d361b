import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { BookingHistoryPage } from './-components/booking-detail/booking-history-screen';
import { historySearch } from './-components/booking-detail/history-search';

/** A guest's booking history, from the order-token link. */
export const Route = createFileRoute('/order-token/$bookingId/history')({
  validateSearch: historySearch,
  loaderDeps: ({ search }) => ({ waits: search.waitForSuperseders === true }),
  // The history (docs/decisions/730): loaded by the router once the layout accepts the link, nothing
  // while it refuses it; preloaded on intent only with the guest's own token. A wait for the
  // replacement after a refund (in the search or handed over in history state) polls from the chart.
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/booking-detail/load-history')).loadHistory(
        load,
        load.params.bookingId,
        load.deps.waits || load.location.state.waitForSuperseders === true,
      ),
    ),
  ...firstDataCache,
  component: GuestBookingHistory,
});

function GuestBookingHistory() {
  return (
    <BookingHistoryPage
      bookingId={Route.useParams().bookingId}
      search={Route.useSearch()}
      guest
      first={Route.useLoaderData()}
    />
  );
}
