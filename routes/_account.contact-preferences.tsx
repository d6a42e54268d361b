import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/contact-preferences')({
  component: () => <SectionPending title="Contact preferences" />,
});
