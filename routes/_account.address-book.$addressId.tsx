import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AddressFormLoading, AddressFormPage } from './-components/address-book/address-form-page';

export const Route = createFileRoute('/_account/address-book/$addressId')({
  // The address to edit (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile
  // the form's own loading state, and a failure is the form's error with Try again (or not found).
  loader: async (load) =>
    (await import('./-components/address-book/load-address')).loadAddress(load, load.params.addressId),
  ...firstDataCache,
  // The pending page travels with the form's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: AddressFormLoading,
  component: EditAddressRoute,
});

function EditAddressRoute() {
  const { addressId } = Route.useParams();
  // A new form (and machine) per address, should the id change under the same route.
  return <AddressFormPage key={addressId} addressId={addressId} first={Route.useLoaderData()} />;
}
