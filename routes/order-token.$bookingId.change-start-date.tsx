import { createFileRoute } from '@tanstack/react-router';
import { SeasonStartScreen } from './-components/season-start-change/season-start-screen';

/**
 * A guest's change of a season's start date, from the order's emailed link
 * (docs/decisions/790-season-start-date-screen.md; docs/access-policy.md): the account's screen,
 * paid with a new card only (a guest has no saved cards).
 */
export const Route = createFileRoute('/order-token/$bookingId/change-start-date')({
  component: GuestSeasonStart,
});

function GuestSeasonStart() {
  const { bookingId } = Route.useParams();
  return <SeasonStartScreen key={bookingId} bookingId={bookingId} guest />;
}
