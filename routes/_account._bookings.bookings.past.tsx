import { createFileRoute } from '@tanstack/react-router';
import { bookingsTabsCache } from '#src/config/timeouts';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { BookingsScreen } from './-components/bookings-list/bookings-screen';

export const Route = createFileRoute('/_account/_bookings/bookings/past')({
  validateSearch: BookingsListSearch,
  // The tab's first page (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/bookings-list/load-first-page')).loadFirstPage(load, 'past'),
  ...bookingsTabsCache,
  component: function BookingsPast() {
    const { bookingsImported } = Route.useSearch();
    return <BookingsScreen filter="past" bookingsImported={bookingsImported} first={Route.useLoaderData()} />;
  },
});
