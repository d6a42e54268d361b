import { createFileRoute } from '@tanstack/react-router';
import { RefundPage } from './-components/refunds/refund-screen';
import { refundSearch } from './-components/refunds/refund-search';

/** A guest's refund page, from the order-token link (docs/decisions/081-refund-flows.md). */
export const Route = createFileRoute('/order-token/$bookingId/refund/')({
  validateSearch: refundSearch,
  component: GuestRefund,
});

function GuestRefund() {
  return <RefundPage bookingId={Route.useParams().bookingId} search={Route.useSearch()} guest />;
}
