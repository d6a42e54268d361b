import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';
import type { Booking } from '#src/schemas/booking';
import { useConnection } from '#src/services';
import { Button } from '#src/ui/button';
import { passengerName } from '../booking-format';
import { NeedsConnection } from '../needs-connection';
import * as styles from './booking-detail.css';
import type { BookingOffer } from './booking-offer';

/** "Passengers": each one's name and railcard, Change name where the lifecycle allows it, and passenger assistance. */
export function PassengersSection({
  booking,
  offer,
  onEditPassenger,
}: {
  booking: Booking;
  offer: BookingOffer;
  onEditPassenger: (p: Booking['passengers'][number]) => void;
}) {
  // Offline (decision 251): what needs the server stays visible, disabled, with the reason.
  const { offline } = useConnection();
  const { readOnly, may, renamable, assistanceOn } = offer;
  return (
    <section className={styles.section} aria-labelledby="passengers-heading">
      <h2 id="passengers-heading" className={styles.sectionTitle}>
        {m.booking_detail_screen_passengers()}
      </h2>
      <ul className={styles.list}>
        {booking.passengers.map((p) => (
          <li key={p.id} className={styles.row}>
            <span className={styles.rowMain}>
              <strong>{passengerName(p)}</strong>
              <br />
              <span className={styles.meta}>
                {p.type === 'child' ? m.booking_detail_screen_child() : m.booking_detail_screen_adult()}
                {p.railcard ? ` · ${p.railcard.name}` : ''}
              </span>
            </span>
            {p.alterable && !readOnly && may('passenger.rename') && (
              <Button
                tone="secondary"
                onClick={() => onEditPassenger(p)}
                disabled={offline}
                aria-describedby={offline ? 'passengers-offline' : undefined}
                aria-label={m.booking_detail_screen_change_name_of({ name: passengerName(p) })}
              >
                {m.booking_detail_screen_change_name()}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {offline && renamable && may('passenger.rename') && <NeedsConnection id="passengers-offline" />}
      {assistanceOn && may('assistance.book') && (
        <p className={styles.note}>
          <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId: booking.id }}>
            {m.common_passenger_assistance()}
          </Link>{' '}
          <span className={styles.meta}>{m.booking_detail_screen_book_help_at_the_station()}</span>
        </p>
      )}
    </section>
  );
}
