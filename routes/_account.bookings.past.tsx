import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/bookings/past')({
  component: () => <SectionPending title="Past bookings" />,
});
