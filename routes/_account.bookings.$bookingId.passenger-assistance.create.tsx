import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/create')({
  component: () => <SectionPending title="Request passenger assistance" />,
});
