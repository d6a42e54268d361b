import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/passenger-assistance')({
  component: () => <SectionPending title="Passenger assistance" />,
});
