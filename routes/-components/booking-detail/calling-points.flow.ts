import { fromPromise } from 'xstate';
import { callingPointsMachine } from '#machines/calling-points';
import { bookingApi } from '#src/api/booking';
import { defineFlow } from '#src/flow';
import { callingPointsKey, takeLoaded } from './load-booking';

/** A leg's calling points, bound to the API once (src/flow.tsx); the loader's answer is taken once. */
export const callingPointsFlow = defineFlow(callingPointsMachine)(({ api }) => {
  const booking = bookingApi(api);
  return {
    actors: {
      fetchCallingPoints: fromPromise(({ input }) =>
        takeLoaded(input.loaded, callingPointsKey(input), () =>
          booking.getCallingPoints(input.timetableId, {
            date: input.date,
            origin: input.origin,
            destination: input.destination,
          }),
        ),
      ),
    },
  };
});
