import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/claims/$claimId')({
  component: () => <SectionPending title="Delay Repay claim" />,
});
