import { createFileRoute } from '@tanstack/react-router';
import { JourneyChangeScreen } from './-components/journey-change/change-screen';

/**
 * A guest's change of journey, from the order's emailed link (docs/decisions/600-change-your-journey.md;
 * docs/access-policy.md): the account's screen, paid with a new card only (a guest has no saved cards).
 */
export const Route = createFileRoute('/order-token/$bookingId/change')({
  component: GuestJourneyChange,
});

function GuestJourneyChange() {
  return <JourneyChangeScreen key={Route.useParams().bookingId} bookingId={Route.useParams().bookingId} guest />;
}
