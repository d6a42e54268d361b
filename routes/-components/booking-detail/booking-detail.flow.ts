import { fromPromise } from 'xstate';
import { bookingDetailMachine } from '#machines/booking-detail';
import { bookingApi } from '#src/api/booking';
import { defineFlow } from '#src/flow';
import { changeabilityKey, takeLoaded } from './load-booking';

/**
 * A booking's detail bound to the API once (src/flow.tsx). The route's loader hands its answers in
 * as input (docs/decisions/730): the change-of-journey check takes the loaded one once; retries and
 * reloads ask again. Going to the history after a 308 is the screen's (it follows the snapshot).
 */
export const bookingDetailFlow = defineFlow(bookingDetailMachine)(({ api }) => {
  const booking = bookingApi(api);
  return {
    actors: {
      fetchBooking: fromPromise(({ input }) => booking.getBooking(input.bookingId)),
      fetchChangeability: fromPromise(({ input }) =>
        takeLoaded(input.loaded, changeabilityKey(input), () =>
          booking.getChangeability(input.orderId, input.bookingId, input.season),
        ),
      ),
    },
  };
});
