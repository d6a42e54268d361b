import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/order-token/$bookingId/check-in')({
  component: () => <SectionPending title="Check in" />,
});
