import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2: /bookings redirects to /bookings/upcoming. */
export const Route = createFileRoute('/_account/bookings/')({
  beforeLoad: () => {
    throw redirect({ to: '/bookings/upcoming', replace: true });
  },
});
