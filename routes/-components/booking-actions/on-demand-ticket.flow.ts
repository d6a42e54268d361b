import { fromPromise } from 'xstate';
import { onDemandTicketMachine } from '#machines/on-demand-ticket';
import { bookingActionsApi } from '#src/api/booking-actions';
import { defineFlow } from '#src/flow';

/** An on-demand ticket's issue and polling, bound to the API once (src/flow.tsx). */
export const onDemandTicketFlow = defineFlow(onDemandTicketMachine)(({ api }) => {
  const actions = bookingActionsApi(api);
  return {
    actors: {
      generateTicket: fromPromise(({ input }) => actions.generateOnDemandTicket(input.bookingId, input.deliveryId)),
      getTicketStatus: fromPromise(({ input, signal }) =>
        actions.getOnDemandTicketStatus(input.bookingId, input.deliverableId, signal),
      ),
    },
  };
});
