import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/passengers-and-railcards/$passengerId/select-railcard')({
  component: () => <SectionPending title="Select a railcard" />,
});
