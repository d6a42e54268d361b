import { formatDate, formatList, formatMoney } from '#src/i18n/format';
import type { RefundTracking } from '#src/schemas/refund-tracking';
import { m } from '#src/paraglide/messages.js';
import { LazyContactDetails } from '../contact-details-lazy';

/**
 * Refund tracking in words ("where is my refund?"): processing; action required (post the
 * tickets to this address by this date); refunded (amount and date); rejected (the reason). Only
 * what the server exposes (booking.refund.refunds) is shown. Kept free of the refund contract and
 * machines so the bookings list carries only this.
 */
const day = (iso: string, locale: string) =>
  formatDate(iso, locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/**
 * Why a refund was rejected, in the page's words when the server gave its code (decision 641;
 * the lists show this line, so its two codes are worded here rather than in ../server-words.ts).
 */
const rejectedWords = (r: RefundTracking, locale: string): string | null => {
  const w = r.rejectedReasonWords;
  if (w?.code === 'CARD_ACCOUNT_CLOSED') return m.server_words_card_account_closed();
  const deadline = w?.params?.deadline;
  if (w?.code === 'TICKETS_NOT_RECEIVED' && typeof deadline === 'string')
    return m.server_words_tickets_not_received({ date: day(deadline, locale) });
  return null;
};

export const refundTrackingText = (r: RefundTracking, locale: string): { title: string; body: string } => {
  const text = stateText(r, locale);
  return r.kind === 'partial' && r.replacementOrderId
    ? {
        title: m.refund_tracking_part_refunded({ title: text.title }),
        body: m.refund_tracking_part_refunded_body({ body: text.body }),
      }
    : text;
};

const stateText = (r: RefundTracking, locale: string): { title: string; body: string } => {
  const money = formatMoney(r.amount.amount, r.amount.currencyCode, locale);
  // "£12.50 for Alice Smith" when part of a booking was refunded.
  const amount =
    r.kind === 'partial' && r.passengers.length
      ? m.refund_tracking_amount_for({
          amount: money,
          names: formatList(
            r.passengers.map((p) => p.name),
            locale,
          ),
        })
      : money;
  switch (r.state) {
    case 'processing':
      return {
        title: m.refund_tracking_refund_processing(),
        body: m.refund_tracking_processing_body({ amount, date: day(r.requestedAt, locale) }),
      };
    case 'action-required':
      return {
        title: m.refund_tracking_refund_action_required(),
        body: r.postBack
          ? m.refund_tracking_post_tickets({
              address: r.postBack.address.join(', '),
              date: day(r.postBack.deadline, locale),
              amount,
            })
          : m.refund_tracking_we_need_your_tickets_back({ amount }),
      };
    case 'refunded':
      return {
        title: m.common_refunded(),
        body: r.refundedAt
          ? m.refund_tracking_refunded_on({ amount, date: day(r.refundedAt, locale) })
          : m.refund_tracking_refunded({ amount }),
      };
    case 'rejected':
      return {
        title: m.refund_tracking_refund_rejected(),
        body: rejectedWords(r, locale) ?? r.rejectedReason ?? m.refund_tracking_we_could_not_complete_this(),
      };
  }
};

/** One line per refund for a booking card; a rejected one with the portal's contact details. */
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
      {/* A rejected refund says to contact customer service: the contact once, loaded only then. */}
      {refunds.some((r) => r.state === 'rejected') && <LazyContactDetails />}
    </>
  );
}
