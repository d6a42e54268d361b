import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AssociationOutcome } from '#machines/guest-association';
import type { BookingsImported } from '#src/schemas/bookings-list';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { useResetBookingsStore } from './bookings-store';
import { guestAssociationFlow } from './guest-association.flow';
import * as styles from './bookings-list.css';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';

const searchFor: Record<AssociationOutcome, BookingsImported | undefined> = {
  success: true,
  partial: 'partial',
  none: 'none',
  error: false,
  forbidden: undefined, // 403 goes quietly to the target page
  unverified: undefined, // stays on the page (a guest link verifies the email, so not seen here)
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
  const [snapshot, send] = guestAssociationFlow.useFlow({ input: { guestToken } });
  // The outcome has been on screen: the lists are asked afresh, on the upcoming tab saying what was added.
  const redirected = snapshot.matches('redirected');
  const { outcome, count } = snapshot.context;
  useEffect(() => {
    if (!redirected) return;
    resetBookingsStore();
    const bookingsImported = searchFor[outcome ?? 'error'];
    void navigate({
      to: '/bookings/upcoming',
      search: bookingsImported === undefined ? {} : { bookingsImported },
      replace: true,
    });
  }, [redirected, outcome, resetBookingsStore, navigate]);

  return (
    <>
      <p>
        {rich(m.bookings_list_guest_association_guest_bookings_were_made_with, {
          email: email ? <strong>{email}</strong> : m.bookings_list_guest_association_your_email_address(),
        })}
      </p>
      {guestToken ? (
        <div className={styles.associate}>
          <h3 className={styles.associateHeading}>{m.bookings_list_guest_association_add_your_guest_bookings_to()}</h3>
          {snapshot.matches('ready') || snapshot.matches('associating') ? (
            <p>{m.bookings_list_guest_association_then_you_can_manage_them()}</p>
          ) : null}
          {/* The button stays until the page moves on (busy, then unavailable beside what happened),
              so the focus stays on it (WCAG 2.4.3, decision 580); the outcome goes into a region on
              the page, empty, from the first render (decision 373). */}
          <Button
            onClick={() => send({ type: 'association.start' })}
            busy={snapshot.matches('associating')}
            busyLabel={m.bookings_list_guest_association_adding_bookings()}
            disabled={!snapshot.matches('ready')}
            aria-describedby={outcome ? 'guest-association-outcome' : undefined}
          >
            {m.bookings_list_guest_association_add_these_bookings_to_my()}
          </Button>
          <LiveRegion id="guest-association-outcome">
            {outcome === 'success' && <p>{m.bookings_list_guest_association_added_all({ count })}</p>}
            {outcome === 'partial' && <p>{m.bookings_list_guest_association_added_some({ count })}</p>}
            {outcome === 'none' && <p>{m.bookings_list_guest_association_there_were_no_new_bookings()}</p>}
            {outcome === 'forbidden' && <p>{m.bookings_list_guest_association_taking_you_to_your_bookings()}</p>}
            {outcome === 'error' && <p>{m.bookings_list_guest_association_something_went_wrong_taking_you()}</p>}
          </LiveRegion>
        </div>
      ) : (
        <Alert tone="info" title={m.bookings_list_guest_association_to_add_them_to_your()}>
          <p style={{ margin: 0 }}>
            {rich(m.bookings_list_guest_association_open_one_of_them_from, {
              link: <Link to="/find-booking">{m.bookings_list_guest_association_find_it()}</Link>,
            })}
          </p>
        </Alert>
      )}
    </>
  );
}
