import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/passengers-and-railcards/edit-passenger/$passengerId')({
  component: () => <SectionPending title="Edit passenger" />,
});
