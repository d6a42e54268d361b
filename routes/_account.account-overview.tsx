import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/account-overview')({
  component: () => <SectionPending title="Account overview" />,
});
