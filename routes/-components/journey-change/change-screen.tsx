import { useNavigate } from '@tanstack/react-router';
import type { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { journeyToday, searchErrors, type journeyChangeMachine } from '#machines/journey-change';
import type { FirstData } from '#machines/lib/first-data';
import { newKeySeed } from '#src/api/idempotency';
import { formatDate, formatMoney, formatTime } from '#src/i18n/format';
import {
  legsOf,
  type ChangeDirection,
  type ChangeLeg,
  type ChangeMoney,
  type ChangeOptions,
  type ChangeQuote,
  type ChangeSearchField,
} from '#src/schemas/journey-change';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadError } from '#src/ui/load-error';
import { Loading } from '#src/ui/page';
import { RadioGroup } from '#src/ui/radio-group';
import { TextField } from '#src/ui/text-field';
import { bookingPath } from '../booking-links';
import * as Payment from '../change-payment/payment-steps';
import type { LostAnswerPhase } from '../lost-answer';
import { journeyChangeFlow } from './journey-change.flow';
import * as styles from '../refunds/refunds.css';
import { refusalText } from './change-words';
import { StepHeading } from '../refunds/step-heading';
import * as radioStyles from '#src/ui/radio-group.css';
import { m } from '#src/paraglide/messages.js';

type Snapshot = SnapshotFrom<typeof journeyChangeMachine>;
type Send = (event: Parameters<ReturnType<typeof useMachine<typeof journeyChangeMachine>>[1]>[0]) => void;

const today = () => journeyToday(new Date());

const directionLabel = (d: ChangeDirection) =>
  d === 'outward'
    ? m.journey_change_direction_outward()
    : d === 'inward'
      ? m.journey_change_direction_return()
      : m.journey_change_direction_both();

/** The change's flow (./journey-change.flow.ts); once changed, the new booking opens (following the snapshot). */
function useJourneyChange(bookingId: string, guest: boolean, first: FirstData<ChangeOptions | null> | null) {
  const navigate = useNavigate();
  const [input] = useState(() => ({ bookingId, today: today(), keySeed: newKeySeed(), first }));
  const flow = journeyChangeFlow.useFlow({ input });
  const [snapshot] = flow;
  const newBookingId = snapshot.matches('changed') ? (snapshot.context.result?.newBookingId ?? null) : null;
  useEffect(() => {
    if (!newBookingId) return;
    void navigate({
      to: bookingPath(guest, 'detail'),
      params: { bookingId: newBookingId },
      state: { journeyChanged: true } as never,
      replace: true,
    });
  }, [newBookingId, guest, navigate]);
  return flow;
}

/**
 * /bookings/{bookingId}/change (journeyChangeMachine; docs/decisions/600-change-your-journey.md).
 * `first`: the booking's change options its route loaded (docs/decisions/730); without it the chart loads them.
 */
export function JourneyChangeScreen({
  bookingId,
  guest,
  first,
}: {
  bookingId: string;
  guest: boolean;
  first?: FirstData<ChangeOptions | null> | undefined;
}) {
  const [snapshot, send] = useJourneyChange(bookingId, guest, first ?? null);
  const phase = Payment.usePaymentPhase(snapshot);
  return (
    <JourneyChangePage bookingId={bookingId} guest={guest}>
      <ChangeView snapshot={snapshot} send={send} phase={phase} />
    </JourneyChangePage>
  );
}

/** While the route loads the booking's options (its pending state): the screen as its chart's loading state shows it. */
export function JourneyChangeLoading({ bookingId, guest }: { bookingId: string; guest: boolean }) {
  return (
    <JourneyChangePage bookingId={bookingId} guest={guest}>
      <Loading label={m.journey_change_loading()} />
    </JourneyChangePage>
  );
}

function JourneyChangePage({ bookingId, guest, children }: { bookingId: string; guest: boolean; children: ReactNode }) {
  return (
    <Payment.ChangePage title={m.journey_change_title()} bookingId={bookingId} guest={guest}>
      {children}
    </Payment.ChangePage>
  );
}

function ChangeView({ snapshot, send, phase }: { snapshot: Snapshot; send: Send; phase: LostAnswerPhase | null }) {
  const c = snapshot.context;
  const { locale } = useServices();
  if (snapshot.matches('loading')) return <Loading label={m.journey_change_loading()} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <LoadError
        message={typeof c.error === 'string' ? refusalText(c.errorCode, c.error) : m.journey_change_load_failed()}
        onRetry={() => send({ type: 'change.retry' })}
      />
    );
  }
  if (snapshot.matches('notOffered')) return <Payment.ChangeNotOffered message={m.journey_change_not_offered()} />;
  if (snapshot.matches('notChangeable')) return <NotChangeable snapshot={snapshot} />;
  if (snapshot.matches('choosing')) return <SearchForm snapshot={snapshot} send={send} />;
  if (snapshot.matches('searching')) return <Loading label={m.journey_change_searching()} />;
  if (snapshot.matches('picking')) return <TrainList snapshot={snapshot} send={send} />;
  if (snapshot.matches('quoting')) return <Loading label={m.journey_change_quoting()} />;
  if (snapshot.matches('reviewing') && c.quote) return <Review snapshot={snapshot} send={send} quote={c.quote} />;
  if (snapshot.matches('cardForm')) {
    return (
      <Payment.ChangeCardStep
        actor={snapshot.children.cardForm}
        amount={c.quote ? formatMoney(c.quote.total.amount, c.quote.total.currencyCode, locale.tag) : ''}
        onCancel={() => send({ type: 'card.cancel' })}
      />
    );
  }
  if (snapshot.matches('paying')) {
    return (
      <Payment.ChangePayingStep
        phase={phase}
        payingLabel={m.journey_change_paying()}
        onCheck={() => send({ type: 'change.check' })}
      />
    );
  }
  return <Loading label={m.journey_change_opening_new_booking()} />;
}

function useFormat() {
  const { locale } = useServices();
  return {
    money: (x: ChangeMoney) => formatMoney(x.amount, x.currencyCode, locale.tag),
    time: (iso: string) => formatTime(iso, locale.tag),
    day: (iso: string) => formatDate(iso, locale.tag, { weekday: 'short', day: 'numeric', month: 'short' }),
  };
}

function NotChangeable({ snapshot }: { snapshot: Snapshot }) {
  const o = snapshot.context.options;
  const reasons = o?.refusal
    ? [refusalText(o.refusal.code, o.refusal.message)]
    : (o?.directions ?? []).map((d) =>
        m.journey_change_direction_refused({
          direction: directionLabel(d.direction),
          reason: refusalText(d.reason, d.message),
        }),
      );
  return (
    <Alert tone="info" title={m.journey_change_not_changeable_title()}>
      <ul className={styles.plainList}>
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </Alert>
  );
}

const fieldMessage = (problem: 'date' | 'past' | 'time' | undefined) =>
  problem === 'date'
    ? m.journey_change_error_date()
    : problem === 'past'
      ? m.journey_change_error_past()
      : problem === 'time'
        ? m.journey_change_error_time()
        : undefined;

function SearchForm({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const c = snapshot.context;
  const o = c.options;
  const errors = searchErrors(c.search, c.today);
  const chosen = o?.directions.find((d) => d.direction === c.search.direction);
  const canSearch = Object.keys(errors).length === 0 && chosen?.changeable === true;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'search.submit' });
  };
  const field = (name: ChangeSearchField, type: 'date' | 'time', label: string) => (
    <TextField
      label={label}
      type={type}
      name={name}
      required
      value={c.search[name]}
      error={fieldMessage(errors[name])}
      onValueChange={(value) => send({ type: 'search.change', field: name, value })}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-search-title">
      <StepHeading id="change-search-title" className={styles.sectionTitle}>
        {m.journey_change_what_to_change()}
      </StepHeading>
      {o && <JourneyPair title={m.journey_change_your_journey()} outward={o.outward} inward={o.inward} />}
      {o && <Rules kind={o.fareKind} fee={o.fee} />}
      {c.error !== null && (
        <Alert tone="error">
          {c.error === true ? m.journey_change_search_failed() : refusalText(c.errorCode, c.error)}
        </Alert>
      )}
      <RadioGroup
        name="direction"
        legend={m.journey_change_which_journey()}
        className={styles.fieldset}
        // The page's other legends (the new trains') are the browser's own: so is this one.
        value={c.search.direction}
        onChange={(direction) => send({ type: 'search.direction', direction })}
        options={(o?.directions ?? []).map((d) => ({
          value: d.direction,
          label: directionLabel(d.direction),
          disabled: !d.changeable,
          // Why a journey cannot be changed, read after its name.
          description: !d.changeable && (d.reason || d.message) ? refusalText(d.reason, d.message) : undefined,
        }))}
      />
      {legsOf(c.search.direction).map((leg) => (
        <fieldset key={leg} className={styles.fieldset}>
          <legend className={radioStyles.legend}>
            {leg === 'outward' ? m.journey_change_new_outward() : m.journey_change_new_return()}
          </legend>
          {field(leg === 'outward' ? 'outwardDate' : 'inwardDate', 'date', m.journey_change_date())}
          {field(leg === 'outward' ? 'outwardAfter' : 'inwardAfter', 'time', m.journey_change_leaving_after())}
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button type="submit" disabled={!canSearch}>
          {m.journey_change_find_trains()}
        </Button>
      </div>
    </form>
  );
}

function JourneyPair({ title, outward, inward }: { title: string; outward: ChangeLeg; inward: ChangeLeg | null }) {
  const f = useFormat();
  const line = (leg: ChangeLeg) =>
    m.journey_change_leg_line({
      from: leg.origin.name,
      to: leg.destination.name,
      day: f.day(leg.departure),
      departs: f.time(leg.departure),
      arrives: leg.arrival ? f.time(leg.arrival) : '',
    });
  return (
    <section aria-label={title}>
      <h3 className={styles.groupTitle}>{title}</h3>
      <dl className={styles.legLines}>
        <dt>{m.journey_change_direction_outward()}</dt>
        <dd>{line(outward)}</dd>
        {inward && (
          <>
            <dt>{m.journey_change_direction_return()}</dt>
            <dd>{line(inward)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Rules({ kind, fee }: { kind: 'advance' | 'flexible'; fee: ChangeMoney }) {
  const f = useFormat();
  return (
    <section aria-labelledby="change-rules-title" className={styles.section}>
      <h3 id="change-rules-title" className={styles.groupTitle}>
        {m.journey_change_rules_title()}
      </h3>
      <ul className={styles.plainList}>
        {kind === 'advance' ? (
          <>
            <li>{m.journey_change_rule_advance_before()}</li>
            <li>{m.journey_change_rule_advance_fee({ fee: f.money(fee) })}</li>
            <li>{m.journey_change_rule_advance_lower()}</li>
          </>
        ) : (
          <>
            <li>{m.journey_change_rule_flexible_before()}</li>
            <li>{m.journey_change_rule_flexible_fee({ fee: f.money(fee) })}</li>
          </>
        )}
      </ul>
    </section>
  );
}

function TrainList({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const c = snapshot.context;
  const f = useFormat();
  const list = c.departures?.departures ?? [];
  const status = (s: string) =>
    s === 'FULL'
      ? m.journey_change_train_full()
      : s === 'CANCELLED'
        ? m.journey_change_train_cancelled()
        : m.journey_change_train_departed();
  return (
    <section aria-labelledby="change-trains-title">
      <StepHeading id="change-trains-title" className={styles.sectionTitle}>
        {c.leg === 'outward' ? m.journey_change_choose_outward() : m.journey_change_choose_return()}
      </StepHeading>
      {c.error !== null && (
        <Alert tone="error">
          {c.error === true ? m.journey_change_quote_failed() : refusalText(c.errorCode, c.error)}
        </Alert>
      )}
      {list.length === 0 && <p>{m.journey_change_no_trains()}</p>}
      <ul className={styles.groups} aria-label={m.journey_change_trains()}>
        {list.map((t) => (
          <li key={t.trainId} className={styles.section}>
            <p>
              <strong>
                {m.journey_change_train_times({ departs: f.time(t.departure), arrives: f.time(t.arrival) })}
              </strong>{' '}
              {m.journey_change_changes({ count: t.changes })}
            </p>
            {t.status === 'AVAILABLE' && t.fare && t.difference ? (
              <>
                <p>
                  {m.journey_change_new_fare({ fare: f.money(t.fare) })}{' '}
                  {t.difference.amount > 0
                    ? m.journey_change_difference_more({ amount: f.money(t.difference) })
                    : t.difference.amount < 0
                      ? m.journey_change_difference_less({
                          amount: f.money({ ...t.difference, amount: -t.difference.amount }),
                        })
                      : m.journey_change_difference_same()}
                </p>
                <Button
                  tone="secondary"
                  aria-label={m.journey_change_choose_train_label({ departs: f.time(t.departure) })}
                  onClick={() => send({ type: 'train.pick', trainId: t.trainId })}
                >
                  {m.journey_change_choose_train()}
                </Button>
              </>
            ) : (
              <p>{status(t.status)}</p>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button tone="secondary" onClick={() => send({ type: 'change.back' })}>
          {m.journey_change_search_again()}
        </Button>
      </div>
    </section>
  );
}

function Review({ snapshot, send, quote }: { snapshot: Snapshot; send: Send; quote: ChangeQuote }) {
  const c = snapshot.context;
  const f = useFormat();
  const total = quote.total.amount;
  const cards = c.options?.savedCards ?? [];
  const positive = (x: ChangeMoney) => f.money({ ...x, amount: Math.abs(x.amount) });
  return (
    <section aria-labelledby="change-review-title">
      <StepHeading id="change-review-title" className={styles.sectionTitle}>
        {m.journey_change_review_title()}
      </StepHeading>
      <Payment.PaymentNotices payment={c} refusal={refusalText} />
      <div className={styles.cardGrid}>
        <JourneyPair title={m.journey_change_old_journey()} outward={quote.old.outward} inward={quote.old.inward} />
        <JourneyPair title={m.journey_change_new_journey()} outward={quote.new.outward} inward={quote.new.inward} />
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{m.journey_change_fares_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.journey_change_ticket()}</th>
              <th scope="col">{m.journey_change_old_fare()}</th>
              <th scope="col">{m.journey_change_new_fare_heading()}</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l) => (
              <tr key={l.ticketId}>
                <td>{`${l.passengerName}, ${l.type}`}</td>
                <td>{f.money(l.oldFare)}</td>
                <td>{f.money(l.newFare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.totals}>
        <dt>{m.journey_change_fare_difference()}</dt>
        <dd>{f.money(quote.fareDifference)}</dd>
        <dt>{m.journey_change_fee()}</dt>
        <dd>{f.money(quote.fees)}</dd>
        <dt className={styles.grandTotal}>
          {total > 0
            ? m.journey_change_you_pay()
            : total < 0
              ? m.journey_change_you_get_back()
              : m.journey_change_nothing_to_pay()}
        </dt>
        <dd className={styles.grandTotal}>{positive(quote.total)}</dd>
      </dl>
      {quote.lowerFareKept && (
        <Alert tone="info" title={m.journey_change_lower_fare_title()}>
          <p>{m.journey_change_lower_fare()}</p>
        </Alert>
      )}
      {total < 0 && <p>{m.journey_change_refund_to_card()}</p>}
      <Rules kind={quote.fareKind} fee={c.options?.fee ?? quote.fees} />
      <Payment.PaymentActions
        total={total}
        amount={f.money(quote.total)}
        cards={cards}
        choice={c.cardChoice}
        onSelect={(choice) => send({ type: 'pay.select', choice })}
        onConfirm={() => send({ type: 'change.confirm' })}
        onBack={() => send({ type: 'change.back' })}
        backLabel={m.journey_change_choose_again()}
      />
    </section>
  );
}
