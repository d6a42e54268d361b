import { createFileRoute } from '@tanstack/react-router';
import { AssistanceFeature } from './-components/passenger-assistance/feature';
import { AssistanceCancelPage } from './-components/passenger-assistance/assistance-cancel-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/cancel')({
  component: AssistanceCancelRoute,
});

function AssistanceCancelRoute() {
  const { bookingId, id } = Route.useParams();
  return (
    <AssistanceFeature>
      <AssistanceCancelPage key={`${bookingId}/${id}`} bookingId={bookingId} assistanceId={id} />
    </AssistanceFeature>
  );
}
