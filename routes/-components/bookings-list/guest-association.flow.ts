import { fromPromise } from 'xstate';
import { guestAssociationMachine } from '#machines/guest-association';
import { bookingsListApi } from '#src/api/bookings-list';
import { defineFlow } from '#src/flow';

/**
 * Adding guest orders to the account, bound to the API once (src/flow.tsx): the Guest tab and a
 * guest booking's "Add to my account" run it. Each screen goes on to the upcoming list once the
 * flow is `redirected` (it follows the snapshot).
 */
export const guestAssociationFlow = defineFlow(guestAssociationMachine)(({ api }) => {
  const lists = bookingsListApi(api);
  return {
    actors: { associateGuestOrders: fromPromise(({ input }) => lists.associateGuestOrders(input.guestToken)) },
  };
});
