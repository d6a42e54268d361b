import { createFileRoute } from '@tanstack/react-router';
import { bookingsTabsCache } from '#src/config/timeouts';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { BookingsScreen } from './-components/bookings-list/bookings-screen';
import { GuestAssociation } from './-components/bookings-list/guest-association';

/**
 * Guest bookings: orders placed with the customer's email without signing in. A guest token in the
 * URL hash (#token=...) offers to add them to the account (docs/decisions/011); the token was taken
 * from the address bar at start-up and is read by the association, never by the loader.
 */
export const Route = createFileRoute('/_account/_bookings/bookings/guest')({
  validateSearch: BookingsListSearch,
  // The tab's first page (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/bookings-list/load-first-page')).loadFirstPage(load, 'guest'),
  ...bookingsTabsCache,
  component: function BookingsGuest() {
    const { bookingsImported } = Route.useSearch();
    return (
      <BookingsScreen
        filter="guest"
        bookingsImported={bookingsImported}
        intro={<GuestAssociation />}
        first={Route.useLoaderData()}
      />
    );
  },
});
