import { createFileRoute } from '@tanstack/react-router';
import { JourneyChangeScreen } from './-components/journey-change/change-screen';

/** Change your journey (docs/decisions/600-change-your-journey.md): a lazy chunk of its own. */
export const Route = createFileRoute('/_account/bookings/$bookingId/change')({
  component: AccountJourneyChange,
});

function AccountJourneyChange() {
  return (
    <JourneyChangeScreen key={Route.useParams().bookingId} bookingId={Route.useParams().bookingId} guest={false} />
  );
}
