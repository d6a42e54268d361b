import { Link } from '@tanstack/react-router';
import type { BookingListEntry, ListLeg } from '#src/schemas/bookings-list';
import { formatDate, formatMoney } from '#src/i18n/format';
import { RefundTrackingLine } from '../refunds/refund-tracking';
import * as styles from './bookings-list.css';

/** GB rail times and days are shown in UK time, whatever the device's zone. */
const railZone = 'Europe/London';
const day = (iso: string, locale: string) =>
  formatDate(iso, locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: railZone });
const time = (iso: string, locale: string) => formatDate(iso, locale, { hour: '2-digit', minute: '2-digit', timeZone: railZone });

const legText = (leg: ListLeg, locale: string) =>
  leg.departureTime ? `${day(leg.date, locale)}, ${time(leg.departureTime, locale)}` : day(leg.date, locale);

const seasonKinds = { weekly: 'Weekly season', monthly: 'Monthly season', annual: 'Annual season', flexi: 'Flexi Season' } as const;

export interface BookingCardProps {
  entry: BookingListEntry;
  locale: string;
  now: Date;
  /** Guest bookings are not the customer's yet: no link to the detail page. */
  linkToDetail: boolean;
}

export function BookingCard({ entry, locale, now, linkToDetail }: BookingCardProps) {
  const { booking, order } = entry;
  const route = `${booking.outward.origin.name} to ${booking.outward.destination.name}`;
  const titleId = `booking-${booking.id}-title`;
  const season = booking.season;
  const seasonValid = season ? new Date(season.validUntil) >= now && new Date(season.validFrom) <= now : false;
  const journeyKind = booking.isSeasonBooking ? (season ? seasonKinds[season.kind] : 'Season ticket') : booking.inward ? 'Return' : 'Single';
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div>
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
          {` · ${booking.passengerCount} ${booking.passengerCount === 1 ? 'passenger' : 'passengers'}`}
        </p>
        <dl className={styles.details}>
          {season ? (
            <>
              <dt className={styles.term}>Valid</dt>
              <dd className={styles.definition}>
                {day(season.validFrom, locale)} to {day(season.validUntil, locale)}
              </dd>
            </>
          ) : (
            <>
              <dt className={styles.term}>Outward</dt>
              <dd className={styles.definition}>{legText(booking.outward, locale)}</dd>
              {booking.inward && (
                <>
                  <dt className={styles.term}>Return</dt>
                  <dd className={styles.definition}>{legText(booking.inward, locale)}</dd>
                </>
              )}
            </>
          )}
          <dt className={styles.term}>Reference</dt>
          <dd className={styles.definition}>{order.friendlyOrderId}</dd>
        </dl>
        {order.replacementOrder && (
          <p className={styles.meta}>This journey was changed: the new booking is in your list.</p>
        )}
        {booking.delayRepay && linkToDetail && (
          <p className={styles.meta}>
            {/* The claim page says where the claim stands; the card only whether it is still open. */}
            <Link to="/bookings/claim/$claimId" params={{ claimId: booking.delayRepay.claimId }} aria-describedby={titleId}>
              {booking.delayRepay.status === 'eligible' ? 'Claim Delay Repay' : 'View Delay Repay claim'}
            </Link>
          </p>
        )}
        {booking.refund && <RefundTrackingLine refunds={booking.refund.refunds} locale={locale} className={styles.meta} />}
      </div>
      <div className={styles.side}>
        <span className={styles.price}>{formatMoney(booking.price.amount, booking.price.currencyCode, locale)}</span>
        {season && <span className={seasonValid ? styles.badge : styles.badgeMuted}>{seasonValid ? 'Valid now' : new Date(season.validUntil) < now ? 'Expired' : 'Not yet valid'}</span>}
        {order.replacementOrder && <span className={styles.badgeMuted}>Changed</span>}
        {booking.refund?.fullyRefunded && booking.refund.refunds[0]?.state === 'refunded' && <span className={styles.badgeMuted}>Refunded</span>}
      </div>
    </article>
  );
}
