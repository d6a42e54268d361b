import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Fragment, useMemo, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { isPartialRefundAvailable } from '#machines/partial-refund';
import { refundCardFormMachine } from '#machines/refund-card-form';
import { isRequestableQuote, isTermsIneligible, refundLines } from '#machines/lib/refund-rules';
import type { RefundFrom } from '#machines/refund-quote';
import { refundRequestMachine, refundRequestMessages } from '#machines/refund-request';
import { schemaMismatchMessage } from '#src/api/errors';
import { newKeySeed } from '#src/api/idempotency';
import { formatMoney } from '#src/i18n/format';
import {
  customerActionReturnModes,
  refundReasons,
  type RefundMoney,
  type RefundQuote,
  type RefundReason,
  type SeasonRefundCalculation,
} from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { CheckAgain } from '../check-again';
import { ContactDetails } from '../contact-details';
import { CardForm } from './card-form';
import { PartialRefundPanel } from './partial-refund-panel';
import { StepHeading } from './step-heading';
import { contactNextSteps, directionNames, ineligibilityCopy, ineligibilityNextStep, refundReasonLabels, returnModeCopy } from './refund-copy';
import * as styles from './refunds.css';
import { useRefundsApi } from './use-refunds-api';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

export interface RefundScreenProps {
  bookingId: string;
  quoteId: string | null;
  from: RefundFrom;
  guest: boolean;
  /** 'ineligible': /refund/ineligible, which explains why and offers the reasons that still refund. */
  view: 'refund' | 'ineligible';
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The refund page and the ineligibility view (refundRequestMachine): what comes back, the reason
 * picker, the return mode, a confirm step, the card form after a declined card, and the outcome.
 */
export function RefundScreen({ bookingId, quoteId, from, guest, view }: RefundScreenProps) {
  const api = useRefundsApi();
  const navigate = useNavigate();
  const { pageData, locale } = useServices();
  const [snapshot, send] = useMachine(
    refundRequestMachine.provide({
      actors: {
        fetchRefundBooking: fromPromise(({ input, signal }) => api.getPartialRefunds(input.bookingId, input.quoteId, signal)),
        fetchQuote: fromPromise(({ input, signal }) => api.getQuote(input, signal)),
        submitRefund: fromPromise(({ input }) => api.requestRefund(input.quoteId, input.body, input.idempotencyKey)),
        cardForm: refundCardFormMachine.provide({
          actors: {
            tokeniseCard: fromPromise(({ input }) => api.tokeniseCard(input)),
          },
        }),
      },
      actions: {
        goToIneligibleView: () => {
          if (view !== 'refund' || !pageData.features['refund-ineligibility-enhanced-view']) return;
          if (guest)
            void navigate({
              to: '/order-token/$bookingId/refund/ineligible',
              params: { bookingId },
              replace: true,
            });
          else
            void navigate({
              to: '/bookings/$bookingId/refund/ineligible',
              params: { bookingId },
              replace: true,
            });
        },
        reloadBooking: () => {
          if (guest)
            void navigate({
              to: '/order-token/$bookingId',
              params: { bookingId },
              replace: true,
            });
          else
            void navigate({
              to: '/bookings/$bookingId',
              params: { bookingId },
              replace: true,
            });
        },
        waitForSuperseders: () => {
          // Handed over in history state, not the URL: a link or a reload of the history page must
          // not claim a refund just happened (issue 33, case 5).
          const state = { waitForSuperseders: true };
          if (guest)
            void navigate({
              to: '/order-token/$bookingId/history',
              params: { bookingId },
              state,
              replace: true,
            });
          else
            void navigate({
              to: '/bookings/$bookingId/history',
              params: { bookingId },
              state,
              replace: true,
            });
        },
      },
    }),
    { input: { bookingId, quoteId, today: today(), keySeed: newKeySeed() } },
  );
  const c = snapshot.context;
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of c.quote?.refundables ?? []) m.set(r.passengerId, r.passengerName);
    const b = c.booking?.booking;
    for (const j of [b?.outward, b?.inward]) {
      for (const f of j?.fares ?? [])
        for (const p of f.farePassengers) if (p.firstName && p.passengerId) m.set(p.passengerId, `${p.firstName} ${p.lastName ?? ''}`.trim());
    }
    return m;
  }, [c.quote, c.booking]);

  const back =
    from === 'history' ? (
      guest ? (
        <Link to="/order-token/$bookingId/history" params={{ bookingId }}>{m.refund_screen_back_to_booking_history()}</Link>
      ) : (
        <Link to="/bookings/$bookingId/history" params={{ bookingId }}>{m.refund_screen_back_to_booking_history()}</Link>
      )
    ) : guest ? (
      <Link to="/order-token/$bookingId" params={{ bookingId }}>{m.refund_screen_back_to_your_booking()}</Link>
    ) : (
      <Link to="/bookings/$bookingId" params={{ bookingId }} activeOptions={{ exact: true }}>{m.refund_screen_back_to_your_booking()}</Link>
    );

  const money = (m: RefundMoney, fallback: string) => formatMoney(m.amount, m.currencyCode || fallback, locale.tag);
  // A new reason re-quotes: the last quote stays on screen (busy) so the picker keeps focus.
  const requoting = snapshot.matches('quoting') && c.quote !== null;
  const mode = (state: 'reviewing' | 'ineligible' | 'unavailable') =>
    snapshot.matches(state) ||
    (requoting &&
      (state === 'reviewing'
        ? isRequestableQuote(c.quote)
        : state === 'ineligible'
          ? !isRequestableQuote(c.quote) && isTermsIneligible(c.quote)
          : !isRequestableQuote(c.quote) && !isTermsIneligible(c.quote)));
  const ineligibleTitle =
    mode('ineligible') || (view === 'ineligible' && (snapshot.matches('loading') || (snapshot.matches('quoting') && !requoting)));
  const title = ineligibleTitle ? m.refund_screen_refund_not_available() : m.refund_screen_cancel_and_refund();
  const reasonPicker = (legend: string) => (
    <ReasonPicker
      key="picker"
      quote={c.quote}
      value={c.refundReason}
      legend={legend}
      onChange={(reason) => send({ type: 'refund.setReason', reason })}
    />
  );
  const busyNote = requoting ? <Loading label={refundRequestMessages.quoting} /> : null;

  let body: ReactNode;
  if (snapshot.matches('loading')) body = <Loading label={refundRequestMessages.loading} />;
  else if (snapshot.matches('quoting') && !requoting) body = <Loading label={refundRequestMessages.quoting} />;
  else if (snapshot.matches('loadFailed'))
    body = <LoadError message={refundRequestMessages.loadFailed} onRetry={() => send({ type: 'refund.retry' })} />;
  else if (snapshot.matches('quoteFailed'))
    body = (
      <Alert tone="error" title={m.refund_screen_we_couldnt_work_out_your()}>
        <p>{c.quoteError === true || c.quoteError === null ? refundRequestMessages.quoteFailed : c.quoteError}</p>
        <div className={styles.actions}>
          <Button onClick={() => send({ type: 'quote.retry' })}>{m.common_try_again()}</Button>
          <Button tone="secondary" onClick={() => send({ type: 'quote.dismiss' })}>{m.common_close()}</Button>
        </div>
      </Alert>
    );
  else if ((mode('reviewing') || snapshot.matches('nothingSelected')) && c.quote) {
    const partialAvailable = c.booking ? c.quote.isPartiallyRefundable || isPartialRefundAvailable(c.booking.booking) : false;
    const nothingSelected = snapshot.matches('nothingSelected');
    body = [
      partialAvailable && c.booking ? (
        <section key="partial" className={styles.section} aria-labelledby="partial-heading">
          <h2 id="partial-heading" className={styles.sectionTitle}>{m.refund_screen_refund_only_some_passengers()}</h2>
          <PartialRefundPanel
            key={c.refundReason}
            bookingId={bookingId}
            data={c.booking}
            refundReason={c.refundReason}
            names={names}
            onSelect={(refundables) => send({ type: 'refund.select', refundables })}
          />
        </section>
      ) : null,
      <div key="top">
        {busyNote}
        {!nothingSelected && <QuoteSummary quote={c.quote} names={names} />}
      </div>,
      reasonPicker(m.refund_screen_why_are_you_cancelling()),
      <div key="bottom">
        {!nothingSelected && <ReturnInstructions quote={c.quote} />}
        <div className={styles.actions}>
          <Button disabled={requoting || nothingSelected} onClick={() => send({ type: 'refund.continue' })}>{m.refund_screen_continue()}</Button>
          {back}
        </div>
      </div>,
    ];
  } else if (snapshot.matches('confirming') && c.quote) {
    const total = c.quote.cancellationDetails?.total;
    body = (
      <section aria-labelledby="confirm-heading" className={styles.section}>
        <StepHeading id="confirm-heading" className={styles.sectionTitle}>{m.refund_screen_confirm_your_refund()}</StepHeading>
        <p>
          {(() => {
            const card = c.quote.creditCardForm?.cardOnFile;
            const destination = card
              ? m.refund_screen_your_card_ending({ brand: card.brand, last4: card.last4 })
              : m.refund_screen_your_original_payment_method();
            return total
              ? rich(m.refund_screen_confirm_amount_goes_to, { amount: <strong>{money(total, pageData.currency)}</strong>, destination })
              : m.refund_screen_confirm_refund_goes_to({ destination });
          })()}
        </p>
        <ConfirmLines lines={refundLines(c.quote, c.booking?.booking ?? null, c.selection)} names={names} />
        <p>{m.refund_screen_reason({ reason: refundReasonLabels[c.refundReason] })}</p>
        <div className={styles.actions}>
          <Button onClick={() => send({ type: 'refund.confirm' })}>{m.refund_screen_confirm_refund()}</Button>
          <Button tone="secondary" onClick={() => send({ type: 'refund.back' })}>{m.refund_screen_back()}</Button>
        </div>
      </section>
    );
  } else if (snapshot.matches('cardForm')) {
    const child = snapshot.children.cardForm as ActorRefFrom<typeof refundCardFormMachine> | undefined;
    body = (
      <>
        {c.requestError === 'INVALID_CREDIT_CARD' ? (
          <Alert tone="error" title={m.refund_screen_your_card_was_declined()}>
            <p>{refundRequestMessages.cardDeclined}</p>
          </Alert>
        ) : (
          <Alert tone="info" title={m.refund_screen_we_need_a_card_for()}>
            <p>{m.refund_screen_the_card_you_paid_with()}</p>
          </Alert>
        )}
        {c.quote?.cancellationDetails && (
          <p>{rich(m.refund_screen_refund, { amount: <strong>{money(c.quote.cancellationDetails.total, pageData.currency)}</strong> })}</p>
        )}
        {child && <CardForm actor={child} onCancel={() => send({ type: 'card.cancel' })} />}
      </>
    );
  } else if (snapshot.matches('requesting')) body = <Loading label={refundRequestMessages.requesting} />;
  else if (snapshot.matches('checking')) body = <Loading label={refundRequestMessages.checking} />;
  else if (snapshot.matches('unconfirmed'))
    body = (
      <Alert tone="info">
        <p>{refundRequestMessages.unconfirmed}</p>
        <div className={styles.actions}>
          <CheckAgain onCheck={() => send({ type: 'refund.check' })} />
          {back}
        </div>
      </Alert>
    );
  else if (snapshot.matches('requestFailed'))
    body = (
      <Alert tone="error" title={m.refund_screen_your_refund_didnt_go_through()}>
        <p>{c.requestError === true || c.requestError === null ? refundRequestMessages.requestFailed : c.requestError}</p>
        <Button onClick={() => send({ type: 'refund.retry' })}>{m.common_try_again()}</Button>
      </Alert>
    );
  else if (snapshot.matches('fraudHeld'))
    body = (
      <>
        <Alert tone="error" title={m.refund_screen_we_cant_complete_this_refund()}>
          <p>{refundRequestMessages.fraud}</p>
          <ContactDetails />
        </Alert>
        <p>{back}</p>
      </>
    );
  else if (mode('ineligible') && c.quote)
    body = [
      <div key="top">
        {busyNote}
        <p>{c.reasonChosen ? m.refund_screen_we_cant_refund_this_booking() : m.refund_screen_we_cant_refund_this_booking_as_it_is()}</p>
        <ReasonsExplained quote={c.quote} />
      </div>,
      reasonPicker(m.refund_screen_did_something_else_happen_choose()),
      <p key="bottom">{back}</p>,
    ];
  else if (mode('unavailable'))
    body = [
      <div key="top">
        {busyNote}
        <UnavailableExplained quote={c.quote} />
      </div>,
      reasonPicker(m.refund_screen_choose_another_reason()),
      <p key="bottom">{back}</p>,
    ];
  else body = <Loading label={m.refund_screen_refund_requested_opening_your_booking()} />;

  return <Page title={title}>{body}</Page>;
}

/** The confirm step's list: each passenger and direction refunded, with its amount when the quote gives it. */
function ConfirmLines({ lines, names }: { lines: ReturnType<typeof refundLines>; names: ReadonlyMap<string, string> }) {
  const { locale, pageData } = useServices();
  if (lines.length === 0) return null;
  return (
    <>
      <h3 className={styles.sectionTitle}>{m.refund_screen_confirm_whats_refunded()}</h3>
      <ul className={styles.plainList}>
        {lines.map((l) => {
          const passenger = names.get(l.passengerId) ?? l.passengerName ?? m.common_passenger();
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

/** How a season ticket's refund is worked out (the quote's optional seasonCalculation). */
function SeasonCalculation({ calc }: { calc: SeasonRefundCalculation }) {
  const { locale, pageData } = useServices();
  const money = (x: RefundMoney) => formatMoney(x.amount, x.currencyCode || pageData.currency, locale.tag);
  // Validity is whole days, given in UTC as the server counts them (a last day ends 23:59 UTC).
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale.tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
  const periodLabel = {
    month: m.refund_screen_season_used_month,
    week: m.refund_screen_season_used_week,
    day: m.refund_screen_season_used_day,
  } as const;
  return (
    <section aria-labelledby="season-heading" className={styles.section}>
      <h3 id="season-heading" className={styles.sectionTitle}>{m.refund_screen_season_heading()}</h3>
      <p>{m.refund_screen_season_valid({ from: day(calc.validFrom), until: day(calc.validUntil), handedBack: day(calc.handedBackOn) })}</p>
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
        {quote.status === 'PARTIALLY_REFUNDABLE' ? m.refund_screen_tickets_in_this_refund() : m.refund_screen_your_refund()}
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
                <th scope="col">{m.common_refund()}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.refundableId}>
                  <td>
                    <strong>{names.get(r.passengerId) ?? r.passengerName}</strong>
                    <br />
                    {directionNames[r.direction]} · {r.ticketType}
                    {r.adminFee.amount > 0 && <span className={styles.hint}>{m.refund_screen_admin_fee({ amount: money(r.adminFee) })}</span>}
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
      ) : details && (
        <dl className={styles.totals}>
          <dt>{m.refund_screen_paid_for_these_tickets()}</dt>
          <dd>{money(details.paid)}</dd>
          <dt>{m.refund_screen_admin_fee_label()}</dt>
          <dd>{details.adminFee.amount > 0 ? `−${money(details.adminFee)}` : m.refund_screen_none()}</dd>
          <dt className={styles.grandTotal}>{m.refund_screen_total_refund()}</dt>
          <dd className={styles.grandTotal}>{money(details.total)}</dd>
        </dl>
      )}
      {quote.unprocessableReasons.length > 0 && <ReasonsExplained quote={quote} />}
    </section>
  );
}

function ReasonPicker({
  quote,
  value,
  legend,
  onChange,
}: {
  quote: RefundQuote | null;
  value: RefundReason;
  legend: string;
  onChange: (r: RefundReason) => void;
}) {
  const { locale } = useServices();
  const options = new Map((quote?.refundReasonOptions ?? []).map((o) => [o.code, o]));
  return (
    <div className={styles.section}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{legend}</legend>
        {refundReasons.map((code) => {
          const o = options.get(code);
          const id = `reason-${code}`;
          return (
            <div key={code} className={styles.radioRow}>
              <input
                id={id}
                type="radio"
                name="refund-reason"
                className={styles.radio}
                checked={value === code}
                onChange={() => onChange(code)}
              />
              <label htmlFor={id}>
                {refundReasonLabels[code]}
                {o && (
                  <span className={styles.hint}>
                    {o.eligible
                      ? o.adminFee.amount > 0
                        ? m.refund_screen_option_after_admin_fee({ amount: formatMoney(o.total.amount, o.total.currencyCode, locale.tag) })
                        : m.refund_screen_option_no_admin_fee({ amount: formatMoney(o.total.amount, o.total.currencyCode, locale.tag) })
                      : o.reasonCode
                        ? m.refund_screen_no_refund_for_this_reason_because({ why: ineligibilityCopy[o.reasonCode].title })
                        : m.refund_screen_no_refund_for_this_reason()}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </fieldset>
    </div>
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

function ReasonsExplained({ quote }: { quote: RefundQuote }) {
  const seen = new Set<string>();
  const reasons = quote.unprocessableReasons.filter((r) => (seen.has(r.reasonCode) ? false : (seen.add(r.reasonCode), true)));
  // A next step that says "contact customer service" comes with the portal's contact details.
  const contact = reasons.some((r) => contactNextSteps.includes(r.reasonCode));
  return (
    <>
      <ul className={styles.plainList} aria-label={m.refund_screen_why_these_tickets_cant_be()}>
        {reasons.map((r) => {
          const copy = ineligibilityCopy[r.reasonCode];
          return (
            <li key={r.reasonCode}>
              <strong>{copy.title}.</strong> {r.message ?? copy.explanation}
              <br />
              <span>{m.refund_screen_what_you_can_do({ next: ineligibilityNextStep(r.reasonCode, quote) })}</span>
            </li>
          );
        })}
      </ul>
      {contact && <ContactDetails />}
    </>
  );
}

function UnavailableExplained({ quote }: { quote: RefundQuote | null }) {
  if (!quote) return <p>{m.refund_screen_we_couldnt_work_out_a()}</p>;
  if (quote.status === 'PROCESSING')
    return (
      <Alert tone="info" title={m.refund_screen_refund_in_progress()}>
        <p>{quote.message ?? m.refund_screen_a_refund_for_this_booking()}</p>
      </Alert>
    );
  if (quote.status === 'POTENTIAL_FRAUD_DETECTED')
    return (
      <Alert tone="error" title={m.refund_screen_we_cant_refund_this_booking_2()}>
        <p>{quote.message ?? refundRequestMessages.fraud}</p>
        <ContactDetails />
      </Alert>
    );
  if (quote.status === 'TRANSFORM_ERROR')
    return (
      <Alert tone="error" title={m.refund_screen_we_couldnt_work_out_this()}>
        <p>{quote.message ?? schemaMismatchMessage}</p>
      </Alert>
    );
  return (
    <Alert tone="info" title={m.refund_screen_this_booking_cant_be_refunded()}>
      {quote.message && <p>{quote.message}</p>}
      <ReasonsExplained quote={quote} />
    </Alert>
  );
}
