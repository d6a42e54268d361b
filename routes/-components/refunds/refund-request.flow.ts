import { fromPromise } from 'xstate';
import { refundCardFormMachine } from '#machines/refund-card-form';
import { refundRequestMachine, type RefundSubmitRequest } from '#machines/refund-request';
import { refundsApi } from '#src/api/refunds';
import { defineFlow } from '#src/flow';
import { lostAnswerAttempt } from '../lost-answer';

/** The card a refund goes to when the original payment cannot take it, bound to the API once. */
const refundCardFormFlow = defineFlow(refundCardFormMachine)(({ api }) => {
  const refunds = refundsApi(api);
  return { actors: { tokeniseCard: fromPromise(({ input }) => refunds.tokeniseCard(input)) } };
});

/** The refund request's attempt (decision 575): its Idempotency-Key goes with the one call. */
const refundAttempt = lostAnswerAttempt<RefundSubmitRequest>(({ api }) => {
  const refunds = refundsApi(api);
  return (request) => refunds.requestRefund(request.quoteId, request.body, request.idempotencyKey);
});

/**
 * The refund request bound to the API once (src/flow.tsx), its card form and attempt with it. Where
 * the customer goes next (the ineligibility view, the booking, its history) is the screen's: it
 * follows the snapshot.
 */
export const refundRequestFlow = defineFlow(refundRequestMachine)((services) => {
  const refunds = refundsApi(services.api);
  return {
    actors: {
      fetchRefundBooking: fromPromise(({ input, signal }) =>
        refunds.getPartialRefunds(input.bookingId, input.quoteId, { signal }),
      ),
      fetchQuote: fromPromise(({ input, signal }) => refunds.getQuote(input, signal)),
      submitRefund: refundAttempt.bind(services),
      cardForm: refundCardFormFlow.bind(services),
    },
  };
});
