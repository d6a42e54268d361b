import { fromPromise } from 'xstate';
import { passengerAssistanceFormMachine, type CreateAssistanceInput } from '#machines/passenger-assistance-form';
import { passengerAssistanceApi } from '#src/api/passenger-assistance';
import { defineFlow } from '#src/flow';
import { valuesToAssistanceInput } from '#src/schemas/passenger-assistance';
import { lostAnswerAttempt } from '../lost-answer';
import { assistanceLoaders } from './assistance-loaders';

/** The request's attempt (decision 575): its Idempotency-Key goes with the one call. */
const createAttempt = lostAnswerAttempt<CreateAssistanceInput>(({ api }) => {
  const assistance = passengerAssistanceApi(api);
  return (request) =>
    assistance.create(
      request.booking.orderId,
      request.booking.bookingId,
      valuesToAssistanceInput(request.values),
      request.idempotencyKey,
    );
});

/** Requesting passenger assistance, bound to the API once (src/flow.tsx), its attempt with it. */
export const passengerAssistanceFormFlow = defineFlow(passengerAssistanceFormMachine)((services) => {
  const loaders = assistanceLoaders(services.api);
  return {
    actors: {
      fetchBooking: fromPromise(({ input }) => loaders.loadForRequest(input.bookingId)),
      createAssistance: createAttempt.bind(services),
    },
  };
});
