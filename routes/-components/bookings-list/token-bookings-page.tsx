import { Link, useNavigate } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import type { TokenBookings } from '#src/schemas/bookings-list';
import { formatDate } from '#src/i18n/format';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './bookings-list.css';
import * as formStyles from '#src/ui/form.css';
import { m } from '#src/paraglide/messages.js';
import { journeyName } from '../journey-name';
import { tokenBookingsFlow } from './token-bookings.flow';

/**
 * /order-token: the bookings this guest link may open (GET booking/token). `first`: the bookings its
 * route loaded (docs/decisions/730); without it the chart loads them.
 */
export function TokenBookingsPage({ first }: { first?: FirstData<TokenBookings> | null | undefined }) {
  const { api, locale, hashToken } = useServices();
  const navigate = useNavigate();
  const [snapshot, send] = tokenBookingsFlow.useFlow({ input: { first } });
  const data = snapshot.context.data;
  return (
    <Page title={m.bookings_list_token_bookings_page_your_bookings()}>
      {snapshot.matches('loading') && <Loading label={m.common_loading_your_bookings()} />}
      {snapshot.matches('failed') && (
        <Alert tone="error" title={m.bookings_list_token_bookings_page_unable_to_fetch_bookings()}>
          <p>{m.bookings_list_token_bookings_page_please_try_again_if_your()}</p>
          <Button tone="secondary" onClick={() => send({ type: 'tokenBookings.retry' })}>
            {m.common_try_again()}
          </Button>{' '}
          <Link to="/find-booking">{m.common_find_a_booking()}</Link>
        </Alert>
      )}
      {data && (
        <>
          {data.customerRegistered && (
            <Alert tone="info" title={m.bookings_list_token_bookings_page_you_have_an_account_with()}>
              <p>{m.bookings_list_token_bookings_page_sign_in_to_see_all()}</p>
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
                    {m.bookings_list_token_bookings_page_add_to_my_account()}
                  </Button>
                ) : null}
                <Link to="/login">{m.common_sign_in()}</Link>
              </div>
            </Alert>
          )}
          {data.bookings.length === 0 ? (
            <div className={styles.empty}>
              <p>{m.bookings_list_token_bookings_page_there_are_no_bookings_to()}</p>
            </div>
          ) : (
            <ul className={styles.list}>
              {data.bookings.map(({ booking, order }) => (
                <li key={booking.id}>
                  <article className={styles.card} aria-labelledby={`token-booking-${booking.id}`}>
                    <div>
                      <h2 id={`token-booking-${booking.id}`} className={styles.cardTitle}>
                        <Link
                          to="/order-token/$bookingId"
                          params={{ bookingId: booking.id }}
                          className={styles.cardLink}
                        >
                          {journeyName(booking.outward, locale.tag)}
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
                        ·{' '}
                        <span style={{ whiteSpace: 'nowrap' }}>
                          {m.bookings_list_token_bookings_page_reference({ friendlyOrderId: order.friendlyOrderId })}
                        </span>
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
