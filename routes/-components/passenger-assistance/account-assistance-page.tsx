import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FirstData } from '#machines/lib/first-data';
import { accountPassengerAssistanceFlow } from './account-passenger-assistance.flow';
import { accountPassengerAssistanceMessages } from '#src/copy/account-passenger-assistance';
import { schemaMismatchMessage } from '#src/api/errors';
import {
  isCancelled,
  type AssistanceLeg,
  type PassengerAssistance,
  type UpcomingAssistance,
} from '#src/schemas/passenger-assistance';
import { useServices } from '#src/services';
import { rich } from '#src/i18n/rich';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { ukDateTime } from '../booking-format';
import { cancelledBecauseText, directionNames, KindBadges, legText } from './assistance-summary';
import * as styles from './assistance.css';
import { m } from '#src/paraglide/messages.js';

const legOf = (leg: AssistanceLeg) => ({
  origin: leg.origin.name,
  destination: leg.destination.name,
  departureTime: leg.departureTime,
});

type Journey = UpcomingAssistance[number];

/** One help item of a journey: who, which way and on which train, and the kinds of help. */
function HelpLine({ assistance: a, booking: b }: { assistance: PassengerAssistance; booking: Journey }) {
  const { locale } = useServices();
  const leg = a.direction === 'inward' ? b.inward : b.outward;
  return (
    <>
      <p className={styles.muted}>
        <strong>{a.passengerName ?? m.common_passenger()}</strong> · {directionNames[a.direction]}
        {leg ? `: ${legText(legOf(leg), locale.tag)}` : ''}
      </p>
      <KindBadges assistance={a} />
    </>
  );
}

/** A list's button: where it leads, its words, and its words for a screen reader (the journey and its date). */
interface JourneyLink {
  to: '/bookings/$bookingId/passenger-assistance' | '/bookings/$bookingId/passenger-assistance/create';
  label: () => string;
  hidden: (journey: { title: string; date: string }) => string;
}

/** A journey with assistance: manage it. */
const manageLink: JourneyLink = {
  to: '/bookings/$bookingId/passenger-assistance',
  label: m.passenger_assistance_account_assistance_page_manage,
  hidden: m.passenger_assistance_account_assistance_page_assistance_for,
};

/** A journey without: request some. */
const requestLink: JourneyLink = {
  to: '/bookings/$bookingId/passenger-assistance/create',
  label: m.passenger_assistance_account_assistance_page_request_assistance,
  hidden: m.passenger_assistance_account_assistance_page_for,
};

/** One section of the page: its heading, which names it, and what it lists. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * One journey of a list: its heading, what is said of it, and the button that leads on from it (its
 * words for a screen reader name the journey and its date, as the button's words alone do not).
 */
function JourneyItem({ journey: b, children, link }: { journey: Journey; children: ReactNode; link?: JourneyLink }) {
  const { locale } = useServices();
  const title = m.common_origin_to_destination({
    origin: b.outward.origin.name,
    destination: b.outward.destination.name,
  });
  return (
    <li className={styles.item}>
      <h3 className={styles.itemHeading}>{title}</h3>
      {children}
      {link && (
        <div className={styles.actions}>
          <Link to={link.to} params={{ bookingId: b.bookingId }} className={styles.linkButton}>
            {link.label()}
            <span className="visually-hidden">
              {link.hidden({ title, date: ukDateTime(b.outward.departureTime, locale.tag) })}
            </span>
          </Link>
        </div>
      )}
    </li>
  );
}

/**
 * The account's passenger assistance: booked help across upcoming journeys, and journeys without any.
 * `first`: the journeys its route loaded (docs/decisions/730); without it the chart loads them.
 */
export function AccountAssistancePage({ first }: { first?: FirstData<UpcomingAssistance> | null | undefined }) {
  const { locale } = useServices();
  const [snapshot, send] = accountPassengerAssistanceFlow.useFlow({ input: { first } });
  const { bookings, schemaError } = snapshot.context;
  const standing = bookings.filter((b) => !b.ticketsGone);
  const withHelp = standing.filter((b) => b.passengerAssistances.some((a) => !isCancelled(a)));
  const without = standing.filter((b) => !withHelp.includes(b));
  // Journeys whose tickets are gone, listed only to say why their help was cancelled (decision 630).
  const ended = bookings.filter(
    (b) => b.ticketsGone && b.passengerAssistances.some((a) => cancelledBecauseText(a) !== null),
  );
  const when = (b: Journey) => ukDateTime(b.outward.departureTime, locale.tag);

  return (
    <Page
      title={m.common_passenger_assistance()}
      intro={m.passenger_assistance_account_assistance_page_book_help_at_the_station()}
    >
      {snapshot.matches('loading') && (
        <Loading label={m.passenger_assistance_account_assistance_page_loading_your_passenger_assistance()} />
      )}
      {snapshot.matches('loadFailed') && (
        <LoadError
          message={schemaError ? schemaMismatchMessage : accountPassengerAssistanceMessages.loadError}
          onRetry={() => send({ type: 'assistance.retry' })}
        />
      )}
      {snapshot.matches('absent') && (
        <p>
          {rich(m.account_passenger_assistance_from_booking, {
            link: <Link to="/bookings/upcoming">{m.account_passenger_assistance_your_bookings()}</Link>,
          })}
        </p>
      )}
      {snapshot.matches('ready') && standing.length === 0 && <p>{accountPassengerAssistanceMessages.noJourneys}</p>}
      {snapshot.matches('ready') && standing.length > 0 && (
        <>
          <Section
            id="assistance-booked-heading"
            title={m.passenger_assistance_account_assistance_page_assistance_booked()}
          >
            {withHelp.length === 0 ? (
              <p>{accountPassengerAssistanceMessages.noneBooked}</p>
            ) : (
              <ul className={styles.list}>
                {withHelp.map((b) => (
                  <JourneyItem key={b.bookingId} journey={b} link={manageLink}>
                    <ul className={styles.list}>
                      {b.passengerAssistances
                        .filter((a) => !isCancelled(a))
                        .map((a) => (
                          <li key={a.id}>
                            <HelpLine assistance={a} booking={b} />
                          </li>
                        ))}
                    </ul>
                  </JourneyItem>
                ))}
              </ul>
            )}
          </Section>
          {without.length > 0 && (
            <Section
              id="assistance-other-heading"
              title={m.passenger_assistance_account_assistance_page_other_upcoming_journeys()}
            >
              <ul className={styles.list}>
                {without.map((b) => (
                  <JourneyItem key={b.bookingId} journey={b} link={requestLink}>
                    <p className={styles.muted}>
                      {when(b)}
                      {b.friendlyOrderId
                        ? ` ${m.passenger_assistance_account_assistance_page_order({ friendlyOrderId: b.friendlyOrderId })}`
                        : ''}
                    </p>
                  </JourneyItem>
                ))}
              </ul>
            </Section>
          )}
        </>
      )}
      {snapshot.matches('ready') && ended.length > 0 && (
        <Section
          id="assistance-ended-heading"
          title={m.passenger_assistance_account_assistance_page_cancelled_with_tickets()}
        >
          <ul className={styles.list}>
            {ended.map((b) => (
              <JourneyItem key={b.bookingId} journey={b}>
                <ul className={styles.list}>
                  {b.passengerAssistances
                    .filter((a) => cancelledBecauseText(a) !== null)
                    .map((a) => (
                      <li key={a.id}>
                        <HelpLine assistance={a} booking={b} />
                        <p className={styles.note}>{cancelledBecauseText(a)}</p>
                      </li>
                    ))}
                </ul>
              </JourneyItem>
            ))}
          </ul>
        </Section>
      )}
    </Page>
  );
}
