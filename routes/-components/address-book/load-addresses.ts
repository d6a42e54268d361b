import { addressesApi } from '#src/api/addresses';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The saved addresses, the address book route's `loader` (docs/decisions/730). */
export const loadAddresses = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => addressesApi(load.context.api).list(call));
