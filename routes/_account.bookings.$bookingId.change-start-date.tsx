import { createFileRoute } from '@tanstack/react-router';
import { SeasonStartScreen } from './-components/season-start-change/season-start-screen';

/** A season ticket's change of start date (docs/decisions/790-season-start-date-screen.md): a lazy chunk of its own. */
export const Route = createFileRoute('/_account/bookings/$bookingId/change-start-date')({
  component: AccountSeasonStart,
});

function AccountSeasonStart() {
  const { bookingId } = Route.useParams();
  return <SeasonStartScreen key={bookingId} bookingId={bookingId} guest={false} />;
}
