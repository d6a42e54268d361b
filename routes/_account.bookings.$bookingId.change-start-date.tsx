import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { SeasonStartLoading, SeasonStartScreen } from './-components/season-start-change/season-start-screen';

/** A season ticket's change of start date (docs/decisions/790-season-start-date-screen.md): a lazy chunk of its own. */
export const Route = createFileRoute('/_account/bookings/$bookingId/change-start-date')({
  // The season's options (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile
  // the screen's own loading state, and a failure is the screen's error with Try again.
  loader: async (load) =>
    (await import('./-components/season-start-change/load-season-options')).loadSeasonOptions(
      load,
      load.params.bookingId,
    ),
  ...firstDataCache,
  // The pending screen travels with the screen's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AccountSeasonStartPending() {
    const { bookingId } = Route.useParams();
    return <SeasonStartLoading bookingId={bookingId} guest={false} />;
  },
  component: AccountSeasonStart,
});

function AccountSeasonStart() {
  const { bookingId } = Route.useParams();
  return <SeasonStartScreen key={bookingId} bookingId={bookingId} guest={false} first={Route.useLoaderData()} />;
}
