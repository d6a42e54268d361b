import { Link } from '@tanstack/react-router';
import { Page } from './page';
import { m } from '#src/paraglide/messages.js';

/** docs/product/errors.md: unknown page shows the 404 not-found screen (the server sends status 404). */
export function NotFound() {
  return (
    <Page title={m.ui_not_found_page_not_found()}>
      <p>{m.ui_not_found_sorry_we_couldnt_find_the()}</p>
      <p>
        <Link to="/bookings/upcoming">{m.ui_not_found_go_to_your_bookings()}</Link>
      </p>
    </Page>
  );
}
