import { createFileRoute } from '@tanstack/react-router';
import { AssistanceFeature } from './-components/passenger-assistance/feature';
import { AssistanceRequestPage } from './-components/passenger-assistance/assistance-request-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/create')({
  component: AssistanceRequestRoute,
});

function AssistanceRequestRoute() {
  const { bookingId } = Route.useParams();
  return (
    <AssistanceFeature>
      <AssistanceRequestPage key={bookingId} bookingId={bookingId} />
    </AssistanceFeature>
  );
}
