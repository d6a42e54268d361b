import { fromPromise } from 'xstate';
import { journeyChangeMachine } from '#machines/journey-change';
import type { PayRequest } from '#machines/lib/change-payment';
import { refundCardFormMachine } from '#machines/refund-card-form';
import { journeyChangeApi } from '#src/api/journey-change';
import { defineFlow } from '#src/flow';
import { lostAnswerAttempt } from '../lost-answer';

/**
 * The card a change is paid with, bound to the API once: a journey's difference, and a season's
 * start-date fee (the same card-token call).
 */
export const changeCardFormFlow = defineFlow(refundCardFormMachine)(({ api }) => {
  const change = journeyChangeApi(api);
  return { actors: { tokeniseCard: fromPromise(({ input }) => change.tokeniseCard(input)) } };
});

/** The payment's attempt (decision 575): its Idempotency-Key goes with the one call. */
const payAttempt = lostAnswerAttempt<PayRequest>(({ api }) => {
  const change = journeyChangeApi(api);
  return (request) => change.pay(request);
});

/**
 * Changing a journey, bound to the API once (src/flow.tsx), its card form and payment attempt with
 * it. Opening the new booking once changed is the screen's (it follows the snapshot).
 */
export const journeyChangeFlow = defineFlow(journeyChangeMachine)((services) => {
  const change = journeyChangeApi(services.api);
  return {
    actors: {
      fetchOptions: fromPromise(({ input, signal }) => change.getOptions(input.bookingId, { signal })),
      fetchDepartures: fromPromise(({ input, signal }) => change.getDepartures(input, signal)),
      fetchQuote: fromPromise(({ input }) => change.quote(input)),
      cardForm: changeCardFormFlow.bind(services),
      pay: payAttempt.bind(services),
    },
  };
});
