import { createFileRoute } from '@tanstack/react-router';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { BookingsScreen } from './-components/bookings-list/bookings-screen';

export const Route = createFileRoute('/_account/_bookings/bookings/season')({
  validateSearch: BookingsListSearch,
  component: function BookingsSeason() {
    const { bookingsImported } = Route.useSearch();
    return <BookingsScreen filter="season" bookingsImported={bookingsImported} />;
  },
});
