import { addressBookMachine } from '#machines/address-book';
import { fromPromise } from 'xstate';
import { addressesApi } from '#src/api/addresses';
import { defineFlow } from '#src/flow';

/** The address book's chart bound to the API once (src/flow.tsx). */
export const addressBookFlow = defineFlow(addressBookMachine)(({ api }) => {
  const addresses = addressesApi(api);
  return {
    actors: {
      fetchAddresses: fromPromise(() => addresses.list()),
      deleteAddress: fromPromise(async ({ input }) => {
        await addresses.remove(input.id);
      }),
    },
  };
});
