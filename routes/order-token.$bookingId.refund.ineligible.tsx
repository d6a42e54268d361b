import { createFileRoute } from '@tanstack/react-router';
import { RefundIneligiblePage } from './-components/refunds/refund-screen';

/** A guest's refund ineligibility view (feature refund-ineligibility-enhanced-view; docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/order-token/$bookingId/refund/ineligible')({
  component: GuestRefundIneligible,
});

function GuestRefundIneligible() {
  return <RefundIneligiblePage bookingId={Route.useParams().bookingId} guest />;
}
