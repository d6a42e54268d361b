import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { checkInMessages } from '#src/copy/check-in';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { checkInDestination, checkInFlow } from './check-in.flow';
import * as styles from '../booking-actions.css';
import { bookingPath } from '../booking-links';
import { m } from '#src/paraglide/messages.js';

export { checkInDestination };

/**
 * /bookings/{bookingId}/check-in and /order-token/{bookingId}/check-in: checks in straight away
 * (POST booking/checkIn with the booking's uri; the guest order token goes with it), then goes to
 * the returned page.
 */
export function CheckInScreen({ bookingId, guest }: { bookingId: string; guest: boolean }) {
  const navigate = useNavigate();
  const [snapshot, send] = checkInFlow.useFlow({ input: { uri: `/bookings/${bookingId}` } });
  const done = snapshot.matches('done');
  const url = snapshot.context.url;

  useEffect(() => {
    if (done && url) void navigate({ href: url, replace: true });
  }, [done, url, navigate]);

  const back = (
    <Link to={bookingPath(guest, 'detail')} params={{ bookingId }} activeOptions={{ exact: true }}>
      {m.booking_actions_check_in_screen_back_to_your_booking()}
    </Link>
  );

  return (
    <Page title={m.booking_actions_check_in_screen_check_in()} narrow>
      {snapshot.matches('checkingIn') && <Loading label={m.booking_actions_check_in_screen_checking_you_in()} />}
      {done && <Loading label={m.booking_actions_check_in_screen_youre_checked_in_taking_you()} />}
      {snapshot.matches('failed') && (
        <>
          <Alert tone="error" title={m.booking_actions_check_in_screen_check_in_failed()}>
            {checkInMessages.error}
          </Alert>
          <div className={styles.actions}>
            <Button onClick={() => send({ type: 'checkIn.retry' })}>{m.common_try_again()}</Button>
            {back}
          </div>
        </>
      )}
      {snapshot.matches('notAvailable') && snapshot.context.unavailableReason && (
        <>
          <Alert tone="info" title={m.booking_actions_check_in_screen_check_in_isnt_available()}>
            {checkInMessages[snapshot.context.unavailableReason]}
          </Alert>
          <p>{back}</p>
        </>
      )}
    </Page>
  );
}
