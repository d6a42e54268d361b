import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AssistanceFeature, useAssistanceNotice } from './-components/passenger-assistance/feature';
import { AssistanceListPage } from './-components/passenger-assistance/assistance-list-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/')({
  // The booking and its assistance (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/passenger-assistance/load-assistance')).loadAssistanceOverview(
      load,
      load.params.bookingId,
    ),
  ...firstDataCache,
  component: AssistanceListRoute,
});

function AssistanceListRoute() {
  const { bookingId } = Route.useParams();
  const cancelled = useAssistanceNotice('cancelled');
  return (
    <AssistanceFeature>
      <AssistanceListPage key={bookingId} bookingId={bookingId} cancelled={cancelled} first={Route.useLoaderData()} />
    </AssistanceFeature>
  );
}
