import { Link } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import { accountOverviewFlow } from './account-overview.flow';
import { portalInfo } from '#src/config/portals';
import type { AccountSummary } from '#src/schemas/customer-profile';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './account-overview.css';
import { m } from '#src/paraglide/messages.js';

export const summaryFailedMessage = m.account_overview_sorry_we_could_not_load();

type Counts = AccountSummary['counts'];

/** /account-overview: who is signed in, a few counts, and a link to every section. */
export function AccountOverview({ first }: { first?: FirstData<AccountSummary | null> | undefined } = {}) {
  const { pageData, locale } = useServices();
  // The summary its route loaded (docs/decisions/730), else the chart fetches it.
  const [snapshot, send] = accountOverviewFlow.useFlow({ input: { first } });
  const info = portalInfo[pageData.portal];
  const passengersOn = pageData.features['passengers-and-railcards'];
  const number = new Intl.NumberFormat(locale.tag);
  const summary = snapshot.context.summary;
  const loading = snapshot.hasTag('loading') && !summary;

  const stats: { key: keyof Counts; to: string; label: (n: number) => string }[] = [
    {
      key: 'upcomingBookings',
      to: '/bookings/upcoming',
      label: (n) => m.account_overview_upcoming_booking_count({ count: n }),
    },
    ...(passengersOn
      ? [
          {
            key: 'savedPassengers' as const,
            to: '/passengers-and-railcards',
            label: (n: number) => m.account_overview_saved_passenger_count({ count: n }),
          },
        ]
      : []),
    { key: 'addresses', to: '/address-book', label: (n) => m.account_overview_saved_address_count({ count: n }) },
    { key: 'cards', to: '/payment-methods', label: (n) => m.account_overview_saved_card_count({ count: n }) },
  ];

  const sections = [
    {
      to: '/bookings/upcoming',
      title: info.bookingsHeading,
      text: m.account_overview_upcoming_past_and_season_tickets(),
    },
    {
      to: '/find-booking',
      title: m.common_find_a_booking(),
      text: m.account_overview_a_booking_made_without_signing(),
    },
    { to: '/personal-details', title: m.common_personal_details(), text: m.account_overview_your_name() },
    ...(passengersOn
      ? [
          {
            to: '/passengers-and-railcards',
            title: m.common_passengers_and_railcards(),
            text: m.account_overview_people_you_travel_with_and(),
          },
        ]
      : []),
    ...(pageData.features['enable-passenger-assistance']
      ? [
          {
            to: '/passenger-assistance',
            title: m.common_passenger_assistance(),
            text: m.account_overview_help_at_the_station_for(),
          },
        ]
      : []),
    { to: '/address-book', title: m.common_address_book(), text: m.account_overview_delivery_and_billing_addresses() },
    { to: '/payment-methods', title: m.common_payment_methods(), text: m.account_overview_saved_cards_title() },
    { to: '/smartcards', title: m.common_smartcards(), text: m.account_overview_your_smartcards_and_their_state() },
    {
      to: '/contact-preferences',
      title: m.common_contact_preferences(),
      text: m.account_overview_how_we_keep_in_touch(),
    },
    {
      to: '/account-controls',
      title: m.common_account_controls(),
      text: m.account_overview_change_your_password_or_email(),
    },
    {
      to: '/sustainability-dashboard',
      title: m.account_overview_sustainability(),
      text: m.account_overview_trees_planted_from_your_bookings(),
    },
  ] as const;

  return (
    <Page title={info.accountHeading}>
      {snapshot.matches('failed') && (
        <div className={styles.retryRow}>
          <Alert tone="error">{summaryFailedMessage}</Alert>
          <Button tone="secondary" onClick={() => send({ type: 'summary.retry' })}>
            {m.common_try_again()}
          </Button>
        </div>
      )}
      {(summary || loading) && (
        // While the summary loads, its lines and tiles hold their place (hidden), so nothing below
        // moves when they arrive (layout shift); the loading message sits over them, out of the flow.
        <div className={styles.summaryArea}>
          {loading && (
            <div className={styles.loadingOver}>
              <Loading label={m.account_overview_loading_your_account_summary()} />
            </div>
          )}
          <div className={summary ? undefined : styles.reserved} aria-hidden={summary ? undefined : true}>
            <p className={styles.greeting}>
              {summary ? (
                <>
                  {summary.firstName} {summary.lastName}
                </>
              ) : (
                '\u00a0'
              )}
            </p>
            <p className={styles.email}>{summary ? summary.email : '\u00a0'}</p>
            <h2 className={styles.sectionHeading}>{m.account_overview_at_a_glance()}</h2>
            <ul className={styles.stats}>
              {stats.map((s) => {
                if (!summary) {
                  return (
                    <li key={s.key}>
                      <span className={styles.stat}>
                        <span className={styles.statValue}>{'\u00a0'}</span>
                        <span className={styles.statLabel}>{s.label(2)}</span>
                      </span>
                    </li>
                  );
                }
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
          </div>
        </div>
      )}
      <h2 className={styles.sectionHeading}>{m.account_overview_your_account()}</h2>
      <nav aria-label={m.account_overview_account_sections()}>
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
