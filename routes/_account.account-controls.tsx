import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/account-controls')({
  component: () => <SectionPending title="Account controls" />,
});
