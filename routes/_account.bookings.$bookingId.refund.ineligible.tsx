import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { RefundIneligiblePage, RefundLoading } from './-components/refunds/refund-screen';

/** The refund ineligibility view (feature refund-ineligibility-enhanced-view; docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/_account/bookings/$bookingId/refund/ineligible')({
  // The booking (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile the
  // page's own loading state, and a failure is the page's error with Try again.
  loader: async (load) =>
    (await import('./-components/refunds/load-refund-booking')).loadRefundBooking(load, load.params.bookingId, null),
  ...firstDataCache,
  // The pending page travels with the page's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AccountRefundIneligiblePending() {
    return <RefundLoading view="ineligible" />;
  },
  component: AccountRefundIneligible,
});

function AccountRefundIneligible() {
  return <RefundIneligiblePage bookingId={Route.useParams().bookingId} guest={false} first={Route.useLoaderData()} />;
}
