import { fromPromise } from 'xstate';
import { editPassengersMachine } from '#machines/edit-passengers';
import { bookingApi } from '#src/api/booking';
import { defineFlow } from '#src/flow';

/** Changing a passenger's name, bound to the API once (src/flow.tsx); the detail reloads on `saved`. */
export const editPassengersFlow = defineFlow(editPassengersMachine)(({ api }) => {
  const booking = bookingApi(api);
  return { actors: { editPassengers: fromPromise(({ input }) => booking.editPassengers(input)) } };
});
