import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/webtoapp')({
  component: () => <SectionPending title="Open in the app" />,
});
