import { absentOn404 } from '#src/api/errors';
import { smartcardsApi } from '#src/api/smartcards';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * The customer's smartcards (null for a host without them): the smartcards route's `loader`
 * (docs/decisions/730), the call its chart makes.
 */
export const loadSmartcards = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => absentOn404(smartcardsApi(load.context.api).list(call)));
