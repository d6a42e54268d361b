import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { SeasonStartLoading, SeasonStartScreen } from './-components/season-start-change/season-start-screen';

/**
 * A guest's change of a season's start date, from the order's emailed link
 * (docs/decisions/790-season-start-date-screen.md; docs/access-policy.md): the account's screen,
 * paid with a new card only (a guest has no saved cards).
 */
export const Route = createFileRoute('/order-token/$bookingId/change-start-date')({
  // The season's options (docs/decisions/730): loaded by the router once the layout accepts the
  // link, nothing while it refuses it; preloaded on intent only with the guest's own token.
  // Meanwhile the screen's own loading state, and a failure is the screen's error with Try again.
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/season-start-change/load-season-options')).loadSeasonOptions(
        load,
        load.params.bookingId,
      ),
    ),
  ...firstDataCache,
  // The pending screen travels with the screen's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function GuestSeasonStartPending() {
    const { bookingId } = Route.useParams();
    return <SeasonStartLoading bookingId={bookingId} guest />;
  },
  component: GuestSeasonStart,
});

function GuestSeasonStart() {
  const { bookingId } = Route.useParams();
  return <SeasonStartScreen key={bookingId} bookingId={bookingId} guest first={Route.useLoaderData() ?? undefined} />;
}
