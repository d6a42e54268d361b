import { formatMoney } from '#src/i18n/format';
import { m } from '#src/paraglide/messages.js';
import type { Booking } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { directionLabels, passengerName, ticketTypeName } from '../booking-format';
import * as styles from './booking-detail.css';

/** "Tickets and price": each ticket with its passengers, the fees the VAT receipt lists, and Total paid. */
export function TicketsSection({ booking }: { booking: Booking }) {
  const { locale } = useServices();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale.tag);
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  // Fees charged with the booking besides its fares (the receipt's fee lines), in the booking's currency.
  const paidFees = booking.fees.filter((f) => f.amount.currencyCode === booking.price.currencyCode);
  return (
    <section className={styles.section} aria-labelledby="tickets-heading">
      <h2 id="tickets-heading" className={styles.sectionTitle}>
        {m.booking_detail_screen_tickets_and_price()}
      </h2>
      <ul className={styles.list}>
        {booking.tickets.map((t) => (
          <li key={t.id} className={styles.row}>
            <span className={styles.rowMain}>
              <strong>{ticketTypeName(t.type)}</strong> ·{' '}
              {t.fareClass === 'first'
                ? m.booking_detail_screen_first_class()
                : m.booking_detail_screen_standard_class()}
              <br />
              <span className={styles.meta}>
                {directionLabels[t.direction]} ·{' '}
                {t.passengerIds.map((id) => names.get(id) ?? m.common_passenger()).join(', ')}
              </span>
            </span>
            <span>{money(t.price.amount, t.price.currencyCode)}</span>
          </li>
        ))}
        {/* The fees the VAT receipt lists (local-server extra), so the lines add up to the total paid. */}
        {paidFees.map((fee, i) => (
          <li key={`fee-${i}`} className={styles.row}>
            <span className={styles.rowMain}>
              {fee.kind === 'card-fee'
                ? m.booking_detail_vat_receipt_card_fee()
                : m.booking_detail_vat_receipt_booking_fee()}
            </span>
            <span>{money(fee.amount.amount, fee.amount.currencyCode)}</span>
          </li>
        ))}
      </ul>
      {booking.price.amount !== null && (
        <p>
          {m.booking_detail_screen_total_paid()}{' '}
          <span className={styles.total}>
            {money(totalPaid(booking.price.amount, paidFees), booking.price.currencyCode)}
          </span>
        </p>
      )}
    </section>
  );
}

/** Fares and fees in pence, so "Total paid" is the VAT receipt's total to the penny. */
const totalPaid = (fares: number, fees: readonly { amount: { amount: number } }[]) =>
  (Math.round(fares * 100) + fees.reduce((sum, f) => sum + Math.round(f.amount.amount * 100), 0)) / 100;
