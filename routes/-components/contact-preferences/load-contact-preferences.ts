import { consentsApi } from '#src/api/consents';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The signed-in customer's consents (GET customer/consents): the contact preferences route's `loader` (docs/decisions/730). */
export const loadContactPreferences = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => consentsApi(load.context.api).getConsents(call));
