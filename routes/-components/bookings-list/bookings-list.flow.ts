import { fromPromise } from 'xstate';
import { bookingsListMachine } from '#machines/bookings-list';
import { bookingsListApi } from '#src/api/bookings-list';
import { defineFlow } from '#src/flow';

/**
 * The bookings lists bound to the API once (src/flow.tsx). A tab's first page comes from its route's
 * loader (`bookings.show` carries it); `fetchBookings` asks for the rest. The bookings layout provides
 * one running flow to its tabs (./bookings-store.tsx).
 */
export const bookingsListFlow = defineFlow(bookingsListMachine)(({ api }) => {
  const lists = bookingsListApi(api);
  return {
    actors: {
      fetchBookings: fromPromise(({ input, signal }) => lists.getBookings(input.filter, input.page, signal)),
    },
  };
});
