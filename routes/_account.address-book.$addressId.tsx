import { createFileRoute } from '@tanstack/react-router';
import { AddressFormPage } from './-components/address-book/address-form-page';

export const Route = createFileRoute('/_account/address-book/$addressId')({
  component: EditAddressRoute,
});

function EditAddressRoute() {
  const { addressId } = Route.useParams();
  // A new form (and machine) per address, should the id change under the same route.
  return <AddressFormPage key={addressId} addressId={addressId} />;
}
