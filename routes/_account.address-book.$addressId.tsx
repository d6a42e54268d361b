import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from './-components/section-pending';

export const Route = createFileRoute('/_account/address-book/$addressId')({
  component: () => <SectionPending title="Edit address" />,
});
