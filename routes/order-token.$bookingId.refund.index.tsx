import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { RefundLoading, RefundPage } from './-components/refunds/refund-screen';
import { refundSearch } from './-components/refunds/refund-search';

/** A guest's refund page, from the order-token link (docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/order-token/$bookingId/refund/')({
  validateSearch: refundSearch,
  // The booking and the URL quote's selection (docs/decisions/730): loaded by the router once the
  // layout accepts the link, nothing while it refuses it; preloaded on intent only with the guest's
  // own token. Meanwhile the page's own loading state, and a failure is the page's error with Try again.
  loaderDeps: ({ search }) => ({ quoteId: search.quoteId ?? null }),
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/refunds/load-refund-booking')).loadRefundBooking(
        load,
        load.params.bookingId,
        load.deps.quoteId,
      ),
    ),
  ...firstDataCache,
  // The pending page travels with the page's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function GuestRefundPending() {
    return <RefundLoading view="refund" />;
  },
  component: GuestRefund,
});

function GuestRefund() {
  return (
    <RefundPage
      bookingId={Route.useParams().bookingId}
      search={Route.useSearch()}
      guest
      first={Route.useLoaderData() ?? undefined}
    />
  );
}
