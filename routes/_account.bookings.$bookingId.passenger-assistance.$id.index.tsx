import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/')({
  component: () => <SectionPending title="Review passenger assistance" />,
});
