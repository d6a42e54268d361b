import { fromPromise } from 'xstate';
import { digitalRailcardMachine } from '#machines/digital-railcard';
import { railcardsApi } from '#src/api/railcards';
import { defineFlow } from '#src/flow';

/** The digital railcard's chart bound to the API once (src/flow.tsx). */
export const digitalRailcardFlow = defineFlow(digitalRailcardMachine)(({ api }) => {
  return {
    actors: { fetchDigitalRailcard: fromPromise(({ input }) => railcardsApi(api).digital(input.railcardId)) },
  };
});
