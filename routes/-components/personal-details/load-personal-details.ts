import { customerProfileApi } from '#src/api/customer-profile';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The account holder's personal details (GET customer/personal-details): the route's `loader` (docs/decisions/730). */
export const loadPersonalDetails = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => customerProfileApi(load.context.api).getPersonalDetails(call));
