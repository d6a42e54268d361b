import { addressesApi } from '#src/api/addresses';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The address to edit (GET customer/address/{id}): the edit-address route's `loader` (docs/decisions/730). */
export const loadAddress = (load: FirstDataLoad, addressId: string) =>
  loadFirstData(load, (call) => addressesApi(load.context.api).get(addressId, call));
