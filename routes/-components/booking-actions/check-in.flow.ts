import { fromPromise } from 'xstate';
import { checkInMachine } from '#machines/check-in';
import { bookingActionsApi } from '#src/api/booking-actions';
import { ApiError, schemaMismatchMessage } from '#src/api/errors';
import { defineFlow } from '#src/flow';
import { safeRedirectPath } from '#src/redirect';

const myAccountPath = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?my-account\//i;

/**
 * The page to go to after checking in: only a same-origin /my-account path (as the router's internal
 * path); anything else is treated as an unexpected answer.
 */
export const checkInDestination = (url: string): string | null => {
  if (!myAccountPath.test(url)) return null;
  const path = safeRedirectPath(url, '');
  return path === '' ? null : path;
};

/** Check-in bound to the API once (src/flow.tsx); the screen goes to the page it answers. */
export const checkInFlow = defineFlow(checkInMachine)(({ api }) => {
  const actions = bookingActionsApi(api);
  return {
    actors: {
      checkIn: fromPromise(async ({ input, signal }) => {
        const { url } = await actions.checkIn(input.uri, signal);
        const path = checkInDestination(url);
        if (!path) throw new ApiError({ kind: 'schema', message: schemaMismatchMessage });
        return { url: path };
      }),
    },
  };
});
