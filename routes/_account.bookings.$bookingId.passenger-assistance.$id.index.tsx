import { createFileRoute } from '@tanstack/react-router';
import { AssistanceFeature, useAssistanceNotice } from './-components/passenger-assistance/feature';
import { AssistanceReviewPage } from './-components/passenger-assistance/assistance-review-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/')({
  component: AssistanceReviewRoute,
});

function AssistanceReviewRoute() {
  const { bookingId, id } = Route.useParams();
  const booked = useAssistanceNotice('booked');
  return (
    <AssistanceFeature>
      <AssistanceReviewPage key={`${bookingId}/${id}`} bookingId={bookingId} assistanceId={id} booked={booked} />
    </AssistanceFeature>
  );
}
