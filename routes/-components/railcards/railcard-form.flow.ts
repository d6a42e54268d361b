import { fromPromise } from 'xstate';
import { railcardFormMachine } from '#machines/railcard-form';
import { railcardsApi } from '#src/api/railcards';
import { defineFlow } from '#src/flow';
import { fetchRailcard } from './fetch-railcard';

/** The railcard form's chart bound to the API once (src/flow.tsx). */
export const railcardFormFlow = defineFlow(railcardFormMachine)(({ api }) => {
  return {
    actors: {
      loadRailcard: fromPromise(({ input }) => fetchRailcard(api, input)),
      checkRailcardStatus: fromPromise(({ input }) =>
        railcardsApi(api).status(input.passengerId, input.railcardId, input.railcard),
      ),
      saveRailcard: fromPromise(async ({ input }) => {
        const railcards = railcardsApi(api);
        await railcards.save(input.passengerId, input.railcardId, input.railcard);
        if (input.attributes) await railcards.saveAttributes(input.passengerId, input.railcardId, input.attributes);
      }),
      deleteRailcard: fromPromise(({ input }) => railcardsApi(api).remove(input.passengerId, input.railcardId)),
    },
  };
});
