import { fromPromise } from 'xstate';
import { passengerAssistanceReviewMachine } from '#machines/passenger-assistance-review';
import { defineFlow } from '#src/flow';
import { assistanceLoaders } from './assistance-loaders';

/** One booked assistance, bound to the API once (src/flow.tsx). */
export const passengerAssistanceReviewFlow = defineFlow(passengerAssistanceReviewMachine)(({ api }) => {
  const loaders = assistanceLoaders(api);
  return {
    actors: { fetchAssistance: fromPromise(({ input }) => loaders.loadItem(input.bookingId, input.assistanceId)) },
  };
});
