import { createFileRoute } from '@tanstack/react-router';
import { RefundScreen } from './-components/refunds/refund-screen';

/** The refund ineligibility view (feature refund-ineligibility-enhanced-view; docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/order-token/$bookingId/refund/ineligible')({
  component: GuestRefundIneligible,
});

function GuestRefundIneligible() {
  const { bookingId } = Route.useParams();
  return <RefundScreen key={bookingId} bookingId={bookingId} quoteId={null} from="detail" guest={true} view="ineligible" />;
}
