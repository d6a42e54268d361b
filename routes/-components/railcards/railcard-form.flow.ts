import { fromPromise } from 'xstate';
import { railcardFormMachine } from '#machines/railcard-form';
import { passengersApi } from '#src/api/passengers';
import { railcardsApi } from '#src/api/railcards';
import { defineFlow } from '#src/flow';

/** The railcard form's chart bound to the API once (src/flow.tsx). */
export const railcardFormFlow = defineFlow(railcardFormMachine)(({ api }) => {
  return {
    actors: {
      loadRailcard: fromPromise(async ({ input }) => {
        const railcards = railcardsApi(api);
        if (input.mode === 'edit') {
          const [held, type] = await Promise.all([
            railcards.get(input.passengerId, input.railcardId),
            railcards.catalogueEntry(input.railcardId),
          ]);
          // docs/product/api.md's answer is `{railcard}`: without the passenger's name, the saved passenger's.
          const passenger = held.passenger ?? (await passengersApi(api).get(input.passengerId));
          return {
            passenger: { id: passenger.id, firstName: passenger.firstName, lastName: passenger.lastName },
            railcard: type,
            held: held.railcard,
          };
        }
        const [type, passenger] = await Promise.all([
          railcards.catalogueEntry(input.railcardId),
          passengersApi(api).get(input.passengerId),
        ]);
        return {
          passenger: { id: passenger.id, firstName: passenger.firstName, lastName: passenger.lastName },
          railcard: type,
          held: null,
        };
      }),
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
