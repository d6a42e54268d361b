import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { guestAssociationMachine, type AssociationOutcome } from '#machines/guest-association';
import { bookingsListApi } from '#src/api/bookings-list';
import type { BookingsImported } from '#src/schemas/bookings-list';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { useResetBookingsStore } from './bookings-store';
import * as styles from './bookings-list.css';

const searchFor: Record<AssociationOutcome, BookingsImported | undefined> = {
  success: true,
  partial: 'partial',
  none: 'none',
  error: false,
  forbidden: undefined, // 403 goes quietly to the target page
};

/**
 * What guest bookings are, and (with a guest token from the URL hash, e.g. the link in a booking
 * confirmation email: /my-account/bookings/guest#token=...) the button that adds them to the account.
 */
export function GuestAssociation() {
  const services = useServices();
  const navigate = useNavigate();
  const resetBookingsStore = useResetBookingsStore();
  const email = useSelector(services.authActor, (s) => s.context.user?.email ?? null);
  // The token stays in memory only; read it once (peek keeps StrictMode's double render harmless).
  const [guestToken] = useState(() => services.hashToken.peek());
  useEffect(() => {
    if (guestToken && services.hashToken.peek() === guestToken) services.hashToken.take();
  }, [guestToken, services.hashToken]);
  const [snapshot, send] = useMachine(
    guestAssociationMachine.provide({
      actors: {
        associateGuestOrders: fromPromise(({ input }) => bookingsListApi(services.api).associateGuestOrders(input.guestToken)),
      },
      actions: {
        redirectToTarget: (_, { outcome }) => {
          resetBookingsStore();
          const bookingsImported = searchFor[outcome];
          void navigate({ to: '/bookings/upcoming', search: bookingsImported === undefined ? {} : { bookingsImported }, replace: true });
        },
      },
    }),
    { input: { guestToken } },
  );
  const { outcome, count } = snapshot.context;

  return (
    <>
      <p>
        Guest bookings were made with {email ? <strong>{email}</strong> : 'your email address'} without signing in. You can
        see them here, but they are not part of your account until you add them.
      </p>
      {guestToken ? (
        <div className={styles.associate}>
          <h3 className={styles.associateHeading}>Add your guest bookings to your account</h3>
          {snapshot.matches('ready') || snapshot.matches('associating') ? (
            <>
              <p>Then you can manage them here with the rest of your bookings.</p>
              <Button
                onClick={() => send({ type: 'association.start' })}
                busy={snapshot.matches('associating')}
                busyLabel="Adding bookings…"
                disabled={snapshot.matches('associating')}
              >
                Add these bookings to my account
              </Button>
            </>
          ) : (
            <div role="status">
              {outcome === 'success' && <p>{count === 1 ? '1 booking added.' : `${count} bookings added.`} Taking you to your bookings…</p>}
              {outcome === 'partial' && <p>{count === 1 ? '1 booking added' : `${count} bookings added`}, but some could not be. Taking you to your bookings…</p>}
              {outcome === 'none' && <p>There were no new bookings to add. Taking you to your bookings…</p>}
              {outcome === 'forbidden' && <p>Taking you to your bookings…</p>}
              {outcome === 'error' && <p>Something went wrong. Taking you to your bookings…</p>}
            </div>
          )}
        </div>
      ) : (
        <Alert tone="info" title="To add them to your account">
          <p style={{ margin: 0 }}>
            Open one of them from its confirmation email, or <Link to="/find-booking">find it</Link>, then choose "Add to my
            account". After you sign in, we bring you back here with a button that adds them.
          </p>
        </Alert>
      )}
    </>
  );
}
