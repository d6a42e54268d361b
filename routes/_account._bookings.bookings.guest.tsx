import { createFileRoute } from '@tanstack/react-router';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { BookingsScreen } from './-components/bookings-list/bookings-screen';
import { GuestAssociation } from './-components/bookings-list/guest-association';

/**
 * Guest bookings: orders placed with the customer's email without signing in. A guest token in the
 * URL hash (#token=...) offers to add them to the account (docs/decisions/011).
 */
export const Route = createFileRoute('/_account/_bookings/bookings/guest')({
  validateSearch: BookingsListSearch,
  component: function BookingsGuest() {
    const { bookingsImported } = Route.useSearch();
    return <BookingsScreen filter="guest" bookingsImported={bookingsImported} intro={<GuestAssociation />} />;
  },
});
