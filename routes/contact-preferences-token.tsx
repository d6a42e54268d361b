import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/contact-preferences-token')({
  component: () => <SectionPending title="Contact preferences" />,
});
