import { seasonStartChangeApi } from '#src/api/season-start-change';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * A season's options for a change of start date (its validity, whether the start may still move, the
 * fee and the saved cards): the change-start-date route's `loader` (docs/decisions/730).
 */
export const loadSeasonOptions = (load: FirstDataLoad, bookingId: string) =>
  loadFirstData(load, (call) => seasonStartChangeApi(load.context.api).getOptions(bookingId, call));
