import { fromPromise } from 'xstate';
import { savedCardsMachine } from '#machines/saved-cards';
import { cardsApi } from '#src/api/cards';
import { defineFlow } from '#src/flow';

/** The saved cards' chart bound to the API once (src/flow.tsx). */
export const savedCardsFlow = defineFlow(savedCardsMachine)(({ api }) => {
  const cards = cardsApi(api);
  return {
    actors: {
      fetchCards: fromPromise(() => cards.list()),
      deleteCard: fromPromise(async ({ input }) => {
        await cards.remove(input.id);
      }),
    },
  };
});
