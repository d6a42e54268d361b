import { fromPromise } from 'xstate';
import { passengersListMachine } from '#machines/passengers-list';
import { passengersApi } from '#src/api/passengers';
import { defineFlow } from '#src/flow';

/** The passengers-and-railcards list's chart bound to the API once (src/flow.tsx). */
export const passengersListFlow = defineFlow(passengersListMachine)(({ api }) => {
  const passengers = passengersApi(api);
  return { actors: { fetchPassengers: fromPromise(() => passengers.list()) } };
});
