import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { loadForGuest } from './-components/guest-first-data';
import { TokenBookingsPage } from './-components/bookings-list/token-bookings-page';

export const Route = createFileRoute('/order-token/')({
  // The bookings the link may open (docs/decisions/730): loaded by the router once the layout
  // accepts the link, nothing while it refuses it; preloaded on intent only with the guest's own token.
  loader: async (load) =>
    loadForGuest(load, async () =>
      (await import('./-components/bookings-list/load-token-bookings')).loadTokenBookings(load),
    ),
  ...firstDataCache,
  component: function TokenBookingsRoute() {
    return <TokenBookingsPage first={Route.useLoaderData()} />;
  },
});
