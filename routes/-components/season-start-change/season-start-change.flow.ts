import { fromPromise } from 'xstate';
import { seasonStartChangeMachine, type SeasonPayRequest } from '#machines/season-start-change';
import { refundCardFormMachine } from '#machines/refund-card-form';
import { seasonStartChangeApi } from '#src/api/season-start-change';
import { defineFlow } from '#src/flow';
import { lostAnswerSubmit } from '../lost-answer';

/** A season's change of start date bound to the API once (src/flow.tsx; docs/decisions/790-season-start-date-screen.md). */
export const seasonStartChangeFlow = defineFlow(seasonStartChangeMachine)(({ api }) => {
  const season = seasonStartChangeApi(api);
  return {
    actors: {
      fetchOptions: fromPromise(({ input, signal }) => season.getOptions(input.bookingId, signal)),
      fetchQuote: fromPromise(({ input }) => season.quote(input)),
      cardForm: refundCardFormMachine.provide({
        actors: { tokeniseCard: fromPromise(({ input }) => season.tokeniseCard(input)) },
      }),
      pay: lostAnswerSubmit<SeasonPayRequest>((request) => season.pay(request)),
    },
  };
});
