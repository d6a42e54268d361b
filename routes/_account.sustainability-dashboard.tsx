import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/sustainability-dashboard')({
  component: () => <SectionPending title="Sustainability dashboard" />,
});
