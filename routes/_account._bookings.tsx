import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BookingsStoreProvider } from './-components/bookings-list/bookings-store';

/**
 * Pathless layout of the bookings lists (/bookings and its four tabs): it owns the bookings store,
 * the one bookings-list actor the tabs share (docs/decisions/010-bookings-lists-and-guest-access.md).
 */
export const Route = createFileRoute('/_account/_bookings')({
  component: function BookingsLayout() {
    return (
      <BookingsStoreProvider>
        <Outlet />
      </BookingsStoreProvider>
    );
  },
});
