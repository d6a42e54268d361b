import { fromPromise } from 'xstate';
import { refundQuoteMachine } from '#machines/refund-quote';
import { refundsApi } from '#src/api/refunds';
import { defineFlow } from '#src/flow';

/** A booking's refund quote, bound to the API once (src/flow.tsx); the entry opens the page it leads to. */
export const refundQuoteFlow = defineFlow(refundQuoteMachine)(({ api }) => {
  const refunds = refundsApi(api);
  return {
    actors: {
      fetchQuote: fromPromise(({ input, signal }) => refunds.getQuote(input, signal)),
      fetchChangeOfJourneyStatus: fromPromise(({ input, signal }) =>
        refunds.getChangeOfJourneyStatus(input.orderId, input.bookingId, signal),
      ),
    },
  };
});
