import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { checkInMachine } from '#machines/check-in';
import { checkInMessages } from '#src/copy/check-in';
import { ApiError, schemaMismatchMessage } from '#src/api/errors';
import { safeRedirectPath } from '#src/redirect';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { useBookingActionsApi } from './use-booking-actions-api';
import * as styles from '../booking-actions.css';
import { bookingPath } from '../booking-links';
import { m } from '#src/paraglide/messages.js';

const myAccountPath = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?my-account\//i;

/**
 * The page to go to after checking in: only a same-origin /my-account path (as the router's internal
 * path); anything else is treated as an unexpected answer.
 */
export const checkInDestination = (url: string): string | null => {
  if (!myAccountPath.test(url)) return null;
  const path = safeRedirectPath(url, '');
  return path === '' ? null : path;
};

/**
 * /bookings/{bookingId}/check-in and /order-token/{bookingId}/check-in: checks in straight away
 * (POST booking/checkIn with the booking's uri; the guest order token goes with it), then goes to
 * the returned page.
 */
export function CheckInScreen({ bookingId, guest }: { bookingId: string; guest: boolean }) {
  const api = useBookingActionsApi();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    checkInMachine.provide({
      actors: {
        checkIn: fromPromise(async ({ input, signal }) => {
          const { url } = await api.checkIn(input.uri, signal);
          const path = checkInDestination(url);
          if (!path)
            throw new ApiError({
              kind: 'schema',
              message: schemaMismatchMessage,
            });
          return { url: path };
        }),
      },
    }),
    { input: { uri: `/bookings/${bookingId}` } },
  );
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
