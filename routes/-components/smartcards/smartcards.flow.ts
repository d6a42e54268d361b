import { fromPromise } from 'xstate';
import { smartcardsMachine } from '#machines/smartcards';
import { absentOn404 } from '#src/api/errors';
import { smartcardsApi } from '#src/api/smartcards';
import { defineFlow } from '#src/flow';

/** The smartcards' chart bound to the API once (src/flow.tsx). */
export const smartcardsFlow = defineFlow(smartcardsMachine)(({ api }) => {
  const smartcards = smartcardsApi(api);
  return { actors: { fetchSmartcards: fromPromise(() => absentOn404(smartcards.list())) } };
});
