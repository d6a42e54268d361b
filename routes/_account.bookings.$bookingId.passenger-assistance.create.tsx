import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AssistanceFeature } from './-components/passenger-assistance/feature';
import {
  AssistanceRequestLoading,
  AssistanceRequestPage,
} from './-components/passenger-assistance/assistance-request-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/create')({
  // The booking and its assistance (docs/decisions/730): loaded by the router, preloaded on intent;
  // meanwhile the form's own loading words, and a failure is the form's error with Try again.
  loader: async (load) =>
    (await import('./-components/passenger-assistance/load-assistance')).loadAssistanceRequest(
      load,
      load.params.bookingId,
    ),
  ...firstDataCache,
  // The pending page travels with the form's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AssistanceRequestPending() {
    const { bookingId } = Route.useParams();
    return (
      <AssistanceFeature>
        <AssistanceRequestLoading bookingId={bookingId} />
      </AssistanceFeature>
    );
  },
  component: AssistanceRequestRoute,
});

function AssistanceRequestRoute() {
  const { bookingId } = Route.useParams();
  return (
    <AssistanceFeature>
      <AssistanceRequestPage key={bookingId} bookingId={bookingId} first={Route.useLoaderData()} />
    </AssistanceFeature>
  );
}
