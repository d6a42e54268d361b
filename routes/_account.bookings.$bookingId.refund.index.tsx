import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { RefundLoading, RefundPage } from './-components/refunds/refund-screen';
import { refundSearch } from './-components/refunds/refund-search';

/** The signed-in customer's refund page (docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/_account/bookings/$bookingId/refund/')({
  validateSearch: refundSearch,
  // The booking and the URL quote's selection (docs/decisions/730): loaded by the router, preloaded
  // on intent; meanwhile the page's own loading state, and a failure is the page's error with Try again.
  loaderDeps: ({ search }) => ({ quoteId: search.quoteId ?? null }),
  loader: async (load) =>
    (await import('./-components/refunds/load-refund-booking')).loadRefundBooking(
      load,
      load.params.bookingId,
      load.deps.quoteId,
    ),
  ...firstDataCache,
  // The pending page travels with the page's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AccountRefundPending() {
    return <RefundLoading view="refund" />;
  },
  component: AccountRefund,
});

function AccountRefund() {
  return (
    <RefundPage
      bookingId={Route.useParams().bookingId}
      search={Route.useSearch()}
      guest={false}
      first={Route.useLoaderData()}
    />
  );
}
