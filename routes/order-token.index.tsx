import { createFileRoute } from '@tanstack/react-router';
import { TokenBookingsPage } from './-components/bookings-list/token-bookings-page';

export const Route = createFileRoute('/order-token/')({
  component: TokenBookingsPage,
});
