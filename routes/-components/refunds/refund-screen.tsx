import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useState, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { isPartialRefundAvailable } from '#machines/partial-refund';
import { refundCardFormMachine } from '#machines/refund-card-form';
import { isRequestableQuote, isTermsIneligible } from '#machines/lib/refund-rules';
import type { RefundFrom } from '#machines/refund-quote';
import { refundRequestMachine, refundRequestMessages } from '#machines/refund-request';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import {
  customerActionReturnModes,
  refundReasons,
  type RefundMoney,
  type RefundQuote,
  type RefundReason,
} from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { CardForm } from './card-form';
import { PartialRefundPanel } from './partial-refund-panel';
import { StepHeading } from './step-heading';
import { directionNames, ineligibilityCopy, ineligibilityNextStep, refundReasonLabels, returnModeCopy } from './refund-copy';
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
        submitRefund: fromPromise(({ input }) => api.requestRefund(input.quoteId, input.body)),
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
          const search = { waitForSuperseders: true };
          if (guest)
            void navigate({
              to: '/order-token/$bookingId/history',
              params: { bookingId },
              search,
              replace: true,
            });
          else
            void navigate({
              to: '/bookings/$bookingId/history',
              params: { bookingId },
              search,
              replace: true,
            });
        },
      },
    }),
    { input: { bookingId, quoteId, today: today() } },
  );
  const c = snapshot.context;
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of c.quote?.refundables ?? []) m.set(r.passengerId, r.passengerName);
    const b = c.booking?.booking;
    for (const j of [b?.outward, b?.inward]) {
      for (const f of j?.fares ?? [])
        for (const p of f.farePassengers) if (p.firstName) m.set(p.passengerId, `${p.firstName} ${p.lastName ?? ''}`.trim());
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
      <Link to="/bookings/$bookingId" params={{ bookingId }}>{m.refund_screen_back_to_your_booking()}</Link>
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
  else if (mode('reviewing') && c.quote) {
    const partialAvailable = c.booking ? c.quote.isPartiallyRefundable || isPartialRefundAvailable(c.booking.booking) : false;
    body = [
      <div key="top">
        {busyNote}
        <QuoteSummary quote={c.quote} names={names} />
      </div>,
      reasonPicker(m.refund_screen_why_are_you_cancelling()),
      <div key="bottom">
        <ReturnInstructions quote={c.quote} />
        {partialAvailable && c.booking && !requoting && (
          <PartialChoice>
            <PartialRefundPanel bookingId={bookingId} data={c.booking} refundReason={c.refundReason} from={from} guest={guest} names={names} />
          </PartialChoice>
        )}
        <div className={styles.actions}>
          <Button disabled={requoting} onClick={() => send({ type: 'refund.continue' })}>{m.refund_screen_continue()}</Button>
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

/** A disclosure (purely visual state) that opens the passenger choice. */
function PartialChoice({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="partial-heading">
      <h2 id="partial-heading" className={styles.sectionTitle}>{m.refund_screen_refund_only_some_passengers()}</h2>
      {open ? (
        children
      ) : (
        <Button tone="secondary" aria-expanded={false} onClick={() => setOpen(true)}>{m.refund_screen_choose_passengers_to_refund()}</Button>
      )}
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
      {details && (
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
        <p>{r.instructions}</p>
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
  return (
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
