import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/bookings/upcoming')({
  component: () => <SectionPending title="Upcoming bookings" />,
});
