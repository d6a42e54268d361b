import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { RefundIneligiblePage, RefundLoading } from './-components/refunds/refund-screen';

/** A guest's refund ineligibility view (feature refund-ineligibility-enhanced-view; docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/order-token/$bookingId/refund/ineligible')({
  // The booking (docs/decisions/730): loaded by the router once the layout accepts the link, nothing
  // while it refuses it; preloaded on intent only with the guest's own token. Meanwhile the page's
  // own loading state, and a failure is the page's error with Try again.
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/refunds/load-refund-booking')).loadRefundBooking(load, load.params.bookingId, null),
    ),
  ...firstDataCache,
  // The pending page travels with the page's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function GuestRefundIneligiblePending() {
    return <RefundLoading view="ineligible" />;
  },
  component: GuestRefundIneligible,
});

function GuestRefundIneligible() {
  return (
    <RefundIneligiblePage bookingId={Route.useParams().bookingId} guest first={Route.useLoaderData() ?? undefined} />
  );
}
