import { fromPromise } from 'xstate';
import { calendarFeedMachine } from '#machines/calendar-feed';
import { calendarFeedApi } from '#src/api/calendar-feed';
import { defineFlow } from '#src/flow';

/** The calendar feed's chart bound to the API once (src/flow.tsx). */
export const calendarFeedFlow = defineFlow(calendarFeedMachine)(({ api }) => {
  const feed = calendarFeedApi(api);
  return {
    actors: {
      fetchFeed: fromPromise(() => feed.get()),
      createFeed: fromPromise(() => feed.create()),
      removeFeed: fromPromise(() => feed.remove()),
    },
  };
});
