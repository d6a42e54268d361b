import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/order-token/')({
  component: () => <SectionPending title="Your bookings" />,
});
