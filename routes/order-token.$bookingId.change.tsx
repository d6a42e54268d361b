import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { JourneyChangeLoading, JourneyChangeScreen } from './-components/journey-change/change-screen';

/**
 * A guest's change of journey, from the order's emailed link (docs/decisions/600-change-your-journey.md;
 * docs/access-policy.md): the account's screen, paid with a new card only (a guest has no saved cards).
 */
export const Route = createFileRoute('/order-token/$bookingId/change')({
  // The booking's change options (docs/decisions/730): loaded by the router once the layout accepts
  // the link, nothing while it refuses it; preloaded on intent only with the guest's own token.
  // Meanwhile the screen's own loading state, and a failure is the screen's error with Try again.
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/journey-change/load-change-options')).loadChangeOptions(load, load.params.bookingId),
    ),
  ...firstDataCache,
  // The pending screen travels with the screen's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function GuestJourneyChangePending() {
    const { bookingId } = Route.useParams();
    return <JourneyChangeLoading bookingId={bookingId} guest />;
  },
  component: GuestJourneyChange,
});

function GuestJourneyChange() {
  const { bookingId } = Route.useParams();
  return <JourneyChangeScreen key={bookingId} bookingId={bookingId} guest first={Route.useLoaderData() ?? undefined} />;
}
