import { fromPromise } from 'xstate';
import { railcardSelectMachine } from '#machines/railcard-select';
import { railcardsApi } from '#src/api/railcards';
import { defineFlow } from '#src/flow';

/** The railcard choice's chart bound to the API once (src/flow.tsx). */
export const railcardSelectFlow = defineFlow(railcardSelectMachine)(({ api }) => {
  return {
    actors: { fetchRailcards: fromPromise(({ input }) => railcardsApi(api).availableFor(input.passengerId)) },
  };
});
