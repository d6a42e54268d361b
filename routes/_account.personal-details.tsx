import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/personal-details')({
  component: () => <SectionPending title="Personal details" />,
});
