import { createFileRoute } from '@tanstack/react-router';
import { RefundIneligiblePage } from './-components/refunds/refund-screen';

/** The refund ineligibility view (feature refund-ineligibility-enhanced-view; docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/_account/bookings/$bookingId/refund/ineligible')({
  component: AccountRefundIneligible,
});

function AccountRefundIneligible() {
  return <RefundIneligiblePage bookingId={Route.useParams().bookingId} guest={false} />;
}
