import { Fragment } from 'react';
import { isPartialRefundAvailable } from '#machines/partial-refund';
import { partialRefundMessages } from '#src/copy/partial-refund';
import { formatMoney } from '#src/i18n/format';
import { rich } from '#src/i18n/rich';
import {
  customerActionReturnModes,
  type RefundMoney,
  type RefundQuote,
  type SeasonRefundCalculation,
} from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import * as fieldStyles from '#src/ui/field.css';
import { ticketTypeName, ukLongDate } from '../booking-format';
import { PartialRefundPanel } from './partial-refund-panel';
import { directionNames, returnModeCopy } from './refund-copy';
import { ReasonsExplained } from './refund-reasons';
import type { RefundView } from './refund-view';
import { StepHeading } from './step-heading';
import * as styles from './refunds.css';
import { m } from '#src/paraglide/messages.js';

const continueHintId = 'refund-continue-hint';

/**
 * `reviewing` and `nothingSelected`: the refund the quote offers (whose tickets, the amounts, a
 * season's calculation, what to do with the tickets), the partial refund choice and the reason picker.
 */
export function reviewView(v: RefundView, quote: RefundQuote, nothingSelected: boolean) {
  const { context: c, send } = v;
  const partialAvailable = c.booking
    ? quote.isPartiallyRefundable || isPartialRefundAvailable(c.booking.booking)
    : false;
  return [
    partialAvailable && c.booking ? (
      <section key="partial" className={styles.section} aria-labelledby="partial-heading">
        <h2 id="partial-heading" className={styles.sectionTitle}>
          {m.refund_screen_refund_only_some_passengers()}
        </h2>
        <PartialRefundPanel
          key={c.refundReason}
          bookingId={v.bookingId}
          data={c.booking}
          refundReason={c.refundReason}
          names={v.names}
          onSelect={(refundables) => send({ type: 'refund.select', refundables })}
        />
      </section>
    ) : null,
    <div key="top">
      {v.busyNote}
      {!nothingSelected && <QuoteSummary quote={quote} names={v.names} />}
    </div>,
    v.reasonPicker(m.refund_screen_why_are_you_cancelling()),
    <div key="bottom">
      {!nothingSelected && <ReturnInstructions quote={quote} />}
      <div className={styles.actions}>
        <Button
          disabled={v.requoting || nothingSelected}
          aria-describedby={nothingSelected ? continueHintId : undefined}
          onClick={() => send({ type: 'refund.continue' })}
        >
          {m.refund_screen_continue()}
        </Button>
        {v.back}
        {/* Why Continue is unavailable, beside it and in its description, linking to the first tick
            (decision 372); a polite region on the page before its words. */}
        <p id={continueHintId} className={fieldStyles.submitHint} role="status">
          {nothingSelected && (
            <a
              href="#partial-heading"
              onClick={(e) => {
                e.preventDefault();
                document
                  .querySelector<HTMLInputElement>('[aria-labelledby="partial-heading"] input[type="checkbox"]')
                  ?.focus();
              }}
            >
              {partialRefundMessages.nothingSelected}
            </a>
          )}
        </p>
      </div>
    </div>,
  ];
}

/** How a season ticket's refund is worked out (the quote's optional seasonCalculation). */
function SeasonCalculation({ calc }: { calc: SeasonRefundCalculation }) {
  const { locale, pageData } = useServices();
  const money = (x: RefundMoney) => formatMoney(x.amount, x.currencyCode || pageData.currency, locale.tag);
  // Validity is whole UK days, as the server counts them and every other screen shows them.
  const day = (iso: string) => ukLongDate(iso, locale.tag);
  const periodLabel = {
    month: m.refund_screen_season_used_month,
    week: m.refund_screen_season_used_week,
    day: m.refund_screen_season_used_day,
  } as const;
  return (
    <section aria-labelledby="season-heading" className={styles.section}>
      <h3 id="season-heading" className={styles.sectionTitle}>
        {m.refund_screen_season_heading()}
      </h3>
      <p>
        {m.refund_screen_season_valid({
          from: day(calc.validFrom),
          until: day(calc.validUntil),
          handedBack: day(calc.handedBackOn),
        })}
      </p>
      <dl className={styles.totals}>
        <dt>{m.refund_screen_season_days_used()}</dt>
        <dd>{calc.daysUsed}</dd>
        <dt>{m.refund_screen_season_days_left()}</dt>
        <dd>{calc.daysLeft}</dd>
        <dt>{m.refund_screen_paid_for_these_tickets()}</dt>
        <dd>{money(calc.paid)}</dd>
        {calc.usedPeriods.map((p) => (
          <Fragment key={p.period}>
            <dt>{periodLabel[p.period]({ count: p.count, rate: money(p.rate) })}</dt>
            <dd>{money(p.cost)}</dd>
          </Fragment>
        ))}
        <dt>{m.refund_screen_season_cost_of_used()}</dt>
        <dd>−{money(calc.costOfUsed)}</dd>
        <dt>{m.refund_screen_admin_fee_label()}</dt>
        <dd>{calc.adminFee.amount > 0 ? `−${money(calc.adminFee)}` : m.refund_screen_none()}</dd>
        <dt className={styles.grandTotal}>{m.refund_screen_total_refund()}</dt>
        <dd className={styles.grandTotal}>{money(calc.total)}</dd>
      </dl>
      <p className={styles.hint}>{m.refund_screen_season_rule()}</p>
    </section>
  );
}

function QuoteSummary({ quote, names }: { quote: RefundQuote; names: ReadonlyMap<string, string> }) {
  const { locale, pageData } = useServices();
  const money = (x: RefundMoney) => formatMoney(x.amount, x.currencyCode || pageData.currency, locale.tag);
  const rows = (quote.refundables ?? []).filter((r) => r.included);
  const details = quote.cancellationDetails;
  return (
    <section aria-labelledby="summary-heading">
      <StepHeading id="summary-heading" className={styles.sectionTitle}>
        {quote.status === 'PARTIALLY_REFUNDABLE'
          ? m.refund_screen_tickets_in_this_refund()
          : m.refund_screen_your_refund()}
      </StepHeading>
      {quote.status === 'PARTIALLY_REFUNDABLE' && <p>{m.refund_screen_only_the_tickets_below_will()}</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.hint}>{m.refund_screen_amounts_per_passenger_and_direction()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.refund_screen_passenger_and_ticket()}</th>
                <th scope="col">{m.refund_screen_paid()}</th>
                <th scope="col">{m.refund_screen_refund_heading()}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.refundableId}>
                  <td>
                    <strong>{names.get(r.passengerId) ?? r.passengerName}</strong>
                    <br />
                    {directionNames[r.direction]} · {ticketTypeName(r.ticketType)}
                    {r.adminFee.amount > 0 && (
                      <span className={styles.hint}>{m.refund_screen_admin_fee({ amount: money(r.adminFee) })}</span>
                    )}
                  </td>
                  <td>{money(r.paid)}</td>
                  <td>{money(r.refund)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {quote.seasonCalculation ? (
        <SeasonCalculation calc={quote.seasonCalculation} />
      ) : (
        details && (
          <dl className={styles.totals}>
            <dt>{m.refund_screen_paid_for_these_tickets()}</dt>
            <dd>{money(details.paid)}</dd>
            <dt>{m.refund_screen_admin_fee_label()}</dt>
            <dd>{details.adminFee.amount > 0 ? `−${money(details.adminFee)}` : m.refund_screen_none()}</dd>
            {/* The booking's own fee (local-server extra): given back with a disrupted journey, otherwise kept, and said so (decision 630). */}
            {details.bookingFees && (
              <>
                <dt>
                  {details.bookingFees.refunded
                    ? m.refund_screen_booking_fee_refunded()
                    : m.refund_screen_booking_fee_kept()}
                </dt>
                <dd>
                  {details.bookingFees.refunded
                    ? `+${money(details.bookingFees.amount)}`
                    : money(details.bookingFees.amount)}
                </dd>
              </>
            )}
            <dt className={styles.grandTotal}>{m.refund_screen_total_refund()}</dt>
            <dd className={styles.grandTotal}>{money(details.total)}</dd>
          </dl>
        )
      )}
      {details?.bookingFees && !details.bookingFees.refunded && (
        <p className={styles.hint}>{m.refund_screen_booking_fee_kept_why()}</p>
      )}
      {quote.unprocessableReasons.length > 0 && <ReasonsExplained quote={quote} />}
    </section>
  );
}

function ReturnInstructions({ quote }: { quote: RefundQuote }) {
  const { locale } = useServices();
  const r = quote.returnInstructions;
  if (!r) return null;
  const copy = returnModeCopy[r.mode];
  const needsAction = customerActionReturnModes.includes(r.mode);
  return (
    <section className={styles.section} aria-labelledby="return-heading">
      <h2 id="return-heading" className={styles.sectionTitle}>
        {needsAction ? m.refund_screen_what_you_need_to_do() : m.refund_screen_your_tickets()}
      </h2>
      <Alert tone={needsAction ? 'info' : 'success'} title={copy.title}>
        {copy.body && <p>{copy.body}</p>}
        {r.address && <address className={styles.address}>{r.address.join('\n')}</address>}
        {r.deadline && (
          <p>
            {rich(m.refund_screen_they_must_arrive_by, {
              date: (
                <strong>
                  {new Intl.DateTimeFormat(locale.tag, {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                    timeZone: 'Europe/London',
                  }).format(new Date(r.deadline))}
                </strong>
              ),
            })}
          </p>
        )}
      </Alert>
    </section>
  );
}
