import { fromPromise } from 'xstate';
import { seasonRenewalMachine } from '#machines/season-renewal';
import { cardsApi } from '#src/api/cards';
import { absentOn404 } from '#src/api/errors';
import { seasonRenewalsApi } from '#src/api/season-renewals';
import { defineFlow } from '#src/flow';

/** A season ticket's automatic renewal, bound to the API once (src/flow.tsx). */
export const seasonRenewalFlow = defineFlow(seasonRenewalMachine)(({ api }) => {
  const renewals = seasonRenewalsApi(api);
  const cards = cardsApi(api);
  return {
    actors: {
      fetchRenewals: fromPromise(async () => {
        const list = await absentOn404(renewals.list());
        return list === null ? null : { renewals: list, cards: await cards.list() };
      }),
      saveRenewal: fromPromise(({ input }) => renewals.set(input.bookingId, input)),
    },
  };
});
