import { formatMoney } from '#src/i18n/format';
import type { RefundTracking } from '#src/schemas/refund-tracking';

/**
 * Refund tracking in words (issue 9 "where is my refund?"): processing; action required (post the
 * tickets to this address by this date); refunded (amount and date); rejected (the reason). Only
 * what the server exposes (booking.refund.refunds) is shown. Kept free of the refund contract and
 * machines so the bookings list carries only this.
 */
const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

export const refundTrackingText = (r: RefundTracking, locale: string): { title: string; body: string } => {
  const text = stateText(r, locale);
  return r.kind === 'partial' && r.replacementOrderId
    ? {
        title: `Part refunded · ${text.title}`,
        body: `${text.body} The other passengers' tickets are now in a new booking.`,
      }
    : text;
};

const stateText = (r: RefundTracking, locale: string): { title: string; body: string } => {
  const amount = formatMoney(r.amount.amount, r.amount.currencyCode, locale);
  const who = r.kind === 'partial' && r.passengers.length ? ` for ${r.passengers.map((p) => p.name).join(', ')}` : '';
  switch (r.state) {
    case 'processing':
      return {
        title: 'Refund processing',
        body: `We're refunding ${amount}${who}, requested on ${day(r.requestedAt, locale)}.`,
      };
    case 'action-required':
      return {
        title: 'Refund: action required',
        body: r.postBack
          ? `Post your paper tickets to ${r.postBack.address.join(', ')} so they arrive by ${day(r.postBack.deadline, locale)}. We'll refund ${amount}${who} once they arrive.`
          : `We need your tickets back before we can refund ${amount}${who}.`,
      };
    case 'refunded':
      return {
        title: 'Refunded',
        body: `${amount}${who} was refunded${r.refundedAt ? ` on ${day(r.refundedAt, locale)}` : ''} to your original payment method.`,
      };
    case 'rejected':
      return {
        title: 'Refund rejected',
        body: r.rejectedReason ?? 'We could not complete this refund. Please contact our customer service team.',
      };
  }
};

/** One line per refund for a booking card. */
export function RefundTrackingLine({
  refunds,
  locale,
  className,
}: {
  refunds: readonly RefundTracking[];
  locale: string;
  className?: string;
}) {
  if (refunds.length === 0) return null;
  return (
    <>
      {refunds.map((r) => {
        const t = refundTrackingText(r, locale);
        return (
          <p key={r.refundId} className={className}>
            <strong>{t.title}:</strong> {t.body}
          </p>
        );
      })}
    </>
  );
}
