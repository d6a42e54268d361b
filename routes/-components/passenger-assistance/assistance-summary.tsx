import {
  assistanceKindNames,
  isCancelled,
  legOf,
  passengerNameOf,
  type AssistanceBooking,
  type AssistanceDirection,
  type PassengerAssistance,
} from '#src/schemas/passenger-assistance';
import { useServices } from '#src/services';
import { ukDateTime } from '../booking-format';
import * as styles from './assistance.css';

export const directionNames: Record<AssistanceDirection, string> = { outward: 'Outward', inward: 'Return' };

/** "London King's Cross to York, Mon 2 Dec 2026, 09:00" (UK time, the URL's locale). */
export function legText(leg: { origin: string; destination: string; departureTime: string }, locale: string) {
  return `${leg.origin} to ${leg.destination}, ${ukDateTime(leg.departureTime, locale)}`;
}

/** The leg of an assistance: from the booking, else from the server's extra `leg`, else the direction alone. */
export function useAssistanceLegText(booking: AssistanceBooking, assistance: PassengerAssistance) {
  const { locale } = useServices();
  const leg = legOf(booking, assistance.direction);
  if (leg) return legText(leg, locale.tag);
  const extra = assistance.leg;
  if (extra) return legText({ origin: extra.origin.name, destination: extra.destination.name, departureTime: extra.departureTime }, locale.tag);
  return '';
}

export function KindBadges({ assistance }: { assistance: PassengerAssistance }) {
  return (
    <ul className={styles.badges} aria-label="Help booked">
      {assistance.kinds.map((kind) => (
        <li key={kind} className={styles.badge}>
          {assistanceKindNames[kind]}
        </li>
      ))}
    </ul>
  );
}

export function StatusText({ assistance }: { assistance: PassengerAssistance }) {
  return isCancelled(assistance) ? <span className={styles.cancelledBadge}>Cancelled</span> : <strong>Booked</strong>;
}

/** Everything about one assistance, as a description list. */
export function AssistanceFacts({ booking, assistance }: { booking: AssistanceBooking; assistance: PassengerAssistance }) {
  const leg = useAssistanceLegText(booking, assistance);
  return (
    <dl className={styles.facts}>
      <dt className={styles.term}>Passenger</dt>
      <dd className={styles.definition}>{passengerNameOf(booking, assistance)}</dd>
      <dt className={styles.term}>Journey</dt>
      <dd className={styles.definition}>
        {directionNames[assistance.direction]}
        {leg ? `: ${leg}` : ''}
      </dd>
      <dt className={styles.term}>Help</dt>
      <dd className={styles.definition}>{assistance.kinds.map((k) => assistanceKindNames[k]).join(', ')}</dd>
      <dt className={styles.term}>Details</dt>
      <dd className={styles.definition}>{assistance.details?.trim() ? assistance.details : 'None given'}</dd>
      <dt className={styles.term}>Status</dt>
      <dd className={styles.definition}>
        <StatusText assistance={assistance} />
      </dd>
    </dl>
  );
}
