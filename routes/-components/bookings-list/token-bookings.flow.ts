import { fromPromise } from 'xstate';
import { tokenBookingsMachine } from '#machines/token-bookings';
import { bookingsListApi } from '#src/api/bookings-list';
import { defineFlow } from '#src/flow';

/**
 * The bookings a guest link may open, bound to the API once (src/flow.tsx); the route's loader
 * hands in the first answer (docs/decisions/730), the chart asks again on a retry.
 */
export const tokenBookingsFlow = defineFlow(tokenBookingsMachine)(({ api }) => {
  const lists = bookingsListApi(api);
  return { actors: { fetchTokenBookings: fromPromise(({ signal }) => lists.getTokenBookings({ signal })) } };
});
