import { createFileRoute } from '@tanstack/react-router';
import { requireAssistanceFeature } from './-components/passenger-assistance/feature';
import { AssistanceRequestPage } from './-components/passenger-assistance/assistance-request-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/create')({
  beforeLoad: requireAssistanceFeature,
  component: AssistanceRequestRoute,
});

function AssistanceRequestRoute() {
  const { bookingId } = Route.useParams();
  return <AssistanceRequestPage key={bookingId} bookingId={bookingId} />;
}
