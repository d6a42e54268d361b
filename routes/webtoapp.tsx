import * as v from 'valibot';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { Alert } from '#src/ui/alert';
import * as buttonStyles from '#src/ui/button.css';
import * as formStyles from '#src/ui/form.css';

/** The retailer app's deep link for a booking (docs/decisions/010). */
export const appBookingLink = (bookingId: string) => `railapp://booking/${encodeURIComponent(bookingId)}`;

const Search = v.object({
  bookingId: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]{1,64}$/))),
});

/** /webtoapp?bookingId=...: open a booking in the app, with the web booking page as the fallback. */
export const Route = createFileRoute('/webtoapp')({
  validateSearch: (raw: Record<string, unknown>) => {
    const r = v.safeParse(Search, raw);
    return r.success ? r.output : {};
  },
  component: function WebToApp() {
    const { bookingId } = Route.useSearch();
    return (
      <Page title="Open in the app" narrow>
        {bookingId ? (
          <>
            <p>See your tickets, live journey updates and changes on your phone with our app.</p>
            <div className={formStyles.actions}>
              <a href={appBookingLink(bookingId)} className={buttonStyles.button({ tone: 'primary' })}>
                Open this booking in the app
              </a>
              <Link to="/bookings/$bookingId" params={{ bookingId }} className={buttonStyles.button({ tone: 'secondary' })}>
                Continue on the website
              </Link>
            </div>
            <p>If the app doesn't open, it may not be installed on this device: continue on the website instead.</p>
          </>
        ) : (
          <Alert tone="info" title="No booking chosen">
            <p style={{ margin: 0 }}>
              This link doesn't say which booking to open. <Link to="/bookings">See your bookings</Link>.
            </p>
          </Alert>
        )}
      </Page>
    );
  },
});
