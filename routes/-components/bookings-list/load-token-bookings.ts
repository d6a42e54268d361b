import { bookingsListApi } from '#src/api/bookings-list';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/**
 * The bookings a guest link may open (GET booking/token): the order-token list route's `loader`
 * (docs/decisions/730), the call its chart makes.
 */
export const loadTokenBookings = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => bookingsListApi(load.context.api).getTokenBookings(call));
