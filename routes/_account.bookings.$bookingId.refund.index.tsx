import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RefundScreen } from './-components/refunds/refund-screen';

/** Spec section 2: the refund page takes a quote id and a `from` of history or detail. */
const RefundSearch = v.object({
  quoteId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  from: v.optional(v.picklist(['history', 'detail'])),
});

/** docs/decisions/081-refund-flows.md; a new quoteId (partial refund choice) remounts the screen: a reload. */
export const Route = createFileRoute('/_account/bookings/$bookingId/refund/')({
  validateSearch: RefundSearch,
  component: AccountRefund,
});

function AccountRefund() {
  const { bookingId } = Route.useParams();
  const { quoteId, from } = Route.useSearch();
  return (
    <RefundScreen
      key={`${bookingId}:${quoteId ?? ''}`}
      bookingId={bookingId}
      quoteId={quoteId ?? null}
      from={from ?? 'detail'}
      guest={false}
      view="refund"
    />
  );
}
