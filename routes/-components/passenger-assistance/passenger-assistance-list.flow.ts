import { fromPromise } from 'xstate';
import { passengerAssistanceListMachine } from '#machines/passenger-assistance-list';
import { defineFlow } from '#src/flow';
import { assistanceLoaders } from './assistance-loaders';

/** A booking's passenger assistance, bound to the API once (src/flow.tsx). */
export const passengerAssistanceListFlow = defineFlow(passengerAssistanceListMachine)(({ api }) => {
  const loaders = assistanceLoaders(api);
  return { actors: { fetchOverview: fromPromise(({ input }) => loaders.loadOverview(input.bookingId)) } };
});
