import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/claim-token')({
  component: () => <SectionPending title="Delay Repay claim" />,
});
