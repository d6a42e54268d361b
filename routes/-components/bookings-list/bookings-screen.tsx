import { useDeferredValue, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { bookingsListErrorMessage } from '#src/copy/bookings-list';
import type { FirstPage } from '#machines/bookings-list';
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
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';

const tabs = [
  { filter: 'upcoming', to: '/bookings/upcoming', label: m.bookings_list_bookings_screen_upcoming() },
  { filter: 'past', to: '/bookings/past', label: m.bookings_list_bookings_screen_past() },
  { filter: 'season', to: '/bookings/season', label: m.bookings_list_bookings_screen_season_tickets() },
  { filter: 'guest', to: '/bookings/guest', label: m.bookings_list_bookings_screen_guest_bookings() },
] as const;

const panelTitles: Record<BookingFilter, string> = {
  upcoming: m.bookings_list_bookings_screen_upcoming_title(),
  past: m.bookings_list_bookings_screen_past_title(),
  season: m.bookings_list_bookings_screen_season_tickets(),
  guest: m.bookings_list_bookings_screen_guest_bookings(),
};

const emptyText: Record<BookingFilter, ReactNode> = {
  upcoming: m.bookings_list_bookings_screen_upcoming_empty(),
  past: m.bookings_list_bookings_screen_past_empty(),
  season: m.bookings_list_bookings_screen_season_empty(),
  guest: m.bookings_list_bookings_screen_guest_empty(),
};

export interface BookingsScreenProps {
  filter: BookingFilter;
  bookingsImported?: BookingsImported | undefined;
  /** Shown above the guest list (what guest bookings are, and the association). */
  intro?: ReactNode;
  /** The tab's first page as its route's loader fetched it (docs/decisions/730). */
  first?: FirstPage | undefined;
}

/** /bookings/{upcoming|past|season|guest}: tabs with totals, the filter's list, paging and states. */
export function BookingsScreen({ filter, bookingsImported, intro, first }: BookingsScreenProps) {
  const { pageData, locale } = useServices();
  const actor = useBookingsStore();
  // Before the first paint: with the loader's page the list shows at once, never a loading line first.
  useLayoutEffect(() => {
    actor.send({ type: 'bookings.show', filter, first });
  }, [actor, filter, first]);
  const counts = useSelector(actor, (s) => s.context.counts);
  const hasGuest = useSelector(actor, (s) => s.context.hasGuestBookings);
  // A list that arrives renders at low priority, in slices the browser can interrupt: an actor's
  // change re-renders synchronously, and ten cards at once were one long task on a slow phone
  // (total blocking time on a slow phone). The screen keeps the lists as they were until that render is
  // done: all four lists, so a tab that changes at once still reads its own list.
  const lists = useDeferredValue(useSelector(actor, (s) => s.context.byFilter));
  const state = lists[filter];
  const now = new Date();
  // The guest list's call is not in docs/product/api.md: a host without it (404) has no Guest tab (decision 342).
  const guestAbsent = lists.guest.failure === 'absent';
  const visibleTabs = tabs.filter((t) => t.filter !== 'guest' || (hasGuest && !guestAbsent) || filter === 'guest');
  // The row of tabs scrolls sideways on a narrow screen: the current tab is scrolled into it, again
  // when the counts arrive and widen the tabs before it. Not scrollIntoView: that would scroll the
  // page as well when the row is not in view.
  const tabRow = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = tabRow.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const right = current.offsetLeft + current.offsetWidth;
    if (current.offsetLeft < row.scrollLeft) row.scrollLeft = current.offsetLeft;
    else if (right > row.scrollLeft + row.clientWidth) row.scrollLeft = right - row.clientWidth;
  }, [filter, visibleTabs.length, counts]);
  const loadedOnce = state.total !== null;
  // After "Load more bookings" the focus goes to the first new card: the button may be gone (the
  // last page) and the customer wants to read on from there, not from the top (WCAG 2.4.3).
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const shown = state.results.length;
  // Before the browser paints: the button may have gone with the last page, and the focus with it.
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>(':scope > li')[from]?.focus();
  }, [shown]);

  let body: ReactNode;
  if (state.results.length === 0 && state.failure === 'absent') {
    body = (
      <div className={styles.empty}>
        <p>{m.common_not_available_here()}</p>
        <p>
          {rich(m.bookings_list_bookings_screen_made_without_signing_in, {
            link: <Link to="/find-booking">{m.common_find_a_booking()}</Link>,
          })}
        </p>
      </div>
    );
  } else if (state.results.length === 0 && state.error) {
    body = (
      <Alert tone="error" title={bookingsListErrorMessage()}>
        {/* "Check your connection" only when no answer came; an answer the app could not use says so. */}
        <p>
          {state.failure === 'network'
            ? m.bookings_list_bookings_screen_please_check_your_connection_and()
            : m.api_errors_unexpected_response()}
        </p>
        <Button tone="secondary" onClick={() => actor.send({ type: 'bookings.retry' })}>
          {m.common_try_again()}
        </Button>
      </Alert>
    );
  } else if (state.results.length === 0 && (state.pending || !loadedOnce)) {
    body = <Loading label={m.common_loading_your_bookings()} />;
  } else if (state.results.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>{emptyText[filter]}</p>
        {filter !== 'guest' && (
          <p>
            {rich(m.bookings_list_bookings_screen_made_without_signing_in, {
              link: <Link to="/find-booking">{m.common_find_a_booking()}</Link>,
            })}
          </p>
        )}
      </div>
    );
  } else {
    const remaining = (state.total ?? 0) - state.results.length;
    body = (
      <>
        <ul ref={list} className={styles.list}>
          {state.results.map((entry) => (
            <li key={entry.booking.id} tabIndex={-1}>
              <BookingCard entry={entry} locale={locale.tag} now={now} linkToDetail={filter !== 'guest'} />
            </li>
          ))}
        </ul>
        <div className={styles.more}>
          <LiveRegion as="p" className={styles.meta}>
            {m.bookings_list_bookings_screen_showing_of({
              length: state.results.length,
              total: state.total ?? state.results.length,
            })}
          </LiveRegion>
          {/* A page that failed to load: the message, and the same button in the same place as "Try
              again", so a customer who pressed "Load more bookings" keeps the focus on it (WCAG
              2.4.3); it says it is busy while the retry loads, as "Load more" does. */}
          {state.error && <Alert tone="error" title={bookingsListErrorMessage()} />}
          {(remaining > 0 || state.error) && (
            <Button
              tone="secondary"
              busy={state.pending}
              busyLabel={m.bookings_list_bookings_screen_loading()}
              disabled={state.pending}
              onClick={() => {
                focusFrom.current = state.results.length;
                actor.send({ type: state.error ? 'bookings.retry' : 'bookings.loadMore' });
              }}
            >
              {state.error ? m.common_try_again() : m.bookings_list_bookings_screen_load_more_bookings()}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <Page title={portalInfo[pageData.portal].bookingsHeading}>
      <ImportedMessage value={bookingsImported} />
      <nav aria-label={m.bookings_list_bookings_screen_booking_lists()}>
        <ul ref={tabRow} className={styles.tabs}>
          {visibleTabs.map((t) => {
            const n = counts?.[t.filter];
            return (
              <li key={t.filter}>
                <Link to={t.to} className={styles.tab} aria-current={t.filter === filter ? 'page' : undefined}>
                  {t.label}
                  {n !== undefined && n !== null ? (
                    <span className={styles.count}>
                      <span aria-hidden="true">{n}</span>
                      <span className="visually-hidden">{m.bookings_list_bookings_screen_tab_count({ count: n })}</span>
                    </span>
                  ) : (
                    <span className={`${styles.count} ${styles.countPending}`} aria-hidden="true" />
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
