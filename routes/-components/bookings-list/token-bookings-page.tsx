import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { tokenBookingsMachine } from '#machines/token-bookings';
import { bookingsListApi } from '#src/api/bookings-list';
import { formatDate } from '#src/i18n/format';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './bookings-list.css';
import * as formStyles from '#src/ui/form.css';

/** /order-token: the bookings this guest link may open (GET booking/token). */
export function TokenBookingsPage() {
  const { api, locale, hashToken } = useServices();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    tokenBookingsMachine.provide({
      actors: { fetchTokenBookings: fromPromise(({ signal }) => bookingsListApi(api).getTokenBookings(signal)) },
    }),
  );
  const data = snapshot.context.data;
  return (
    <Page title="Your bookings">
      {snapshot.matches('loading') && <Loading label="Loading your bookings…" />}
      {snapshot.matches('failed') && (
        <Alert tone="error" title="Unable to fetch bookings">
          <p>Please try again. If your link has expired, find your booking again.</p>
          <Button tone="secondary" onClick={() => send({ type: 'tokenBookings.retry' })}>
            Try again
          </Button>{' '}
          <Link to="/find-booking">Find a booking</Link>
        </Alert>
      )}
      {data && (
        <>
          {data.customerRegistered && (
            <Alert tone="info" title="You have an account with us">
              <p>Sign in to see all your bookings in one place, and add these bookings to your account.</p>
              <div className={formStyles.actions}>
                {api.orderToken ? (
                  <Button
                    tone="secondary"
                    onClick={() => {
                      // The token moves in memory to the guest bookings screen, which offers the association.
                      hashToken.put(api.orderToken ?? '');
                      void navigate({ to: '/bookings/guest' });
                    }}
                  >
                    Add to my account
                  </Button>
                ) : null}
                <Link to="/login">Sign in</Link>
              </div>
            </Alert>
          )}
          {data.bookings.length === 0 ? (
            <div className={styles.empty}>
              <p>There are no bookings to show for this link.</p>
            </div>
          ) : (
            <ul className={styles.list}>
              {data.bookings.map(({ booking, order }) => (
                <li key={booking.id}>
                  <article className={styles.card} aria-labelledby={`token-booking-${booking.id}`}>
                    <div>
                      <h2 id={`token-booking-${booking.id}`} className={styles.cardTitle}>
                        <Link to="/order-token/$bookingId" params={{ bookingId: booking.id }} className={styles.cardLink}>
                          {booking.outward.origin.name} to {booking.outward.destination.name}
                        </Link>
                      </h2>
                      <p className={styles.meta}>
                        {formatDate(booking.outward.date, locale.tag, {
                          weekday: 'short',
                          day: 'numeric',
                          month: 'short',
                          year: 'numeric',
                          timeZone: 'Europe/London',
                        })}{' '}
                        · <span style={{ whiteSpace: 'nowrap' }}>Reference {order.friendlyOrderId}</span>
                      </p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
