import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { JourneyChangeLoading, JourneyChangeScreen } from './-components/journey-change/change-screen';

/** Change your journey (docs/decisions/600-change-your-journey.md): a lazy chunk of its own. */
export const Route = createFileRoute('/_account/bookings/$bookingId/change')({
  // The booking's change options (docs/decisions/730): loaded by the router, preloaded on intent;
  // meanwhile the screen's own loading state, and a failure is the screen's error with Try again.
  loader: async (load) =>
    (await import('./-components/journey-change/load-change-options')).loadChangeOptions(load, load.params.bookingId),
  ...firstDataCache,
  // The pending screen travels with the screen's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AccountJourneyChangePending() {
    const { bookingId } = Route.useParams();
    return <JourneyChangeLoading bookingId={bookingId} guest={false} />;
  },
  component: AccountJourneyChange,
});

function AccountJourneyChange() {
  const { bookingId } = Route.useParams();
  return <JourneyChangeScreen key={bookingId} bookingId={bookingId} guest={false} first={Route.useLoaderData()} />;
}
