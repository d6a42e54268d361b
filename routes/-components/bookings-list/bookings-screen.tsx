import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { bookingsListErrorMessage } from '#machines/bookings-list';
import { portalInfo } from '#src/config/portals';
import type { BookingFilter, BookingsImported } from '#src/schemas/bookings-list';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { BookingCard } from './booking-card';
import { useBookingsStore } from './bookings-store';
import { ImportedMessage } from './imported-message';
import * as styles from './bookings-list.css';

const tabs = [
  { filter: 'upcoming', to: '/bookings/upcoming', label: 'Upcoming' },
  { filter: 'past', to: '/bookings/past', label: 'Past' },
  { filter: 'season', to: '/bookings/season', label: 'Season tickets' },
  { filter: 'guest', to: '/bookings/guest', label: 'Guest bookings' },
] as const;

const panelTitles: Record<BookingFilter, string> = {
  upcoming: 'Upcoming bookings',
  past: 'Past bookings',
  season: 'Season tickets',
  guest: 'Guest bookings',
};

const emptyText: Record<BookingFilter, ReactNode> = {
  upcoming: "You don't have any upcoming journeys.",
  past: "You don't have any past journeys yet.",
  season: "You don't have any season tickets.",
  guest: 'There are no guest bookings with your email address.',
};

export interface BookingsScreenProps {
  filter: BookingFilter;
  bookingsImported?: BookingsImported | undefined;
  /** Shown above the guest list (what guest bookings are, and the association). */
  intro?: ReactNode;
}

/** /bookings/{upcoming|past|season|guest}: tabs with totals, the filter's list, paging and states. */
export function BookingsScreen({ filter, bookingsImported, intro }: BookingsScreenProps) {
  const { pageData, locale } = useServices();
  const actor = useBookingsStore();
  useEffect(() => {
    actor.send({ type: 'bookings.show', filter });
  }, [actor, filter]);
  const counts = useSelector(actor, (s) => s.context.counts);
  const hasGuest = useSelector(actor, (s) => s.context.hasGuestBookings);
  const state = useSelector(actor, (s) => s.context.byFilter[filter]);
  const now = new Date();
  const visibleTabs = tabs.filter((t) => t.filter !== 'guest' || hasGuest || filter === 'guest');
  const loadedOnce = state.total !== null;

  let body: ReactNode;
  if (state.results.length === 0 && state.error) {
    body = (
      <Alert tone="error" title={bookingsListErrorMessage}>
        <p>Please check your connection and try again.</p>
        <Button tone="secondary" onClick={() => actor.send({ type: 'bookings.retry' })}>
          Try again
        </Button>
      </Alert>
    );
  } else if (state.results.length === 0 && (state.pending || !loadedOnce)) {
    body = <Loading label="Loading your bookings…" />;
  } else if (state.results.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>{emptyText[filter]}</p>
        {filter !== 'guest' && (
          <p>
            <Link to="/find-booking">Find a booking</Link> made without signing in.
          </p>
        )}
      </div>
    );
  } else {
    const remaining = (state.total ?? 0) - state.results.length;
    body = (
      <>
        <ul className={styles.list}>
          {state.results.map((entry) => (
            <li key={entry.booking.id}>
              <BookingCard entry={entry} locale={locale.tag} now={now} linkToDetail={filter !== 'guest'} />
            </li>
          ))}
        </ul>
        <div className={styles.more}>
          <p className={styles.meta} role="status">
            Showing {state.results.length} of {state.total}
          </p>
          {state.error && (
            <Alert tone="error" title={bookingsListErrorMessage}>
              <Button tone="secondary" onClick={() => actor.send({ type: 'bookings.retry' })}>
                Try again
              </Button>
            </Alert>
          )}
          {remaining > 0 && !state.error && (
            <Button tone="secondary" busy={state.pending} busyLabel="Loading…" disabled={state.pending} onClick={() => actor.send({ type: 'bookings.loadMore' })}>
              Load more bookings
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <Page title={portalInfo[pageData.portal].bookingsHeading}>
      <ImportedMessage value={bookingsImported} />
      <nav aria-label="Booking lists">
        <ul className={styles.tabs}>
          {visibleTabs.map((t) => {
            const n = counts?.[t.filter];
            return (
              <li key={t.filter}>
                <Link to={t.to} className={styles.tab} aria-current={t.filter === filter ? 'page' : undefined}>
                  {t.label}
                  {n !== undefined && (
                    <span className={styles.count}>
                      <span className="visually-hidden">(</span>
                      {n}
                      <span className="visually-hidden">{n === 1 ? ' booking)' : ' bookings)'}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="bookings-panel-title">
        <h2 id="bookings-panel-title" className={styles.panelHeading}>
          {panelTitles[filter]}
        </h2>
        {intro}
        {body}
      </section>
    </Page>
  );
}
