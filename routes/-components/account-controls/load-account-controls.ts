import { calendarFeedApi } from '#src/api/calendar-feed';
import { yourDataApi } from '#src/api/your-data';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * Account controls' first data, its route's `loader` (docs/decisions/730): the calendar feed's
 * settings and the data export's state, asked together, each the call its part's chart makes. Each
 * part starts from its own answer: one failing (or a host without it, 404) leaves the other shown.
 */
export const loadAccountControls = async (load: FirstDataLoad) => {
  const [feed, dataExport] = await Promise.all([
    loadFirstData(load, (call) => calendarFeedApi(load.context.api).get(call)),
    loadFirstData(load, (call) => yourDataApi(load.context.api).exportState(call)),
  ]);
  return { feed, dataExport };
};
