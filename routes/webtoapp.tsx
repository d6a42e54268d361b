import * as v from 'valibot';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { Alert } from '#src/ui/alert';
import { buttonClass } from '#src/ui/button-class';
import * as formStyles from '#src/ui/form.css';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

/** The retailer app's deep link for a booking (docs/decisions/013). */
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
      <Page title={m.route_webtoapp_open_in_the_app()} narrow>
        {bookingId ? (
          <>
            <p>{m.route_webtoapp_see_your_tickets_live_journey()}</p>
            <div className={formStyles.actions}>
              <a href={appBookingLink(bookingId)} className={buttonClass({ tone: 'primary' })}>
                {m.route_webtoapp_open_this_booking_in_the()}
              </a>
              <Link to="/bookings/$bookingId" params={{ bookingId }} className={buttonClass({ tone: 'secondary' })}>
                {m.route_webtoapp_continue_on_the_website()}
              </Link>
            </div>
            <p>{m.route_webtoapp_if_the_app_doesnt_open()}</p>
          </>
        ) : (
          <Alert tone="info" title={m.route_webtoapp_no_booking_chosen()}>
            <p style={{ margin: 0 }}>
              {rich(m.route_webtoapp_this_link_doesnt_say_which, {
                link: <Link to="/bookings">{m.route_webtoapp_see_your_bookings()}</Link>,
              })}
            </p>
          </Alert>
        )}
      </Page>
    );
  },
});
