import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/address-book/add-address')({
  component: () => <SectionPending title="Add address" />,
});
