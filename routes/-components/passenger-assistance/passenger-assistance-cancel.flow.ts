import { fromPromise } from 'xstate';
import { passengerAssistanceCancelMachine, type CancelAssistanceRequest } from '#machines/passenger-assistance-cancel';
import { passengerAssistanceApi } from '#src/api/passenger-assistance';
import { defineFlow } from '#src/flow';
import { lostAnswerAttempt } from '../lost-answer';
import { assistanceLoaders } from './assistance-loaders';

/** The cancellation's attempt (decision 575): its Idempotency-Key goes with the one call. */
const cancelAttempt = lostAnswerAttempt<CancelAssistanceRequest>(({ api }) => {
  const assistance = passengerAssistanceApi(api);
  return (request) =>
    assistance.cancel(request.orderId, request.bookingId, request.assistanceId, request.idempotencyKey);
});

/** Cancelling a booked assistance, bound to the API once (src/flow.tsx), its attempt with it. */
export const passengerAssistanceCancelFlow = defineFlow(passengerAssistanceCancelMachine)((services) => {
  const loaders = assistanceLoaders(services.api);
  return {
    actors: {
      fetchAssistance: fromPromise(({ input }) => loaders.loadItem(input.bookingId, input.assistanceId)),
      cancelAssistance: cancelAttempt.bind(services),
    },
  };
});
