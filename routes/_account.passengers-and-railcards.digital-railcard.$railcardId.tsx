import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/passengers-and-railcards/digital-railcard/$railcardId')({
  component: () => <SectionPending title="Digital railcard" />,
});
