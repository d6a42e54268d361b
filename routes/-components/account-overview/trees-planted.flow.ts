import { fromPromise } from 'xstate';
import { treesPlantedMachine } from '#machines/trees-planted';
import { customerProfileApi } from '#src/api/customer-profile';
import { defineFlow } from '#src/flow';

/** The sustainability dashboard's chart bound to the API once (src/flow.tsx). */
export const treesPlantedFlow = defineFlow(treesPlantedMachine)(({ api }) => {
  const profileApi = customerProfileApi(api);
  return { actors: { fetchOrderCount: fromPromise(() => profileApi.getOrderCount()) } };
});
