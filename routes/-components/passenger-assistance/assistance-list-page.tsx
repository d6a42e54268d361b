import { Link } from '@tanstack/react-router';
import { passengerAssistanceListMessages } from '#src/copy/passenger-assistance-list';
import { schemaMismatchMessage } from '#src/api/errors';
import type { FirstData } from '#machines/lib/first-data';
import {
  isCancelled,
  type AssistanceBooking,
  type AssistanceOverview,
  type PassengerAssistance,
} from '#src/schemas/passenger-assistance';
import { Alert } from '#src/ui/alert';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { CancelledBecause, directionNames, KindBadges, StatusText, legText } from './assistance-summary';
import { useServices } from '#src/services';
import { passengerAssistanceListFlow } from './passenger-assistance-list.flow';
import * as styles from './assistance.css';
import { m } from '#src/paraglide/messages.js';

/** A leg still to leave can take a new request (the server enforces the 2-hour notice). */
const hasLegStillToLeave = (legs: readonly { departureTime: string }[]) =>
  legs.some((l) => new Date(l.departureTime).getTime() > Date.now());

/**
 * /bookings/{bookingId}/passenger-assistance: the assistance booked for each passenger and leg.
 * `first`: what its route loaded (docs/decisions/730); without it the chart loads it.
 */
export function AssistanceListPage({
  bookingId,
  cancelled,
  first,
}: {
  bookingId: string;
  cancelled: boolean;
  first?: FirstData<AssistanceOverview> | null | undefined;
}) {
  const [snapshot, send] = passengerAssistanceListFlow.useFlow({ input: { bookingId, first } });
  const { overview, schemaError } = snapshot.context;

  return (
    <Page
      title={m.common_passenger_assistance()}
      intro={m.passenger_assistance_assistance_list_page_help_at_the_station_and()}
    >
      <p>
        <Link to="/bookings/$bookingId" params={{ bookingId }} activeOptions={{ exact: true }}>
          {m.passenger_assistance_assistance_list_page_back_to_booking()}
        </Link>
      </p>
      {snapshot.matches('loading') && (
        <Loading label={m.passenger_assistance_assistance_list_page_loading_the_assistance_for_this()} />
      )}
      {snapshot.matches('loadFailed') && (
        <LoadError
          message={schemaError ? schemaMismatchMessage : passengerAssistanceListMessages.loadError}
          onRetry={() => send({ type: 'assistance.retry' })}
        />
      )}
      {snapshot.matches('notFound') && <Alert tone="error">{passengerAssistanceListMessages.notFound}</Alert>}
      {snapshot.matches('ready') && overview && (
        <>
          {cancelled && <Alert tone="success">{passengerAssistanceListMessages.cancelled}</Alert>}
          {overview.booking.bookable && hasLegStillToLeave(overview.booking.legs) ? (
            <div className={styles.toolbar}>
              <Link
                to="/bookings/$bookingId/passenger-assistance/create"
                params={{ bookingId }}
                className={styles.primaryLinkButton}
              >
                {m.passenger_assistance_assistance_list_page_request_assistance()}
              </Link>
            </div>
          ) : (
            <p>
              {overview.booking.stationsUnknown && overview.booking.legs.length === 0
                ? m.passenger_assistance_stations_unknown()
                : passengerAssistanceListMessages.notBookable}
            </p>
          )}
          <AssistanceByPassenger booking={overview.booking} assistances={overview.assistances} />
        </>
      )}
    </Page>
  );
}

/** One section per passenger, one entry per leg: booked help, or none. */
function AssistanceByPassenger({
  booking,
  assistances,
}: {
  booking: AssistanceBooking;
  assistances: PassengerAssistance[];
}) {
  const { locale } = useServices();
  if (assistances.length === 0) return <p>{passengerAssistanceListMessages.empty}</p>;
  // Passengers of the booking, plus any the booking no longer names (kept, not hidden).
  const passengers = [
    ...booking.passengers,
    ...[...new Set(assistances.map((a) => a.passengerId))]
      .filter((id) => !booking.passengers.some((p) => p.id === id))
      .map((id) => ({
        id,
        name: assistances.find((a) => a.passengerId === id)?.passengerName ?? m.common_passenger(),
      })),
  ];
  return (
    <>
      {passengers.map((passenger) => {
        const headingId = `assistance-${passenger.id}`;
        return (
          <section key={passenger.id} className={styles.section} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.sectionTitle}>
              {passenger.name}
            </h2>
            <ul className={styles.list}>
              {booking.legs.map((leg) => {
                const items = assistances.filter(
                  (a) => a.passengerId === passenger.id && a.direction === leg.direction,
                );
                const live = items.filter((a) => !isCancelled(a));
                return (
                  <li key={leg.direction} className={styles.item}>
                    <h3 className={styles.itemHeading}>
                      {directionNames[leg.direction]}: {legText(leg, locale.tag)}
                    </h3>
                    {live.length === 0 && (
                      <p className={styles.muted}>
                        {m.passenger_assistance_assistance_list_page_no_assistance_booked()}
                      </p>
                    )}
                    {items.map((a) => (
                      <div key={a.id}>
                        <KindBadges assistance={a} />
                        {a.details && <p className={styles.note}>{a.details}</p>}
                        <div className={styles.actions}>
                          <StatusText assistance={a} />
                          <Link
                            to="/bookings/$bookingId/passenger-assistance/$id"
                            params={{ bookingId: booking.bookingId, id: a.id }}
                          >
                            {m.passenger_assistance_assistance_list_page_view()}
                            <span className="visually-hidden">
                              {' '}
                              {isCancelled(a)
                                ? m.passenger_assistance_assistance_list_page_cancelled_assistance_for({
                                    name: passenger.name,
                                    journey: directionNames[leg.direction],
                                  })
                                : m.passenger_assistance_assistance_list_page_assistance_for({
                                    name: passenger.name,
                                    journey: directionNames[leg.direction],
                                  })}
                            </span>
                          </Link>
                        </div>
                        <CancelledBecause assistance={a} />
                      </div>
                    ))}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}
