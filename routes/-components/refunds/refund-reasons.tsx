import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import { refundReasons, type RefundQuote, type RefundReason } from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { ContactDetails } from '../contact-details';
import { reasonWords } from '../server-words';
import { contactNextSteps, ineligibilityCopy, ineligibilityNextStep, refundReasonLabels } from './refund-copy';
import type { RefundView } from './refund-view';
import * as styles from './refunds.css';
import { m } from '#src/paraglide/messages.js';

/** The refund page's reasons: the picker, why tickets cannot be refunded, and the ineligible and unavailable views. */

export function ReasonPicker({
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
                        ? m.refund_screen_option_after_admin_fee({
                            amount: formatMoney(o.total.amount, o.total.currencyCode, locale.tag),
                          })
                        : m.refund_screen_option_no_admin_fee({
                            amount: formatMoney(o.total.amount, o.total.currencyCode, locale.tag),
                          })
                      : o.reasonCode
                        ? m.refund_screen_no_refund_for_this_reason_because({
                            why: ineligibilityCopy[o.reasonCode].title,
                          })
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

export function ReasonsExplained({ quote }: { quote: RefundQuote }) {
  const seen = new Set<string>();
  const reasons = quote.unprocessableReasons.filter((r) =>
    seen.has(r.reasonCode) ? false : (seen.add(r.reasonCode), true),
  );
  // A next step that says "contact customer service" comes with the portal's contact details.
  const contact = reasons.some((r) => contactNextSteps.includes(r.reasonCode));
  return (
    <>
      <ul className={styles.plainList} aria-label={m.refund_screen_why_these_tickets_cant_be()}>
        {reasons.map((r) => {
          const copy = ineligibilityCopy[r.reasonCode];
          return (
            <li key={r.reasonCode}>
              <strong>{copy.title}.</strong> {reasonWords(r, copy.explanation)}
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
        <p>{m.refund_screen_a_refund_for_this_booking()}</p>
      </Alert>
    );
  if (quote.status === 'POTENTIAL_FRAUD_DETECTED')
    return (
      <Alert tone="error" title={m.refund_screen_we_cant_refund_this_booking_2()}>
        <p>{m.refund_request_fraud()}</p>
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
      {/* The server's summary is the first reason's sentence: the reasons below say it in the page's words. */}
      {quote.message && quote.unprocessableReasons.length === 0 && <p>{quote.message}</p>}
      <ReasonsExplained quote={quote} />
    </Alert>
  );
}

/** `ineligible`: the terms do not refund these tickets for this reason; another reason may. */
export function ineligibleView(v: RefundView, quote: RefundQuote) {
  return [
    <div key="top">
      {v.busyNote}
      <p>
        {v.context.reasonChosen
          ? m.refund_screen_we_cant_refund_this_booking()
          : m.refund_screen_we_cant_refund_this_booking_as_it_is()}
      </p>
      <ReasonsExplained quote={quote} />
    </div>,
    v.reasonPicker(m.refund_screen_did_something_else_happen_choose()),
    <p key="bottom">{v.back}</p>,
  ];
}

/** `unavailable`: no refund online (in progress, held, not priced, not refundable). */
export function unavailableView(v: RefundView) {
  return [
    <div key="top">
      {v.busyNote}
      <UnavailableExplained quote={v.context.quote} />
    </div>,
    v.reasonPicker(m.refund_screen_choose_another_reason()),
    <p key="bottom">{v.back}</p>,
  ];
}
