import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { BookingDetailScreen } from './-components/booking-detail/booking-detail-screen';

export const Route = createFileRoute('/order-token/$bookingId/')({
  // The booking, then its change-of-journey check and calling points (docs/decisions/730): loaded
  // by the router once the layout accepts the link, nothing while it refuses it; preloaded on intent
  // (a booking of the link's list hovered or touched) only with the guest's own token.
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/booking-detail/load-booking')).loadBooking(load, load.params.bookingId),
    ),
  ...firstDataCache,
  component: GuestBookingDetail,
});

function GuestBookingDetail() {
  const { bookingId } = Route.useParams();
  const loaded = Route.useLoaderData() ?? undefined;
  return <BookingDetailScreen key={bookingId} bookingId={bookingId} mode="orderToken" loaded={loaded} />;
}
