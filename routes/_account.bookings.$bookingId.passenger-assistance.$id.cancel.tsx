import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AssistanceFeature } from './-components/passenger-assistance/feature';
import {
  AssistanceCancelLoading,
  AssistanceCancelPage,
} from './-components/passenger-assistance/assistance-cancel-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/cancel')({
  // The booking and the assistance to cancel (docs/decisions/730): loaded by the router, preloaded on
  // intent; meanwhile the page's own loading words, and a failure is the page's error with Try again.
  loader: async (load) =>
    (await import('./-components/passenger-assistance/load-assistance')).loadAssistanceItem(
      load,
      load.params.bookingId,
      load.params.id,
    ),
  ...firstDataCache,
  // The pending page travels with the page's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AssistanceCancelPending() {
    return (
      <AssistanceFeature>
        <AssistanceCancelLoading />
      </AssistanceFeature>
    );
  },
  component: AssistanceCancelRoute,
});

function AssistanceCancelRoute() {
  const { bookingId, id } = Route.useParams();
  return (
    <AssistanceFeature>
      <AssistanceCancelPage
        key={`${bookingId}/${id}`}
        bookingId={bookingId}
        assistanceId={id}
        first={Route.useLoaderData()}
      />
    </AssistanceFeature>
  );
}
