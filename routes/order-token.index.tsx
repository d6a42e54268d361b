import { createFileRoute } from '@tanstack/react-router';
import { TokenBookingsPage } from './-components/find-booking/token-bookings-page';

export const Route = createFileRoute('/order-token/')({
  component: TokenBookingsPage,
});
