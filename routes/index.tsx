import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2: / redirects to /bookings. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/bookings', replace: true });
  },
});
