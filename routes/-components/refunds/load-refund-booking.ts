import { refundsApi } from '#src/api/refunds';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * The booking a refund is for and the URL quote's selection (GET partial-refunds/{bookingId}?quoteId):
 * the refund page's and the not-available page's `loader` (docs/decisions/730).
 */
export const loadRefundBooking = (load: FirstDataLoad, bookingId: string, quoteId: string | null) =>
  loadFirstData(load, (call) => refundsApi(load.context.api).getPartialRefunds(bookingId, quoteId, call));
