import { fromPromise } from 'xstate';
import { partialRefundMachine } from '#machines/partial-refund';
import { refundsApi } from '#src/api/refunds';
import { defineFlow } from '#src/flow';

/** Ticking passengers for a partial refund, bound to the API once (src/flow.tsx). */
export const partialRefundFlow = defineFlow(partialRefundMachine)(({ api }) => {
  const refunds = refundsApi(api);
  return {
    actors: {
      fetchAssistances: fromPromise(({ input, signal }) =>
        refunds.getPassengerAssistances(input.orderId, input.bookingId, signal),
      ),
    },
  };
});
