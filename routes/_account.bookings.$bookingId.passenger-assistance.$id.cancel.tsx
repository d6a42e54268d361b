import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/cancel')({
  component: () => <SectionPending title="Cancel passenger assistance" />,
});
