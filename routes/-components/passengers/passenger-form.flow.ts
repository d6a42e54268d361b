import { fromPromise } from 'xstate';
import { passengerFormMachine } from '#machines/passenger-form';
import { passengersApi } from '#src/api/passengers';
import { defineFlow } from '#src/flow';

/** The passenger form's chart bound to the API once (src/flow.tsx). */
export const passengerFormFlow = defineFlow(passengerFormMachine)(({ api }) => {
  return {
    actors: {
      fetchPassenger: fromPromise(({ input }) => passengersApi(api).get(input.passengerId)),
      savePassenger: fromPromise(({ input }) =>
        input.mode === 'add'
          ? passengersApi(api).add(input.body)
          : passengersApi(api).edit(input.passengerId ?? '', input.body),
      ),
      deletePassenger: fromPromise(({ input }) => passengersApi(api).remove(input.passengerId)),
    },
  };
});
