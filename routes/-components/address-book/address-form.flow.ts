import { fromPromise } from 'xstate';
import { addressFormMachine } from '#machines/address-form';
import { addressesApi } from '#src/api/addresses';
import { valuesToAddressInput } from '#src/schemas/addresses';
import { defineFlow } from '#src/flow';

/** The address form's chart bound to the API once (src/flow.tsx). */
export const addressFormFlow = defineFlow(addressFormMachine)(({ api }) => {
  const addresses = addressesApi(api);
  return {
    actors: {
      fetchAddress: fromPromise(({ input }) => addresses.get(input.id)),
      saveAddress: fromPromise(({ input }) => {
        const body = valuesToAddressInput(input.values);
        return input.addressId ? addresses.update(input.addressId, body) : addresses.add(body);
      }),
    },
  };
});
