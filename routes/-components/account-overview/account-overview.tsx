import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { accountOverviewMachine } from '#machines/account-overview';
import { customerProfileApi } from '#src/api/customer-profile';
import { portalInfo } from '#src/config/portals';
import type { AccountSummary } from '#src/schemas/customer-profile';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './account-overview.css';

export const summaryFailedMessage = 'Sorry, we could not load your account summary right now.';

type Counts = AccountSummary['counts'];

/** /account-overview: who is signed in, a few counts, and a link to every section. */
export function AccountOverview() {
  const { api, pageData, locale } = useServices();
  const profileApi = useMemo(() => customerProfileApi(api), [api]);
  const [snapshot, send] = useMachine(
    accountOverviewMachine.provide({
      actors: { fetchAccountSummary: fromPromise(() => profileApi.getAccountSummary()) },
    }),
  );
  const info = portalInfo[pageData.portal];
  const passengersOn = pageData.features['passengers-and-railcards'];
  const number = new Intl.NumberFormat(locale.tag);
  const summary = snapshot.context.summary;

  const stats: { key: keyof Counts; to: string; label: (n: number) => string }[] = [
    { key: 'upcomingBookings', to: '/bookings/upcoming', label: (n) => (n === 1 ? 'upcoming booking' : 'upcoming bookings') },
    ...(passengersOn
      ? [{ key: 'savedPassengers' as const, to: '/passengers-and-railcards', label: (n: number) => (n === 1 ? 'saved passenger' : 'saved passengers') }]
      : []),
    { key: 'addresses', to: '/address-book', label: (n) => (n === 1 ? 'saved address' : 'saved addresses') },
    { key: 'cards', to: '/payment-methods', label: (n) => (n === 1 ? 'saved card' : 'saved cards') },
  ];

  const sections = [
    { to: '/bookings/upcoming', title: info.bookingsHeading, text: 'Upcoming, past and season tickets' },
    { to: '/find-booking', title: 'Find a booking', text: 'A booking made without signing in' },
    { to: '/personal-details', title: 'Personal details', text: 'Your name' },
    ...(passengersOn ? [{ to: '/passengers-and-railcards', title: 'Passengers and railcards', text: 'People you travel with and their railcards' }] : []),
    ...(pageData.features['enable-passenger-assistance']
      ? [{ to: '/passenger-assistance', title: 'Passenger assistance', text: 'Help at the station for your upcoming journeys' }]
      : []),
    { to: '/address-book', title: 'Address book', text: 'Delivery and billing addresses' },
    { to: '/payment-methods', title: 'Payment methods', text: 'Saved cards' },
    { to: '/smartcards', title: 'Smartcards', text: 'Your smartcards and their state' },
    { to: '/contact-preferences', title: 'Contact preferences', text: 'How we keep in touch' },
    { to: '/account-controls', title: 'Account controls', text: 'Change your password or email address' },
    { to: '/sustainability-dashboard', title: 'Sustainability', text: 'Trees planted from your bookings' },
  ] as const;

  return (
    <Page title={info.accountHeading}>
      {snapshot.hasTag('loading') && <Loading label="Loading your account summary…" />}
      {snapshot.matches('failed') && (
        <div className={styles.retryRow}>
          <Alert tone="error">{summaryFailedMessage}</Alert>
          <Button tone="secondary" onClick={() => send({ type: 'summary.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {summary && (
        <>
          <p className={styles.greeting}>
            {summary.firstName} {summary.lastName}
          </p>
          <p className={styles.email}>{summary.email}</p>
          <h2 className={styles.sectionHeading}>At a glance</h2>
          <ul className={styles.stats}>
            {stats.map((s) => {
              const n = summary.counts[s.key];
              if (n === null) return null;
              return (
                <li key={s.key}>
                  <Link to={s.to} className={styles.stat}>
                    <span className={styles.statValue}>{number.format(n)}</span>
                    <span className={styles.statLabel}>{s.label(n)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <h2 className={styles.sectionHeading}>Your account</h2>
      <nav aria-label="Account sections">
        <ul className={styles.sections}>
          {sections.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className={styles.sectionLink}>
                <span className={styles.sectionTitle}>{s.title}</span>
                <span className={styles.sectionText}>{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}
