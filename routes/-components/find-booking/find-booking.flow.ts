import { fromPromise } from 'xstate';
import { findBookingMachine } from '#machines/find-booking';
import { findBookingApi } from '#src/api/find-booking';
import { defineFlow } from '#src/flow';

/**
 * Find a booking, bound to the API once (src/flow.tsx). The order exchange token it answers goes
 * into memory, never the URL (the order-token layout takes it from there); the page then opens the
 * booking (it follows the snapshot).
 */
export const findBookingFlow = defineFlow(findBookingMachine)(({ api, hashToken }) => {
  const finder = findBookingApi(api);
  return {
    actors: { findBooking: fromPromise(({ input }) => finder.findBooking(input)) },
    actions: { openBooking: (_, { orderExchangeToken }) => hashToken.put(orderExchangeToken) },
  };
});
