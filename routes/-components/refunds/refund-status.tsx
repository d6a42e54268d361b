import { formatMoney } from '#src/i18n/format';
import type { BookingRefundSummary, RefundItem } from '#src/schemas/refund-tracking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { ContactDetails } from '../contact-details';
import { directionNames, itemGroupCopy, itemStatusLabels } from './refund-copy';
import { refundTrackingText } from './refund-tracking';
import * as styles from './refunds.css';
import { m } from '#src/paraglide/messages.js';

/** Item statuses grouped: problem (failed, rejected), in progress (blocked, voiding, pending), done (voided, refunded). */
export function RefundItemGroups({
  items,
  names,
}: {
  items: readonly RefundItem[];
  names: ReadonlyMap<string, string>;
}) {
  const { locale } = useServices();
  const groups = (Object.keys(itemGroupCopy) as (keyof typeof itemGroupCopy)[])
    .map((key) => ({
      key,
      ...itemGroupCopy[key],
      items: items.filter((i) => (itemGroupCopy[key].statuses as readonly string[]).includes(i.status)),
    }))
    .filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className={styles.groups}>
      {groups.map((g) => (
        <div key={g.key}>
          <h4 className={styles.groupTitle}>{g.title}</h4>
          <ul className={styles.plainList}>
            {g.items.map((i) => (
              <li key={`${i.refundableId}:${i.direction}`}>
                {/* The direction as the catalogue writes it: lower-casing it breaks German nouns ("hinfahrt"). */}
                {m.refund_screen_confirm_line({
                  passenger: names.get(i.passengerId) ?? m.common_passenger(),
                  direction: directionNames[i.direction],
                  amount: `${itemStatusLabels[i.status]} · ${formatMoney(i.amount.amount, i.amount.currencyCode, locale.tag)}`,
                })}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Booking detail: every refund of the booking in words, with its tickets grouped by status. */
export function RefundStatus({
  summary,
  names,
}: {
  summary: BookingRefundSummary;
  names: ReadonlyMap<string, string>;
}) {
  const { locale } = useServices();
  if (summary.refunds.length === 0) return null;
  return (
    <>
      {summary.refunds.map((r) => {
        const t = refundTrackingText(r, locale.tag);
        return (
          <Alert
            key={r.refundId}
            tone={r.state === 'rejected' ? 'error' : r.state === 'refunded' ? 'success' : 'info'}
            title={t.title}
          >
            <p>{t.body}</p>
            {r.adminFee.amount > 0 && (
              <p>
                {m.refund_status_admin_fee({
                  amount: formatMoney(r.adminFee.amount, r.adminFee.currencyCode, locale.tag),
                })}
              </p>
            )}
            <RefundItemGroups items={r.items} names={names} />
            {r.state === 'rejected' && <ContactDetails />}
          </Alert>
        );
      })}
    </>
  );
}
