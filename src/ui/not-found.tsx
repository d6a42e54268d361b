import { Link } from '@tanstack/react-router';
import { Page } from './page';

/** Spec section 8: unknown page shows the 404 not-found screen (the server sends status 404). */
export function NotFound() {
  return (
    <Page title="Page not found">
      <p>Sorry, we couldn't find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/bookings/upcoming">Go to your bookings</Link>
      </p>
    </Page>
  );
}
