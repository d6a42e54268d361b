import { fromPromise } from 'xstate';
import type { PayRequest } from '#machines/lib/change-payment';
import { seasonStartChangeMachine } from '#machines/season-start-change';
import { seasonStartChangeApi } from '#src/api/season-start-change';
import { defineFlow } from '#src/flow';
import { lostAnswerAttempt } from '../lost-answer';
import { changeCardFormFlow } from '../journey-change/journey-change.flow';

/** The payment's attempt (decision 575): its Idempotency-Key goes with the one call. */
const payAttempt = lostAnswerAttempt<PayRequest>(({ api }) => {
  const season = seasonStartChangeApi(api);
  return (request) => season.pay(request);
});

/** A season's change of start date bound to the API once (src/flow.tsx; docs/decisions/790-season-start-date-screen.md). */
export const seasonStartChangeFlow = defineFlow(seasonStartChangeMachine)((services) => {
  const season = seasonStartChangeApi(services.api);
  return {
    actors: {
      fetchOptions: fromPromise(({ input, signal }) => season.getOptions(input.bookingId, { signal })),
      fetchQuote: fromPromise(({ input }) => season.quote(input)),
      cardForm: changeCardFormFlow.bind(services),
      pay: payAttempt.bind(services),
    },
  };
});
