import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { BookingDetailScreen } from './-components/booking-detail/booking-detail-screen';

export const Route = createFileRoute('/_account/bookings/$bookingId/')({
  // The booking, then its change-of-journey check and calling points (docs/decisions/730): loaded
  // by the router, the booking alone preloaded on intent (a booking card hovered or touched).
  loader: async (load) =>
    (await import('./-components/booking-detail/load-booking')).loadBooking(load, load.params.bookingId),
  ...firstDataCache,
  component: AccountBookingDetail,
});

function AccountBookingDetail() {
  const { bookingId } = Route.useParams();
  const loaded = Route.useLoaderData();
  return <BookingDetailScreen key={bookingId} bookingId={bookingId} mode="account" loaded={loaded} />;
}
