import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type * as v from 'valibot';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import type { HistoryFetchResult } from '#machines/booking-history';
import type { FirstData } from '#machines/lib/first-data';
import type { BookingHistoryResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './booking-detail.css';
import { RefundEntry } from '../refunds/refund-quote';
import { RefundStatus } from '../refunds/refund-status';
import { bookingTitle, describeChanges, passengerName, ukDate, ukDateTime } from '../booking-format';
import { m } from '#src/paraglide/messages.js';
import { bookingLifecycle } from '../booking-lifecycle';
import { rich } from '#src/i18n/rich';
import { bookingPath } from '../booking-links';
import { useHandedOverWait, type historySearch } from './history-search';
import { VatReceipt } from './vat-receipt';
import { bookingHistoryFlow } from './booking-history.flow';

export const historyMessages = {
  waiting: m.booking_detail_booking_history_screen_waiting(),
  waitingBody: m.booking_detail_booking_history_screen_waiting_body(),
  timeout: m.booking_detail_booking_history_screen_timeout(),
  timeoutBody: m.booking_detail_booking_history_screen_timeout_body(),
  failed: m.booking_detail_booking_history_screen_failed(),
  failedBody: m.booking_detail_booking_history_screen_failed_body(),
  refundComplete: m.booking_detail_booking_history_screen_refund_complete(),
  refundCompleteBody: m.booking_detail_booking_history_screen_refund_complete_body(),
} as const;

/**
 * The history page of /bookings/{id}/history and /order-token/{id}/history: the two routes differ
 * only in who opened the booking. A hand-over to wait for the replacement (search or history state)
 * remounts the screen. `first`: the history its route loaded (docs/decisions/730); without it the
 * chart fetches it.
 */
export function BookingHistoryPage({
  bookingId,
  search,
  guest,
  first,
}: {
  bookingId: string;
  search: v.InferOutput<typeof historySearch>;
  guest: boolean;
  first?: FirstData<HistoryFetchResult> | null | undefined;
}) {
  const handedOver = useHandedOverWait();
  const wait = search.waitForSuperseders === true || handedOver;
  return (
    <BookingHistoryScreen
      key={`${bookingId}:${wait}`}
      bookingId={bookingId}
      guest={guest}
      waitForSuperseders={wait}
      bookingChanged={search.bookingchanged === true}
      refundComplete={search.refundComplete === true}
      first={wait ? null : (first ?? null)}
    />
  );
}

export function BookingHistoryScreen({
  bookingId,
  guest,
  waitForSuperseders,
  bookingChanged,
  refundComplete,
  first = null,
}: {
  bookingId: string;
  guest: boolean;
  waitForSuperseders: boolean;
  bookingChanged: boolean;
  refundComplete: boolean;
  first?: FirstData<HistoryFetchResult> | null;
}) {
  const navigate = useNavigate();
  const [input] = useState(() => ({ bookingId, waitForSuperseders, bookingChanged, first }));
  const [snapshot, send] = bookingHistoryFlow.useFlow({ input });
  const { history, failed } = snapshot.context;

  // A replacement was found: the customer goes to its history, marked refund complete.
  const replacementId = snapshot.matches('redirecting') ? (snapshot.context.replacement?.bookingId ?? null) : null;
  const markComplete = snapshot.context.waitForSuperseders || snapshot.context.bookingChanged;
  useEffect(() => {
    if (!replacementId) return;
    const search = markComplete ? { refundComplete: true } : {};
    void navigate({ to: bookingPath(guest, 'history'), params: { bookingId: replacementId }, search, replace: true });
  }, [replacementId, markComplete, guest, navigate]);

  if (snapshot.matches('waiting')) {
    return (
      <Page title={m.booking_detail_booking_history_screen_booking_history()}>
        <Alert tone="info" title={historyMessages.waiting}>
          <p>{historyMessages.waitingBody}</p>
        </Alert>
        <Loading label={m.booking_detail_booking_history_screen_checking_for_your_updated_booking()} />
      </Page>
    );
  }
  if (snapshot.matches('error') || snapshot.matches('schemaError')) {
    return (
      <Page title={m.booking_detail_booking_history_screen_booking_history()}>
        <Alert tone="error" title={m.booking_detail_booking_history_screen_we_couldnt_load_this_bookings()}>
          <p>
            {snapshot.matches('schemaError')
              ? schemaMismatchMessage
              : m.booking_detail_booking_history_screen_please_try_again()}
          </p>
        </Alert>
        <Button onClick={() => send({ type: 'history.retry' })}>{m.common_try_again()}</Button>
      </Page>
    );
  }
  if (snapshot.matches('loaded') || snapshot.matches('waitFailed')) {
    return (
      <Page title={m.booking_detail_booking_history_screen_booking_history()}>
        {refundComplete && (
          <Alert tone="success" title={historyMessages.refundComplete}>
            <p>{historyMessages.refundCompleteBody}</p>
          </Alert>
        )}
        {snapshot.matches('waitFailed') && (
          <>
            <Alert tone="error" title={failed === 'timeout' ? historyMessages.timeout : historyMessages.failed}>
              <p>{failed === 'timeout' ? historyMessages.timeoutBody : historyMessages.failedBody}</p>
            </Alert>
            <Button tone="secondary" onClick={() => send({ type: 'history.retry' })}>
              {m.booking_detail_booking_history_screen_check_again()}
            </Button>
          </>
        )}
        {history && <Timeline history={history} guest={guest} />}
      </Page>
    );
  }
  return (
    <Page title={m.booking_detail_booking_history_screen_booking_history()}>
      <Loading
        label={
          snapshot.matches('redirecting')
            ? m.booking_detail_booking_history_screen_opening_your_updated_booking()
            : m.booking_detail_booking_history_screen_loading_booking_history()
        }
      />
    </Page>
  );
}

function Timeline({ history, guest }: { history: BookingHistoryResponse; guest: boolean }) {
  const { locale } = useServices();
  const entries = history.bookings;
  const last = entries[entries.length - 1];
  // Each entry's lifecycle (decision 320): part refunded or exchanged, it is no longer the booking in
  // use, even before its replacement is issued, and it has been changed since it was made.
  const lifecycles = entries.map((e) => bookingLifecycle(e.booking, e.order, locale.tag));
  const moved = lifecycles.map((l) => l.state === 'partRefunded' || l.state === 'changed');
  // A change of journey whose other booking is not in this timeline (its own order): linked both ways.
  const inTimeline = new Set(entries.map((e) => e.booking.id));
  const changedFrom = entries.map((e) => {
    const from = e.booking.refund?.changeOfJourneyFrom ?? null;
    return from && !inTimeline.has(from.bookingId) ? from : null;
  });
  const changedTo = entries.map((e, i) => {
    const to = e.booking.refund?.changeOfJourneyNewBookingId ?? null;
    return lifecycles[i]?.state === 'changed' && to && !inTimeline.has(to) ? to : null;
  });
  return (
    <>
      {history.replacedBy && (
        <Alert tone="info" title={m.booking_detail_booking_history_screen_this_booking_has_been_changed()}>
          <p>
            {m.booking_detail_booking_history_screen_it_was_replaced_by_order({
              friendlyOrderId: history.replacedBy.friendlyOrderId,
            })}
          </p>
        </Alert>
      )}
      {entries.length === 1 && !history.replacedBy && !moved[0] && !changedFrom[0] && (
        <p className={styles.meta}>{m.booking_detail_booking_history_screen_this_booking_hasnt_been_changed()}</p>
      )}
      <ol
        className={styles.timeline}
        aria-label={m.booking_detail_booking_history_screen_booking_timeline_oldest_first()}
      >
        {entries.map((entry, i) => {
          const current = entry === last && !history.replacedBy && entry.order.replacementOrder === null && !moved[i];
          return (
            <TimelineEntry
              key={`${entry.order.id}:${entry.booking.id}`}
              entry={entry}
              index={i}
              entries={entries}
              current={current}
              sentence={moved[i] && !entry.change ? (lifecycles[i]?.sentence ?? null) : null}
              changedFrom={changedFrom[i] ?? null}
              changedTo={changedTo[i] ?? null}
              guest={guest}
            />
          );
        })}
      </ol>
    </>
  );
}

/** A link to a booking's detail, on the guest's or the customer's route. */
function bookingLink(bookingId: string, guest: boolean, label: string) {
  return (
    <Link to={bookingPath(guest, 'detail')} params={{ bookingId }}>
      {label}
    </Link>
  );
}

type HistoryEntry = BookingHistoryResponse['bookings'][number];

/** The entry's order as its VAT receipt reads it: a later entry replaces the one before, paid when the first was. */
function receiptOf(entry: HistoryEntry, entries: readonly HistoryEntry[], index: number) {
  const previous = entries[index - 1];
  const paidAt = entries[0]?.order.createdAt;
  const replaces =
    entry.order.replaces ??
    (previous && paidAt
      ? {
          friendlyOrderId: previous.order.friendlyOrderId,
          kind: previous.change?.kind === 'changed-journey' ? ('change' as const) : ('part-refund' as const),
          paidAt,
        }
      : null);
  return { bookings: [entry.booking], order: { ...entry.order, replaces } };
}

/** One order of the timeline: what it held, what changed from the one before, and what became of it. */
function TimelineEntry({
  entry,
  index,
  entries,
  current,
  sentence,
  changedFrom,
  changedTo,
  guest,
}: {
  entry: HistoryEntry;
  index: number;
  entries: readonly HistoryEntry[];
  /** The booking in use now (last, not replaced, not part refunded or exchanged). */
  current: boolean;
  /** The lifecycle's sentence, for an entry part refunded or exchanged that has no change note. */
  sentence: string | null;
  /** The booking this one was changed from, when it is not in this timeline. */
  changedFrom: { bookingId: string; friendlyOrderId: string } | null;
  /** The booking this one was changed to, when it is not in this timeline. */
  changedTo: string | null;
  guest: boolean;
}) {
  const { locale } = useServices();
  const previous = entries[index - 1];
  const b = entry.booking;
  return (
    <li
      id={`order-${entry.order.id}`}
      className={current ? `${styles.timelineItem} ${styles.timelineCurrent}` : styles.timelineItem}
    >
      <h2 className={styles.legHeading}>
        {index === 0
          ? m.booking_detail_booking_history_screen_original_booking({ order: entry.order.friendlyOrderId })
          : m.booking_detail_booking_history_screen_replacement_booking({ order: entry.order.friendlyOrderId })}{' '}
        <span className={current ? styles.badge : styles.badgeMuted}>
          {current
            ? m.booking_detail_booking_history_screen_current()
            : m.booking_detail_booking_history_screen_replaced()}
        </span>
      </h2>
      {entry.order.createdAt && (
        <p className={styles.meta}>
          {m.booking_detail_booking_history_screen_ordered({ date: ukDateTime(entry.order.createdAt, locale.tag) })}
        </p>
      )}
      <p>
        <strong>{bookingTitle(b, locale.tag)}</strong>
        <br />
        {b.outward.departureTime ? ukDateTime(b.outward.departureTime, locale.tag) : ukDate(b.outward.date, locale.tag)}
        {' · '}
        {[...new Set(b.tickets.map((t) => t.type))].join(', ')}
        <br />
        {[
          ...b.passengers.map(passengerName),
          ...(b.price.amount !== null ? [formatMoney(b.price.amount, b.price.currencyCode, locale.tag)] : []),
        ].join(' · ')}
      </p>
      {previous && (
        <>
          <h3 className={styles.subheading}>{m.booking_detail_booking_history_screen_what_changed()}</h3>
          <ul className={styles.changes}>
            {describeChanges(previous.booking, b, locale.tag).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {entry.change && <ChangeNote change={entry.change} entries={entries} locale={locale.tag} />}
      {sentence && <p>{sentence}</p>}
      {changedTo && <p>{bookingLink(changedTo, guest, m.booking_detail_screen_lifecycle_open_new_booking())}</p>}
      {changedFrom && (
        <p className={styles.note}>
          {rich(m.booking_detail_booking_history_screen_changed_from_booking, {
            // A guest's token opens its own order only: the reference is named, not linked.
            link: guest
              ? changedFrom.friendlyOrderId
              : bookingLink(changedFrom.bookingId, false, changedFrom.friendlyOrderId),
          })}
        </p>
      )}
      {(current || sentence) && b.refund && (
        <RefundStatus summary={b.refund} names={new Map(b.passengers.map((p) => [p.id, passengerName(p)]))} />
      )}
      {current && b.refund && (b.refund.quotable || b.refund.changeOfJourneySource) && (
        <div className={styles.note}>
          <RefundEntry
            orderId={entry.order.id}
            bookingId={b.id}
            from="history"
            guest={guest}
            changeOfJourneySource={b.refund.changeOfJourneySource}
          />
        </div>
      )}
      {/* A receipt per order (decision 630): an order no longer in use keeps its own, with what was refunded and kept. */}
      {(b.tickets.length > 0 || b.fees.length > 0) && <VatReceipt detail={receiptOf(entry, entries, index)} />}
      {current && (
        <p>
          <Link to={bookingPath(guest, 'detail')} params={{ bookingId: b.id }} activeOptions={{ exact: true }}>
            {m.booking_detail_booking_history_screen_view_booking_details()}
          </Link>
        </p>
      )}
    </li>
  );
}

/**
 * What superseded this entry: "Part refunded: Sasha Hughes", with a link to the
 * replacement entry, so two bookings for the same journey side by side are explained.
 */
function ChangeNote({
  change,
  entries,
  locale,
}: {
  change: NonNullable<HistoryEntry['change']>;
  entries: readonly HistoryEntry[];
  locale: string;
}) {
  const names = change.passengers.map((p) => p.name).join(', ');
  const amount = change.amount ? formatMoney(change.amount.amount, change.amount.currencyCode, locale) : null;
  const replacement = change.replacementOrderId
    ? entries.find((e) => e.order.id === change.replacementOrderId)
    : undefined;
  const replaced = change.replacesOrderId ? entries.find((e) => e.order.id === change.replacesOrderId) : undefined;
  const what =
    change.kind === 'part-refunded' && !replacement && replaced
      ? m.booking_detail_booking_history_screen_kept_tickets({
          count: change.passengers.length,
          names: names || m.booking_detail_booking_history_screen_some_passengers(),
          date: ukDate(change.at, locale),
        })
      : change.kind === 'part-refunded'
        ? amount
          ? m.booking_detail_booking_history_screen_part_refunded_amount({
              date: ukDate(change.at, locale),
              names: names || m.booking_detail_booking_history_screen_some_passengers(),
              amount,
            })
          : m.booking_detail_booking_history_screen_part_refunded_on({
              date: ukDate(change.at, locale),
              names: names || m.booking_detail_booking_history_screen_some_passengers(),
            })
        : change.kind === 'refunded'
          ? amount
            ? m.booking_detail_booking_history_screen_refunded_on_amount({ date: ukDate(change.at, locale), amount })
            : m.booking_detail_booking_history_screen_refunded_on({ date: ukDate(change.at, locale) })
          : m.booking_detail_booking_history_screen_changed_to_a_new_journey({ date: ukDate(change.at, locale) });
  return (
    <p className={styles.note}>
      <strong>
        {change.kind === 'part-refunded'
          ? m.booking_detail_booking_history_screen_part_refunded()
          : change.kind === 'refunded'
            ? m.common_refunded()
            : m.booking_detail_booking_history_screen_journey_changed()}
        :{' '}
      </strong>
      {what}{' '}
      {replacement && (
        <a href={`#order-${replacement.order.id}`}>
          {m.booking_detail_booking_history_screen_see_the_replacement_order({
            friendlyOrderId: replacement.order.friendlyOrderId,
          })}
        </a>
      )}
      {replaced && (
        <a href={`#order-${replaced.order.id}`}>
          {m.booking_detail_booking_history_screen_replaces_order({ friendlyOrderId: replaced.order.friendlyOrderId })}
        </a>
      )}
    </p>
  );
}
