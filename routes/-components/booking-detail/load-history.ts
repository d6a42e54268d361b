import type { HistoryFetchResult } from '#machines/booking-history';
import type { FirstData } from '#machines/lib/first-data';
import { bookingApi } from '#src/api/booking';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * A booking's history (its timeline, or the 308 naming its replacement): the history route's
 * `loader` (docs/decisions/730). Waiting for a replacement after a refund (in the search or handed
 * over in history state) loads nothing: the chart's wait polls from its own first request.
 */
export const loadHistory = async (
  load: FirstDataLoad,
  bookingId: string,
  waits: boolean,
): Promise<FirstData<HistoryFetchResult> | null> => {
  if (waits) return null;
  return loadFirstData(load, async (call) => {
    const answer = await bookingApi(load.context.api).getHistory(bookingId, call);
    return answer.status === 200 ? { status: 200, data: answer.data } : { status: 308, data: answer.data };
  });
};
