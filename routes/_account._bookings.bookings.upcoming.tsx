import { createFileRoute } from '@tanstack/react-router';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { BookingsScreen } from './-components/bookings-list/bookings-screen';

export const Route = createFileRoute('/_account/_bookings/bookings/upcoming')({
  validateSearch: BookingsListSearch,
  component: function BookingsUpcoming() {
    const { bookingsImported } = Route.useSearch();
    return <BookingsScreen filter="upcoming" bookingsImported={bookingsImported} />;
  },
});
