import { createFileRoute } from '@tanstack/react-router';
import { FindBookingPage } from './-components/find-booking/find-booking-page';

/** Public: reachable signed in or not. */
export const Route = createFileRoute('/find-booking')({
  component: FindBookingPage,
});
