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
import { m } from '#src/paraglide/messages.js';

export const directionNames: Record<AssistanceDirection, string> = {
  outward: m.common_outward(),
  inward: m.common_return(),
};

/** "London King's Cross to York, Mon 2 Dec 2026, 09:00" (UK time, the URL's locale). */
export function legText(leg: { origin: string; destination: string; departureTime: string }, locale: string) {
  return m.passenger_assistance_assistance_summary_to({
    origin: leg.origin,
    destination: leg.destination,
    date: ukDateTime(leg.departureTime, locale),
  });
}

/** The leg of an assistance: from the booking, else from the server's extra `leg`, else the direction alone. */
export function useAssistanceLegText(booking: AssistanceBooking, assistance: PassengerAssistance) {
  const { locale } = useServices();
  const leg = legOf(booking, assistance.direction);
  if (leg) return legText(leg, locale.tag);
  const extra = assistance.leg;
  if (extra)
    return legText(
      { origin: extra.origin.name, destination: extra.destination.name, departureTime: extra.departureTime },
      locale.tag,
    );
  return '';
}

export function KindBadges({ assistance }: { assistance: PassengerAssistance }) {
  return (
    <ul className={styles.badges} aria-label={m.passenger_assistance_assistance_summary_help_booked()}>
      {assistance.kinds.map((kind) => (
        <li key={kind} className={styles.badge}>
          {assistanceKindNames[kind]}
        </li>
      ))}
    </ul>
  );
}

export function StatusText({ assistance }: { assistance: PassengerAssistance }) {
  return isCancelled(assistance) ? (
    <span className={styles.cancelledBadge}>{m.passenger_assistance_assistance_summary_cancelled()}</span>
  ) : (
    <strong>{m.passenger_assistance_assistance_summary_booked()}</strong>
  );
}

/**
 * Why help ended without the customer cancelling it: its tickets were refunded or cancelled by an
 * insurance claim (the server's `cancelledBecause`, a local extra: docs/decisions/630). Null when
 * it is booked, cancelled by the customer, or the reason is not one this app knows.
 */
export function cancelledBecauseText(assistance: PassengerAssistance): string | null {
  if (!isCancelled(assistance)) return null;
  if (assistance.cancelledBecause === 'refunded') return m.passenger_assistance_cancelled_because_refunded();
  if (assistance.cancelledBecause === 'insurance-claimed')
    return m.passenger_assistance_cancelled_because_insurance_claimed();
  return null;
}

export function CancelledBecause({ assistance }: { assistance: PassengerAssistance }) {
  const why = cancelledBecauseText(assistance);
  return why ? <p className={styles.note}>{why}</p> : null;
}

/** Everything about one assistance, as a description list. */
export function AssistanceFacts({
  booking,
  assistance,
}: {
  booking: AssistanceBooking;
  assistance: PassengerAssistance;
}) {
  const leg = useAssistanceLegText(booking, assistance);
  return (
    <dl className={styles.facts}>
      <dt className={styles.term}>{m.common_passenger()}</dt>
      <dd className={styles.definition}>{passengerNameOf(booking, assistance)}</dd>
      <dt className={styles.term}>{m.passenger_assistance_assistance_summary_journey()}</dt>
      <dd className={styles.definition}>
        {directionNames[assistance.direction]}
        {leg ? `: ${leg}` : ''}
      </dd>
      <dt className={styles.term}>{m.passenger_assistance_assistance_summary_help()}</dt>
      <dd className={styles.definition}>{assistance.kinds.map((k) => assistanceKindNames[k]).join(', ')}</dd>
      <dt className={styles.term}>{m.passenger_assistance_assistance_summary_details()}</dt>
      <dd className={styles.definition}>
        {assistance.details?.trim() ? assistance.details : m.passenger_assistance_assistance_summary_none_given()}
      </dd>
      <dt className={styles.term}>{m.common_status()}</dt>
      <dd className={styles.definition}>
        <StatusText assistance={assistance} />
        <CancelledBecause assistance={assistance} />
      </dd>
    </dl>
  );
}
