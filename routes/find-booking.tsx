import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/find-booking')({
  component: () => <SectionPending title="Find a booking" />,
});
