import { fromPromise } from 'xstate';
import { bookingHistoryMachine } from '#machines/booking-history';
import { bookingApi } from '#src/api/booking';
import { defineFlow } from '#src/flow';

/** A booking's history, bound to the API once (src/flow.tsx); the screen goes to a replacement's. */
export const bookingHistoryFlow = defineFlow(bookingHistoryMachine)(({ api }) => {
  const booking = bookingApi(api);
  return { actors: { fetchHistory: fromPromise(({ input }) => booking.getHistory(input.bookingId)) } };
});
