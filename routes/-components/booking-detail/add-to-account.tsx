import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AssociationOutcome } from '#machines/guest-association';
import { m } from '#src/paraglide/messages.js';
import type { BookingsImported } from '#src/schemas/bookings-list';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LiveRegion } from '#src/ui/live-region';
import * as styles from './booking-detail.css';
import { guestAssociationFlow } from '../bookings-list/guest-association.flow';

const searchFor: Record<AssociationOutcome, BookingsImported | undefined> = {
  success: true,
  partial: 'partial',
  none: 'none',
  error: false,
  forbidden: undefined,
  unverified: undefined,
};

/**
 * "Add to my account" on a guest booking a signed-in customer opened with its email link or with
 * Find a booking (/order-token/{bookingId}): the token that opened it goes to the spec's association
 * call (POST /order/associate-guest-orders), which adds every guest order made with the customer's
 * email; then, as from the Guest tab, the upcoming list says what was added (docs/product/constants.md's
 * 1000 ms). A Find a booking token does not verify the account's email (decision 303): the server
 * refuses, and the page says to confirm the email first.
 */
export function AddToAccount({ guestToken }: { guestToken: string }) {
  const navigate = useNavigate();
  const [token] = useState(guestToken);
  const [snapshot, send] = guestAssociationFlow.useFlow({ input: { guestToken: token } });
  const { outcome, count } = snapshot.context;
  // The outcome has been on screen: on to the upcoming list, saying what was added.
  const redirected = snapshot.matches('redirected');
  useEffect(() => {
    if (!redirected) return;
    const bookingsImported = searchFor[outcome ?? 'error'];
    void navigate({
      to: '/bookings/upcoming',
      search: bookingsImported === undefined ? {} : { bookingsImported },
      replace: true,
    });
  }, [redirected, outcome, navigate]);
  const associating = snapshot.matches('associating');
  const ready = snapshot.matches('ready');
  const unverified = snapshot.matches('unverified');
  const said = !ready && !associating && !unverified;

  return (
    <section className={styles.section} aria-labelledby="add-to-account-heading">
      <h2 id="add-to-account-heading" className={styles.sectionTitle}>
        {m.booking_add_to_account_title()}
      </h2>
      {ready || associating ? <p>{m.booking_add_to_account_text()}</p> : null}
      {/* The button stays until the page moves on: busy while the bookings are added, then
          unavailable beside what happened, so the focus stays on it (WCAG 2.4.3, decision 580). */}
      <Button
        onClick={() => send({ type: 'association.start' })}
        busy={associating}
        busyLabel={m.bookings_list_guest_association_adding_bookings()}
        disabled={!ready}
        aria-describedby={unverified ? 'add-to-account-unverified' : said ? 'add-to-account-outcome' : undefined}
      >
        {m.booking_add_to_account_button()}
      </Button>
      {unverified && (
        <Alert tone="error" id="add-to-account-unverified">
          {m.booking_add_to_account_unverified()}
        </Alert>
      )}
      {/* On the page, empty, from the first render: the outcome is announced as it goes in (decision 373). */}
      <LiveRegion id="add-to-account-outcome">
        {said && <AssociationOutcomeText outcome={outcome} count={count} />}
      </LiveRegion>
    </section>
  );
}

/** What the association did, while the page moves on to the bookings. */
function AssociationOutcomeText({ outcome, count }: { outcome: AssociationOutcome | null | undefined; count: number }) {
  return (
    <>
      {outcome === 'success' && <p>{m.bookings_list_guest_association_added_all({ count })}</p>}
      {outcome === 'partial' && <p>{m.bookings_list_guest_association_added_some({ count })}</p>}
      {outcome === 'none' && <p>{m.bookings_list_guest_association_there_were_no_new_bookings()}</p>}
      {outcome === 'forbidden' && <p>{m.bookings_list_guest_association_taking_you_to_your_bookings()}</p>}
      {outcome === 'error' && <p>{m.bookings_list_guest_association_something_went_wrong_taking_you()}</p>}
    </>
  );
}
