import { createFileRoute } from '@tanstack/react-router';
import { AddressFormPage } from './-components/address-book/address-form-page';

export const Route = createFileRoute('/_account/address-book/add-address')({
  component: () => <AddressFormPage addressId={null} />,
});
