import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  seasonToday,
  startDateProblem,
  type SeasonStartChangeEvent,
  type StartDateField,
  type seasonStartChangeMachine,
} from '#machines/season-start-change';
import { newKeySeed } from '#src/api/idempotency';
import { startDateMessage } from '#src/copy/season-start-change';
import { formatMoney } from '#src/i18n/format';
import { m } from '#src/paraglide/messages.js';
import type { SeasonChangeOptions, SeasonMoney, SeasonValidity } from '#src/schemas/season-start-change';
import type { FirstData } from '#machines/lib/first-data';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import * as fieldStyles from '#src/ui/field.css';
import { FieldError } from '#src/ui/field-error';
import { LoadError } from '#src/ui/load-error';
import { Loading } from '#src/ui/page';
import { SubmitHint } from '#src/ui/submit-hint';
import { bookingPath } from '../booking-links';
import { ukDate } from '../booking-format';
import * as Payment from '../change-payment/payment-steps';
import { refusalText } from '../journey-change/change-words';
import type { LostAnswerPhase } from '../lost-answer';
import * as refundStyles from '../refunds/refunds.css';
import { StepHeading } from '../refunds/step-heading';
import { seasonStartChangeFlow } from './season-start-change.flow';
import * as styles from './season-start-change.css';

type Snapshot = SnapshotFrom<typeof seasonStartChangeMachine>;
type Send = (event: SeasonStartChangeEvent) => void;

/**
 * /bookings/{bookingId}/change-start-date and the guest's /order-token/{bookingId}/change-start-date
 * (seasonStartChangeMachine; docs/decisions/690-season-start-date-change.md, 790-season-start-date-screen.md).
 * `first`: the season's options its route loaded (docs/decisions/730); without it the chart loads them.
 */
/**
 * A refusal of the season's date or payment in the page's words: the journey's words, but a date out
 * of range is the season's own (its first day is tomorrow, a journey's today). The chart and the
 * server count the same UK days, so the server refuses a date only when the day turned at midnight.
 */
const seasonRefusalText = (code: string | null | undefined, sentence: string | null | undefined): string =>
  code === 'DATE_OUT_OF_RANGE' ? m.season_start_error_too_soon() : refusalText(code, sentence);

export function SeasonStartScreen({
  bookingId,
  guest,
  first,
}: {
  bookingId: string;
  guest: boolean;
  first?: FirstData<SeasonChangeOptions | null> | undefined;
}) {
  const [input] = useState(() => ({
    bookingId,
    today: seasonToday(new Date()),
    keySeed: newKeySeed(),
    first: first ?? null,
  }));
  const [snapshot, send] = seasonStartChangeFlow.useFlow({ input });
  const phase = Payment.usePaymentPhase(snapshot);
  return (
    <SeasonStartPage bookingId={bookingId} guest={guest}>
      <SeasonStartView snapshot={snapshot} send={send} phase={phase} guest={guest} />
    </SeasonStartPage>
  );
}

/** While the route loads the season (its pending state): the screen as its chart's loading state shows it. */
export function SeasonStartLoading({ bookingId, guest }: { bookingId: string; guest: boolean }) {
  return (
    <SeasonStartPage bookingId={bookingId} guest={guest}>
      <Loading label={m.season_start_loading()} />
    </SeasonStartPage>
  );
}

function SeasonStartPage({ bookingId, guest, children }: { bookingId: string; guest: boolean; children: ReactNode }) {
  return (
    <Payment.ChangePage title={m.season_start_title()} bookingId={bookingId} guest={guest}>
      {children}
    </Payment.ChangePage>
  );
}

function SeasonStartView({
  snapshot,
  send,
  phase,
  guest,
}: {
  snapshot: Snapshot;
  send: Send;
  phase: LostAnswerPhase | null;
  guest: boolean;
}) {
  const c = snapshot.context;
  const money = useMoney();
  if (snapshot.matches('loading')) return <Loading label={m.season_start_loading()} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <LoadError
        message={typeof c.error === 'string' ? seasonRefusalText(c.errorCode, c.error) : m.season_start_load_failed()}
        onRetry={() => send({ type: 'change.retry' })}
      />
    );
  }
  if (snapshot.matches('notOffered')) {
    return <Payment.ChangeNotOffered message={m.season_start_not_offered()} />;
  }
  if (snapshot.matches('notChangeable')) return <NotChangeable snapshot={snapshot} />;
  if (snapshot.matches('choosing')) return <DateForm snapshot={snapshot} send={send} />;
  if (snapshot.matches('quoting')) return <Loading label={m.season_start_quoting()} />;
  if (snapshot.matches('reviewing')) return <Review snapshot={snapshot} send={send} />;
  if (snapshot.matches('cardForm')) {
    return (
      <Payment.ChangeCardStep
        actor={snapshot.children.cardForm}
        amount={c.quote ? money(c.quote.total) : ''}
        onCancel={() => send({ type: 'card.cancel' })}
      />
    );
  }
  if (snapshot.matches('paying')) {
    return (
      <Payment.ChangePayingStep
        phase={phase}
        payingLabel={m.season_start_paying()}
        onCheck={() => send({ type: 'change.check' })}
      />
    );
  }
  return <Done snapshot={snapshot} guest={guest} />;
}

function useMoney() {
  const { locale } = useServices();
  return (x: SeasonMoney) => formatMoney(x.amount, x.currencyCode, locale.tag);
}

function useValidity() {
  const { locale } = useServices();
  return (v: SeasonValidity) =>
    m.season_start_valid_value({ from: ukDate(v.validFrom, locale.tag), until: ukDate(v.validUntil, locale.tag) });
}

function NotChangeable({ snapshot }: { snapshot: Snapshot }) {
  const o = snapshot.context.options;
  const refusal = o?.refusal ?? null;
  const direction = o?.directions.find((d) => !d.changeable);
  const reason = refusal
    ? refusalText(refusal.code, refusal.message)
    : refusalText(direction?.reason, direction?.message, m.season_start_not_changeable_title());
  return (
    <Alert tone="info" title={m.season_start_not_changeable_title()}>
      <p>{reason}</p>
    </Alert>
  );
}

/** The season's route and validity (what the customer has now). */
function SeasonSummary({ snapshot }: { snapshot: Snapshot }) {
  const o = snapshot.context.options;
  const validity = useValidity();
  if (!o) return null;
  return (
    <section aria-labelledby="season-summary-title">
      <h3 id="season-summary-title" className={refundStyles.groupTitle}>
        {m.season_start_your_season()}
      </h3>
      <dl className={refundStyles.legLines}>
        <dt>{m.season_start_route()}</dt>
        <dd>{m.season_start_route_value({ from: o.outward.origin.name, to: o.outward.destination.name })}</dd>
        <dt>{m.season_start_valid()}</dt>
        <dd>{validity(o.season)}</dd>
      </dl>
    </section>
  );
}

function Rules({ fee }: { fee: SeasonMoney | undefined }) {
  const money = useMoney();
  return (
    <section aria-labelledby="season-rules-title">
      <h3 id="season-rules-title" className={refundStyles.groupTitle}>
        {m.journey_change_rules_title()}
      </h3>
      <ul className={refundStyles.plainList}>
        <li>{m.season_start_rule_before()}</li>
        <li>{m.season_start_rule_range()}</li>
        {fee && <li>{m.season_start_rule_fee({ fee: money(fee) })}</li>}
      </ul>
    </section>
  );
}

const parts: { field: StartDateField; label: () => string; maxLength: number; long: boolean }[] = [
  { field: 'day', label: () => m.season_start_day(), maxLength: 2, long: false },
  { field: 'month', label: () => m.season_start_month(), maxLength: 2, long: false },
  { field: 'year', label: () => m.season_start_year(), maxLength: 4, long: true },
];

/** The new start date: one fieldset with a legend, three inputs, one message for the group (the date of birth's style). */
function DateForm({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const c = snapshot.context;
  const id = useId();
  const problem = startDateProblem(c.date, c.today, c.options?.season.validFrom);
  // Shown once the customer left the date, and never for an untouched, empty date.
  const shown = c.dateTouched ? startDateMessage(problem) : undefined;
  const refused = c.error !== null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const submitHintId = `${id}-submit-hint`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'date.submit' });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="season-start-choose-title">
      <StepHeading id="season-start-choose-title" className={refundStyles.sectionTitle}>
        {m.season_start_choose_title()}
      </StepHeading>
      <SeasonSummary snapshot={snapshot} />
      <Rules fee={c.options?.fee} />
      {refused && (
        <Alert tone="error">
          {c.error === true ? m.season_start_quote_failed() : seasonRefusalText(c.errorCode, c.error)}
        </Alert>
      )}
      <fieldset
        className={styles.fieldset}
        data-field-group
        aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
        onBlur={(e) => {
          // Only when focus leaves the whole group: moving from day to month is not "leaving".
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) send({ type: 'date.blur' });
        }}
      >
        <legend className={styles.legend}>{m.season_start_date_legend()}</legend>
        <div id={hintId} className={fieldStyles.hint}>
          {m.season_start_date_hint()}
        </div>
        <FieldError id={errorId} error={shown} />
        <div className={styles.dateParts}>
          {parts.map((p) => (
            <div key={p.field} className={`${styles.datePart} ${p.long ? styles.datePartLong : styles.datePartShort}`}>
              <label htmlFor={`${id}-${p.field}`} className={styles.dateLabel}>
                {p.label()}
              </label>
              <input
                id={`${id}-${p.field}`}
                name={p.field}
                className={fieldStyles.input}
                inputMode="numeric"
                autoComplete="off"
                maxLength={p.maxLength}
                aria-required="true"
                aria-invalid={shown ? true : undefined}
                value={c.date[p.field]}
                onChange={(e) => send({ type: 'date.change', field: p.field, value: e.target.value })}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div className={refundStyles.actions}>
        <Button type="submit" disabled={problem !== null} aria-describedby={submitHintId}>
          {m.season_start_continue()}
        </Button>
      </div>
      <SubmitHint id={submitHintId} fields={problem !== null ? ['day'] : []} active={problem !== null} />
    </form>
  );
}

function Review({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const c = snapshot.context;
  const money = useMoney();
  const validity = useValidity();
  const quote = c.quote;
  if (!quote) return null;
  const total = quote.total.amount;
  return (
    <section aria-labelledby="season-start-review-title">
      <StepHeading id="season-start-review-title" className={refundStyles.sectionTitle}>
        {m.season_start_review_title()}
      </StepHeading>
      <Payment.PaymentNotices payment={c} refusal={seasonRefusalText} />
      <dl className={refundStyles.legLines}>
        <dt>{m.season_start_now_valid()}</dt>
        <dd>{c.options ? validity(c.options.season) : ''}</dd>
        <dt>{m.season_start_new_valid()}</dt>
        <dd>
          <strong>{validity(quote.season)}</strong>
        </dd>
      </dl>
      <div className={refundStyles.tableWrap}>
        <table className={refundStyles.table}>
          <caption>{m.season_start_fees_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.journey_change_ticket()}</th>
              <th scope="col">{m.journey_change_fee()}</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l) => (
              <tr key={l.ticketId}>
                <td>{`${l.passengerName}, ${l.type}`}</td>
                <td>{money(l.fee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={refundStyles.totals}>
        <dt className={refundStyles.grandTotal}>
          {total > 0 ? m.journey_change_you_pay() : m.journey_change_nothing_to_pay()}
        </dt>
        <dd className={refundStyles.grandTotal}>{money(quote.total)}</dd>
      </dl>
      <Payment.PaymentActions
        total={total}
        amount={money(quote.total)}
        cards={c.options?.savedCards ?? []}
        choice={c.cardChoice}
        onSelect={(choice) => send({ type: 'pay.select', choice })}
        onConfirm={() => send({ type: 'change.confirm' })}
        onBack={() => send({ type: 'change.back' })}
        backLabel={m.season_start_choose_again()}
      />
    </section>
  );
}

/** Done: the new booking's dates, what was paid, and the way to the booking and its history. */
function Done({ snapshot, guest }: { snapshot: Snapshot; guest: boolean }) {
  const c = snapshot.context;
  const money = useMoney();
  const { locale } = useServices();
  const result = c.result;
  if (!result) return null;
  const season = c.quote?.season;
  return (
    <section aria-labelledby="season-start-done-title">
      <StepHeading id="season-start-done-title" className={refundStyles.sectionTitle}>
        {m.season_start_done_title()}
      </StepHeading>
      <Alert tone="success">
        {season && (
          <p>
            {m.season_start_done_dates({
              from: ukDate(season.validFrom, locale.tag),
              until: ukDate(season.validUntil, locale.tag),
            })}
          </p>
        )}
        <p>{m.season_start_done_reference({ reference: result.reference })}</p>
        {result.paid && <p>{m.season_start_done_paid({ amount: money(result.paid) })}</p>}
      </Alert>
      <ul className={refundStyles.plainList}>
        <li>
          <Link to={bookingPath(guest, 'detail')} params={{ bookingId: result.newBookingId }}>
            {m.season_start_open_booking()}
          </Link>
        </li>
        <li>
          <Link to={bookingPath(guest, 'history')} params={{ bookingId: result.newBookingId }}>
            {m.season_start_open_history()}
          </Link>
        </li>
      </ul>
    </section>
  );
}
