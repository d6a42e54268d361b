import { createFileRoute } from '@tanstack/react-router';
import { AssistanceFeature, useAssistanceNotice } from './-components/passenger-assistance/feature';
import { AssistanceListPage } from './-components/passenger-assistance/assistance-list-page';

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/')({
  component: AssistanceListRoute,
});

function AssistanceListRoute() {
  const { bookingId } = Route.useParams();
  const cancelled = useAssistanceNotice('cancelled');
  return (
    <AssistanceFeature>
      <AssistanceListPage key={bookingId} bookingId={bookingId} cancelled={cancelled} />
    </AssistanceFeature>
  );
}
