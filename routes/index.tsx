import { createFileRoute, redirect } from '@tanstack/react-router';

/** docs/product/screens.md: / redirects to /bookings. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/bookings', replace: true });
  },
});
