import { Link } from '@tanstack/react-router';
import type { BookingListEntry, ListLeg } from '#src/schemas/bookings-list';
import { formatDate, formatDepartsIn, formatMoney, formatRelativeDay } from '#src/i18n/format';
import { RefundTrackingLine } from '../refunds/refund-tracking';
import * as styles from './bookings-list.css';
import { m } from '#src/paraglide/messages.js';
import { journeyName } from '../journey-name';
import { cancelsTickets, lifecycleFacts } from '#machines/lib/booking-lifecycle-facts';

/** GB rail times and days are shown in UK time, whatever the device's zone. */
const railZone = 'Europe/London';
const day = (iso: string, locale: string) =>
  formatDate(iso, locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: railZone });
const time = (iso: string, locale: string) =>
  formatDate(iso, locale, { hour: '2-digit', minute: '2-digit', timeZone: railZone });

const legText = (leg: ListLeg, locale: string) =>
  leg.departureTime ? `${day(leg.date, locale)}, ${time(leg.departureTime, locale)}` : day(leg.date, locale);

/** "1 h 55 min" between two times, or null when either is missing or they are out of order. */
const duration = (leg: ListLeg): string | null => {
  if (!leg.departureTime || !leg.arrivalTime) return null;
  const total = Math.round((Date.parse(leg.arrivalTime) - Date.parse(leg.departureTime)) / 60_000);
  if (!(total > 0)) return null;
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours === 0
    ? m.bookings_list_booking_card_duration_minutes({ minutes })
    : m.bookings_list_booking_card_duration_hours({ hours, minutes });
};

/** What a traveller scans for first: "09:45 to 10:40 · 55 min", and "Departs in 40 min" today. */
function JourneyTimes({ leg, locale, now }: { leg: ListLeg; locale: string; now: Date }) {
  if (!leg.departureTime) return null;
  const span = leg.arrivalTime
    ? m.bookings_list_booking_card_to({ from: time(leg.departureTime, locale), until: time(leg.arrivalTime, locale) })
    : time(leg.departureTime, locale);
  const length = duration(leg);
  const departsIn = formatDepartsIn(leg.departureTime, now, locale);
  return (
    <p className={styles.times}>
      <span className={styles.timesSpan}>{span}</span>
      {length && <span className={styles.meta}> · {length}</span>}
      {leg.changes !== undefined && (
        // The same words as the booking's leg card (common_* copy lives in the shared copy chunk); not its helper, which would add booking-format's chunk to the first route.
        <span className={styles.meta}>
          {' '}
          · {leg.changes === 0 ? m.common_direct() : m.common_changes({ count: leg.changes })}
        </span>
      )}
      {departsIn && (
        <span className={styles.departsIn}> · {m.bookings_list_booking_card_departs({ when: departsIn })}</span>
      )}
    </p>
  );
}

const seasonKinds = {
  weekly: m.bookings_list_booking_card_weekly(),
  monthly: m.bookings_list_booking_card_monthly(),
  annual: m.bookings_list_booking_card_annual(),
  flexi: m.bookings_list_booking_card_flexi(),
} as const;

export interface BookingCardProps {
  entry: BookingListEntry;
  locale: string;
  now: Date;
  /** Guest bookings are not the customer's yet: no link to the detail page. */
  linkToDetail: boolean;
}

export function BookingCard({ entry, locale, now, linkToDetail }: BookingCardProps) {
  const { booking, order } = entry;
  // The booking lifecycle's own reading of the entry (decision 320): exchanged (its order replaced, or
  // the source of a change of journey), refunded. The server lists such journeys under Past (decision 410).
  const { facts } = lifecycleFacts(booking, order, now);
  const ticketsCancelled = cancelsTickets(facts);
  // A partial refund also replaces the order, but nothing was exchanged: it reads as part refunded (the chart's own precedence).
  const partRefunded = facts.known && facts.partRefunded;
  const changed = facts.changed && !partRefunded;
  const route = journeyName(booking.outward, locale);
  const titleId = `booking-${booking.id}-title`;
  const relativeDay = booking.isSeasonBooking ? null : formatRelativeDay(booking.outward.date, now, locale);
  const season = booking.season;
  const seasonValid = season ? new Date(season.validUntil) >= now && new Date(season.validFrom) <= now : false;
  const journeyKind = booking.isSeasonBooking
    ? season
      ? seasonKinds[season.kind]
      : m.bookings_list_booking_card_season_ticket()
    : booking.inward
      ? m.common_return_ticket()
      : m.bookings_list_booking_card_single();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div>
        {!booking.isSeasonBooking && <JourneyTimes leg={booking.outward} locale={locale} now={now} />}
        <h3 id={titleId} className={styles.cardTitle}>
          {linkToDetail ? (
            <Link to="/bookings/$bookingId" params={{ bookingId: booking.id }} className={styles.cardLink}>
              {route}
            </Link>
          ) : (
            route
          )}
        </h3>
        <p className={styles.meta}>
          {journeyKind}
          {booking.ticketTypes.length > 0 && !booking.isSeasonBooking ? ` · ${booking.ticketTypes.join(', ')}` : ''}
          {booking.passengerCount !== undefined &&
            ` · ${m.bookings_list_booking_card_passengers({ count: booking.passengerCount })}`}
        </p>
        <dl className={styles.details}>
          {season ? (
            <>
              <dt className={styles.term}>{m.common_valid()}</dt>
              <dd className={styles.definition}>
                {m.bookings_list_booking_card_to({
                  from: day(season.validFrom, locale),
                  until: day(season.validUntil, locale),
                })}
              </dd>
            </>
          ) : (
            <>
              <dt className={styles.term}>{m.common_outward()}</dt>
              <dd className={styles.definition}>
                {legText(booking.outward, locale)}
                {relativeDay && <span className={styles.meta}> · {relativeDay}</span>}
              </dd>
              {booking.inward && (
                <>
                  <dt className={styles.term}>{m.common_return()}</dt>
                  <dd className={styles.definition}>{legText(booking.inward, locale)}</dd>
                </>
              )}
            </>
          )}
          <dt className={styles.term}>{m.common_reference()}</dt>
          <dd className={styles.definition}>{order.friendlyOrderId}</dd>
        </dl>
        {changed && <p className={styles.meta}>{m.bookings_list_booking_card_this_journey_was_changed_the()}</p>}
        {partRefunded && <p className={styles.meta}>{m.bookings_list_booking_card_part_refunded_the()}</p>}
        {/* A claim not yet made is withdrawn once the tickets were cancelled (one payout per ticket); one made stays viewable. */}
        {booking.delayRepay && linkToDetail && !(ticketsCancelled && booking.delayRepay.status === 'eligible') && (
          <p className={styles.meta}>
            {/* The claim page says where the claim stands; the card only whether it is still open. */}
            <Link
              to="/bookings/claim/$claimId"
              params={{ claimId: booking.delayRepay.claimId }}
              aria-describedby={titleId}
            >
              {booking.delayRepay.status === 'eligible'
                ? m.bookings_list_booking_card_claim_delay_repay()
                : m.bookings_list_booking_card_view_delay_repay_claim()}
            </Link>
          </p>
        )}
        {booking.refund && (
          <RefundTrackingLine refunds={booking.refund.refunds} locale={locale} className={styles.meta} />
        )}
      </div>
      <div className={styles.side}>
        {booking.price.amount !== undefined && (
          <span className={styles.price}>{formatMoney(booking.price.amount, booking.price.currencyCode, locale)}</span>
        )}
        {season && (
          <span className={seasonValid ? styles.badge : styles.badgeMuted}>
            {seasonValid
              ? m.bookings_list_booking_card_valid_now()
              : new Date(season.validUntil) < now
                ? m.common_expired()
                : m.bookings_list_booking_card_not_yet_valid()}
          </span>
        )}
        {changed && <span className={styles.badgeMuted}>{m.bookings_list_booking_card_changed()}</span>}
        {partRefunded && <span className={styles.badgeMuted}>{m.bookings_list_booking_card_part_refunded()}</span>}
        {facts.refunded && <span className={styles.badgeMuted}>{m.common_refunded()}</span>}
      </div>
    </article>
  );
}
