import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AssistanceFeature, useAssistanceNotice } from './-components/passenger-assistance/feature';
import { AssistanceReviewPage } from './-components/passenger-assistance/assistance-review-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/')({
  // The booking and this assistance (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/passenger-assistance/load-assistance')).loadAssistanceItem(
      load,
      load.params.bookingId,
      load.params.id,
    ),
  ...firstDataCache,
  component: AssistanceReviewRoute,
});

function AssistanceReviewRoute() {
  const { bookingId, id } = Route.useParams();
  const booked = useAssistanceNotice('booked');
  return (
    <AssistanceFeature>
      <AssistanceReviewPage
        key={`${bookingId}/${id}`}
        bookingId={bookingId}
        assistanceId={id}
        booked={booked}
        first={Route.useLoaderData()}
      />
    </AssistanceFeature>
  );
}
