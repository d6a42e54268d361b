import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SectionPending } from './-components/section-pending';

/** Spec section 2: the refund page takes a quote id and a `from` of history or detail. */
const RefundSearch = v.object({
  quoteId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  from: v.optional(v.picklist(['history', 'detail'])),
});

export const Route = createFileRoute('/order-token/$bookingId/refund/')({
  validateSearch: RefundSearch,
  component: () => <SectionPending title="Refund" />,
});
