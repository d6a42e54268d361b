import { customerProfileApi } from '#src/api/customer-profile';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The customer's lifetime booking count: the sustainability dashboard route's `loader` (docs/decisions/730). */
export const loadOrderCount = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => customerProfileApi(load.context.api).getOrderCount(call));
