import { createFileRoute } from '@tanstack/react-router';
import { RefundPage } from './-components/refunds/refund-screen';
import { refundSearch } from './-components/refunds/refund-search';

/** The signed-in customer's refund page (docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/_account/bookings/$bookingId/refund/')({
  validateSearch: refundSearch,
  component: AccountRefund,
});

function AccountRefund() {
  return <RefundPage bookingId={Route.useParams().bookingId} search={Route.useSearch()} guest={false} />;
}
