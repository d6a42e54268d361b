import { journeyChangeApi } from '#src/api/journey-change';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * What a booking's change of journey may change (its legs, the tickets left, the fee per ticket and
 * the saved cards): the change route's `loader` (docs/decisions/730).
 */
export const loadChangeOptions = (load: FirstDataLoad, bookingId: string) =>
  loadFirstData(load, (call) => journeyChangeApi(load.context.api).getOptions(bookingId, call));
