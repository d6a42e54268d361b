import { customerProfileApi } from '#src/api/customer-profile';
import { absentOn404 } from '#src/api/errors';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The account summary, the overview route's `loader` (docs/decisions/730); null when the host has no summary call. */
export const loadAccountSummary = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => absentOn404(customerProfileApi(load.context.api).getAccountSummary(call)));
