import { useCallback, useId } from 'react';
import { retailer } from '#src/config/retailer';
import { toPence, vatSummary, rateOf, type ReceiptLine } from '#src/documents/vat';
import { formatMoney } from '#src/i18n/format';
import type { BookingDetailResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { m } from '#src/paraglide/messages.js';
import { journeyName } from '../journey-name';
import { directionLabels, passengerName, ukDate } from '../booking-format';
import * as styles from './booking-detail.css';
import { pdfFileName, useDocumentDownload } from './use-document-download';

/**
 * The order's lines as a VAT receipt shows them: each ticket's fare (zero-rated), each fee the
 * retailer charged (standard-rated, src/documents/vat.ts), and each refund paid on this order
 * (negative, zero-rated like the fare it gives back). Refunds still being processed are not money
 * back yet, so they are left out until paid.
 */
export function receiptLines(
  detail: Pick<BookingDetailResponse, 'bookings' | 'order'>,
  locale: string,
): (ReceiptLine & { currency: string })[] {
  const lines: (ReceiptLine & { currency: string })[] = [];
  const seenRefunds = new Set<string>();
  for (const booking of detail.bookings) {
    const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
    const journey = journeyName(booking.outward, locale);
    for (const t of booking.tickets) {
      lines.push({
        kind: 'fare',
        description: m.booking_detail_vat_receipt_fare_line({
          ticket: t.type,
          journey,
          direction: directionLabels[t.direction],
          passengers: t.passengerIds.map((id) => names.get(id) ?? m.common_passenger()).join(', '),
        }),
        grossPence: toPence(t.price.amount),
        currency: t.price.currencyCode,
      });
    }
    for (const fee of booking.fees) {
      lines.push({
        kind: 'fee',
        description:
          fee.kind === 'card-fee'
            ? m.booking_detail_vat_receipt_card_fee()
            : m.booking_detail_vat_receipt_booking_fee(),
        grossPence: toPence(fee.amount.amount),
        currency: fee.amount.currencyCode,
      });
    }
    for (const refund of booking.refund?.refunds ?? []) {
      if (refund.state !== 'refunded' || refund.orderId !== detail.order.id || seenRefunds.has(refund.refundId))
        continue;
      seenRefunds.add(refund.refundId);
      const date = ukDate(refund.refundedAt ?? refund.requestedAt, locale);
      // A fee given back with a disrupted journey is standard-rated like the fee (decision 630): its own line.
      const feesPence = refund.feesRefunded ? toPence(refund.feesRefunded.amount) : 0;
      lines.push({
        kind: 'refund',
        description: m.booking_detail_vat_receipt_refund_line({ date }),
        grossPence: -(toPence(refund.amount.amount) - feesPence),
        currency: refund.amount.currencyCode,
      });
      if (feesPence > 0) {
        lines.push({
          kind: 'fee',
          description: m.booking_detail_vat_receipt_fee_refund_line({ date }),
          grossPence: -feesPence,
          currency: refund.amount.currencyCode,
        });
      }
    }
  }
  return lines;
}

/** The receipt's words and amounts for an order (no PDF): what the customer paid, got back and kept, and what the order is. */
export function receiptDocument(
  detail: Pick<BookingDetailResponse, 'bookings' | 'order'>,
  locale: string,
  today: Date,
) {
  const lines = receiptLines(detail, locale);
  const currency = lines[0]?.currency ?? detail.order.currency ?? 'GBP';
  const money = (pence: number) => formatMoney(pence / 100, currency, locale);
  const percent = (rate: number) => new Intl.NumberFormat(locale, { style: 'percent' }).format(rate / 100);
  const summary = vatSummary(lines);
  const paidPence = lines.filter((l) => l.grossPence > 0).reduce((s, l) => s + l.grossPence, 0);
  const refundedPence = lines.filter((l) => l.grossPence < 0).reduce((s, l) => s + l.grossPence, 0);
  const { replaces } = detail.order;
  // A replacement says what it is (decision 630): a part refund's holds tickets paid on the order it
  // replaced; a change of journey's was ordered when the exchange was made.
  const orderRows = replaces
    ? replaces.kind === 'part-refund'
      ? [
          { label: m.booking_detail_vat_receipt_replaces(), value: replaces.friendlyOrderId },
          { label: m.booking_detail_vat_receipt_paid_on(), value: ukDate(replaces.paidAt, locale) },
        ]
      : [
          { label: m.booking_detail_vat_receipt_exchanged_from(), value: replaces.friendlyOrderId },
          ...(detail.order.createdAt
            ? [{ label: m.booking_detail_screen_ordered_on(), value: ukDate(detail.order.createdAt, locale) }]
            : []),
        ]
    : detail.order.createdAt
      ? [{ label: m.booking_detail_screen_ordered_on(), value: ukDate(detail.order.createdAt, locale) }]
      : [];
  return {
    title: m.booking_detail_vat_receipt_title(),
    seller: [
      retailer.legalName,
      retailer.address.join(', '),
      m.booking_detail_vat_receipt_vat_number({ vatNumber: retailer.vatNumber }),
    ],
    rows: [
      { label: m.booking_detail_screen_order_reference(), value: detail.order.friendlyOrderId },
      ...orderRows,
      { label: m.booking_detail_vat_receipt_receipt_date(), value: ukDate(today.toISOString(), locale) },
    ],
    columns: [
      m.booking_detail_vat_receipt_description(),
      m.booking_detail_vat_receipt_vat_rate(),
      m.booking_detail_vat_receipt_amount(),
    ] as const,
    lines: lines.map((line) => ({
      description: line.description,
      rate: percent(rateOf(line.kind)),
      amount: money(line.grossPence),
    })),
    totals: [
      // Paid, then refunded, so what was kept reads as the difference (the VAT lines are on what was kept).
      ...(refundedPence < 0
        ? [
            { label: m.booking_detail_vat_receipt_total_paid(), value: money(paidPence) },
            { label: m.booking_detail_vat_receipt_refunded(), value: money(refundedPence) },
          ]
        : []),
      { label: m.booking_detail_vat_receipt_total_excluding_vat(), value: money(summary.netPence) },
      ...summary.bands.map((band) => ({
        label: m.booking_detail_vat_receipt_vat_at({ rate: percent(band.rate) }),
        value: money(band.vatPence),
      })),
      {
        label: refundedPence < 0 ? m.booking_detail_vat_receipt_total_kept() : m.booking_detail_vat_receipt_total(),
        value: money(summary.grossPence),
      },
    ],
    note: [
      ...(replaces?.kind === 'part-refund'
        ? [m.booking_detail_vat_receipt_replacement_note({ reference: replaces.friendlyOrderId })]
        : []),
      m.booking_detail_vat_receipt_note(),
    ].join(' '),
  };
}

/**
 * "Download VAT receipt": the order's VAT receipt as a PDF, made in the page from the booking
 * answer (pdf-lib loaded with import() on the first press), with the retailer's VAT number from
 * configuration (src/config/retailer.ts). Business travellers claim rail as an expense with it;
 * any customer may need one, so every portal offers it.
 */
export function VatReceipt({ detail }: { detail: Pick<BookingDetailResponse, 'bookings' | 'order'> }) {
  const { locale } = useServices();
  const hintId = useId();
  const build = useCallback(async () => {
    const { buildReceiptPdf } = await import('#src/documents/receipt-pdf');
    const bytes = await buildReceiptPdf({ ...receiptDocument(detail, locale.tag, new Date()), language: locale.tag });
    return { bytes, fileName: pdfFileName('vat-receipt-', detail.order.friendlyOrderId) };
  }, [detail, locale.tag]);
  const pdf = useDocumentDownload(build);
  return (
    <div className={styles.note}>
      <Button
        tone="secondary"
        busy={pdf.state === 'preparing'}
        busyLabel={m.booking_detail_vat_receipt_preparing()}
        aria-describedby={hintId}
        onClick={() => void pdf.download()}
      >
        {m.booking_detail_vat_receipt_download()}
      </Button>
      <p id={hintId} className={styles.meta}>
        {m.booking_detail_vat_receipt_hint()}
      </p>
      {pdf.state === 'failed' && <Alert tone="error">{m.booking_detail_vat_receipt_failed()}</Alert>}
    </div>
  );
}
