import { refundLines } from '#machines/lib/refund-rules';
import { formatMoney } from '#src/i18n/format';
import { rich } from '#src/i18n/rich';
import type { RefundQuote } from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Button } from '#src/ui/button';
import { directionNames, refundReasonLabels } from './refund-copy';
import type { RefundView } from './refund-view';
import { StepHeading } from './step-heading';
import { passengerNumbers, unnamedPassenger } from './passenger-numbers';
import * as styles from './refunds.css';
import { m } from '#src/paraglide/messages.js';

/** `confirming`: where the money goes, what is refunded and why, before the request is sent. */
export function confirmView(v: RefundView, quote: RefundQuote) {
  const { context: c, send } = v;
  const total = quote.cancellationDetails?.total;
  const card = quote.creditCardForm?.cardOnFile;
  const destination = card
    ? m.refund_screen_your_card_ending({ brand: card.brand, last4: card.last4 })
    : m.refund_screen_your_original_payment_method();
  return (
    <section aria-labelledby="confirm-heading" className={styles.section}>
      <StepHeading id="confirm-heading" className={styles.sectionTitle}>
        {m.refund_screen_confirm_your_refund()}
      </StepHeading>
      <p>
        {total
          ? rich(m.refund_screen_confirm_amount_goes_to, { amount: <strong>{v.money(total)}</strong>, destination })
          : m.refund_screen_confirm_refund_goes_to({ destination })}
      </p>
      <ConfirmLines
        lines={refundLines(quote, c.booking?.booking ?? null, c.selection)}
        names={v.names}
        numbers={passengerNumbers(c.booking?.booking ?? null)}
      />
      <p>{m.refund_screen_reason({ reason: refundReasonLabels[c.refundReason] })}</p>
      <div className={styles.actions}>
        <Button onClick={() => send({ type: 'refund.confirm' })}>{m.refund_screen_confirm_refund()}</Button>
        <Button tone="secondary" onClick={() => send({ type: 'refund.back' })}>
          {m.refund_screen_back()}
        </Button>
      </div>
    </section>
  );
}

/** The confirm step's list: each passenger and direction refunded, with its amount when the quote gives it. */
function ConfirmLines({
  lines,
  names,
  numbers,
}: {
  lines: ReturnType<typeof refundLines>;
  names: ReadonlyMap<string, string>;
  /** "Passenger 2" for a passenger the booking does not name (./passenger-numbers.ts). */
  numbers: ReadonlyMap<string, number>;
}) {
  const { locale, pageData } = useServices();
  if (lines.length === 0) return null;
  return (
    <>
      <h3 className={styles.sectionTitle}>{m.refund_screen_confirm_whats_refunded()}</h3>
      <ul className={styles.plainList}>
        {lines.map((l) => {
          const passenger = names.get(l.passengerId) ?? l.passengerName ?? unnamedPassenger(numbers, l.refundableId);
          const direction = directionNames[l.direction];
          return (
            <li key={l.refundableId}>
              {l.amount
                ? m.refund_screen_confirm_line({
                    passenger,
                    direction,
                    amount: formatMoney(l.amount.amount, l.amount.currencyCode || pageData.currency, locale.tag),
                  })
                : `${passenger} · ${direction}`}
            </li>
          );
        })}
      </ul>
    </>
  );
}
