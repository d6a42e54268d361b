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
import { directionNames, ineligibilityCopy, refundReasonLabels, returnModeCopy } from './refund-copy';
import * as styles from './refunds.css';
import { useRefundsApi } from './use-refunds-api';

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
        <Link to="/order-token/$bookingId/history" params={{ bookingId }}>
          Back to booking history
        </Link>
      ) : (
        <Link to="/bookings/$bookingId/history" params={{ bookingId }}>
          Back to booking history
        </Link>
      )
    ) : guest ? (
      <Link to="/order-token/$bookingId" params={{ bookingId }}>
        Back to your booking
      </Link>
    ) : (
      <Link to="/bookings/$bookingId" params={{ bookingId }}>
        Back to your booking
      </Link>
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
  const title = ineligibleTitle ? 'Refund not available' : 'Cancel and refund';
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
      <Alert tone="error" title="We couldn't work out your refund">
        <p>{c.quoteError === true || c.quoteError === null ? refundRequestMessages.quoteFailed : c.quoteError}</p>
        <div className={styles.actions}>
          <Button onClick={() => send({ type: 'quote.retry' })}>Try again</Button>
          <Button tone="secondary" onClick={() => send({ type: 'quote.dismiss' })}>
            Close
          </Button>
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
      reasonPicker('Why are you cancelling?'),
      <div key="bottom">
        <ReturnInstructions quote={c.quote} />
        {partialAvailable && c.booking && !requoting && (
          <PartialChoice>
            <PartialRefundPanel bookingId={bookingId} data={c.booking} refundReason={c.refundReason} from={from} guest={guest} names={names} />
          </PartialChoice>
        )}
        <div className={styles.actions}>
          <Button disabled={requoting} onClick={() => send({ type: 'refund.continue' })}>
            Continue
          </Button>
          {back}
        </div>
      </div>,
    ];
  } else if (snapshot.matches('confirming') && c.quote) {
    const total = c.quote.cancellationDetails?.total;
    body = (
      <section aria-labelledby="confirm-heading" className={styles.section}>
        <StepHeading id="confirm-heading" className={styles.sectionTitle}>
          Confirm your refund
        </StepHeading>
        <p>
          Your tickets will be cancelled and {total ? <strong>{money(total, pageData.currency)}</strong> : 'the refund'} will go
          back to{' '}
          {c.quote.creditCardForm?.cardOnFile
            ? `your ${c.quote.creditCardForm.cardOnFile.brand} card ending ${c.quote.creditCardForm.cardOnFile.last4}`
            : 'your original payment method'}
          . This can't be undone.
        </p>
        <p>Reason: {refundReasonLabels[c.refundReason]}</p>
        <div className={styles.actions}>
          <Button onClick={() => send({ type: 'refund.confirm' })}>Confirm refund</Button>
          <Button tone="secondary" onClick={() => send({ type: 'refund.back' })}>
            Back
          </Button>
        </div>
      </section>
    );
  } else if (snapshot.matches('cardForm')) {
    const child = snapshot.children.cardForm as ActorRefFrom<typeof refundCardFormMachine> | undefined;
    body = (
      <>
        {c.requestError === 'INVALID_CREDIT_CARD' ? (
          <Alert tone="error" title="Your card was declined">
            <p>{refundRequestMessages.cardDeclined}</p>
          </Alert>
        ) : (
          <Alert tone="info" title="We need a card for your refund">
            <p>The card you paid with can't take the refund. Enter another card in your name.</p>
          </Alert>
        )}
        {c.quote?.cancellationDetails && (
          <p>
            Refund: <strong>{money(c.quote.cancellationDetails.total, pageData.currency)}</strong>
          </p>
        )}
        {child && <CardForm actor={child} onCancel={() => send({ type: 'card.cancel' })} />}
      </>
    );
  } else if (snapshot.matches('requesting')) body = <Loading label={refundRequestMessages.requesting} />;
  else if (snapshot.matches('requestFailed'))
    body = (
      <Alert tone="error" title="Your refund didn't go through">
        <p>{c.requestError === true || c.requestError === null ? refundRequestMessages.requestFailed : c.requestError}</p>
        <Button onClick={() => send({ type: 'refund.retry' })}>Try again</Button>
      </Alert>
    );
  else if (snapshot.matches('fraudHeld'))
    body = (
      <>
        <Alert tone="error" title="We can't complete this refund online">
          <p>{refundRequestMessages.fraud}</p>
        </Alert>
        <p>{back}</p>
      </>
    );
  else if (mode('ineligible') && c.quote)
    body = [
      <div key="top">
        {busyNote}
        <p>We can't refund this booking for the reason you chose. Here is why, and what you can do.</p>
        <ReasonsExplained quote={c.quote} />
      </div>,
      reasonPicker('Did something else happen? Choose another reason'),
      <p key="bottom">{back}</p>,
    ];
  else if (mode('unavailable'))
    body = [
      <div key="top">
        {busyNote}
        <UnavailableExplained quote={c.quote} />
      </div>,
      reasonPicker('Choose another reason'),
      <p key="bottom">{back}</p>,
    ];
  else body = <Loading label="Refund requested. Opening your booking…" />;

  return <Page title={title}>{body}</Page>;
}

/** A disclosure (purely visual state) that opens the passenger choice. */
function PartialChoice({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="partial-heading">
      <h2 id="partial-heading" className={styles.sectionTitle}>
        Refund only some passengers
      </h2>
      {open ? (
        children
      ) : (
        <Button tone="secondary" aria-expanded={false} onClick={() => setOpen(true)}>
          Choose passengers to refund
        </Button>
      )}
    </section>
  );
}

function QuoteSummary({ quote, names }: { quote: RefundQuote; names: ReadonlyMap<string, string> }) {
  const { locale, pageData } = useServices();
  const m = (x: RefundMoney) => formatMoney(x.amount, x.currencyCode || pageData.currency, locale.tag);
  const rows = (quote.refundables ?? []).filter((r) => r.included);
  const details = quote.cancellationDetails;
  return (
    <section aria-labelledby="summary-heading">
      <StepHeading id="summary-heading" className={styles.sectionTitle}>
        {quote.status === 'PARTIALLY_REFUNDABLE' ? 'Tickets in this refund' : 'Your refund'}
      </StepHeading>
      {quote.status === 'PARTIALLY_REFUNDABLE' && <p>Only the tickets below will be refunded; everyone else keeps theirs.</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.hint}>Amounts per passenger and direction</caption>
            <thead>
              <tr>
                <th scope="col">Passenger and ticket</th>
                <th scope="col">Paid</th>
                <th scope="col">Refund</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.refundableId}>
                  <td>
                    <strong>{names.get(r.passengerId) ?? r.passengerName}</strong>
                    <br />
                    {directionNames[r.direction]} · {r.ticketType}
                    {r.adminFee.amount > 0 && <span className={styles.hint}>Admin fee {m(r.adminFee)}</span>}
                  </td>
                  <td>{m(r.paid)}</td>
                  <td>{m(r.refund)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {details && (
        <dl className={styles.totals}>
          <dt>Paid for these tickets</dt>
          <dd>{m(details.paid)}</dd>
          <dt>Admin fee</dt>
          <dd>{details.adminFee.amount > 0 ? `−${m(details.adminFee)}` : 'None'}</dd>
          <dt className={styles.grandTotal}>Total refund</dt>
          <dd className={styles.grandTotal}>{m(details.total)}</dd>
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
                      ? `Refund ${formatMoney(o.total.amount, o.total.currencyCode, locale.tag)}${o.adminFee.amount > 0 ? ' after the admin fee' : ', no admin fee'}`
                      : 'No refund for this reason'}
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
        {needsAction ? 'What you need to do' : 'Your tickets'}
      </h2>
      <Alert tone={needsAction ? 'info' : 'success'} title={copy.title}>
        <p>{r.instructions}</p>
        {r.address && <address className={styles.address}>{r.address.join('\n')}</address>}
        {r.deadline && (
          <p>
            They must arrive by{' '}
            <strong>
              {new Intl.DateTimeFormat(locale.tag, {
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                timeZone: 'Europe/London',
              }).format(new Date(r.deadline))}
            </strong>
            . We refund you when they arrive.
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
    <ul className={styles.plainList} aria-label="Why these tickets can't be refunded">
      {reasons.map((r) => {
        const copy = ineligibilityCopy[r.reasonCode];
        return (
          <li key={r.reasonCode}>
            <strong>{copy.title}.</strong> {r.message ?? copy.explanation}
            <br />
            <span>What you can do: {copy.next}</span>
          </li>
        );
      })}
    </ul>
  );
}

function UnavailableExplained({ quote }: { quote: RefundQuote | null }) {
  if (!quote) return <p>We couldn't work out a refund for this booking.</p>;
  if (quote.status === 'PROCESSING')
    return (
      <Alert tone="info" title="Refund in progress">
        <p>{quote.message ?? 'A refund for this booking is already being processed. We will email you when it is done.'}</p>
      </Alert>
    );
  if (quote.status === 'POTENTIAL_FRAUD_DETECTED')
    return (
      <Alert tone="error" title="We can't refund this booking online">
        <p>{quote.message ?? refundRequestMessages.fraud}</p>
      </Alert>
    );
  if (quote.status === 'TRANSFORM_ERROR')
    return (
      <Alert tone="error" title="We couldn't work out this refund">
        <p>{quote.message ?? schemaMismatchMessage}</p>
      </Alert>
    );
  return (
    <Alert tone="info" title="This booking can't be refunded">
      {quote.message && <p>{quote.message}</p>}
      <ReasonsExplained quote={quote} />
    </Alert>
  );
}
