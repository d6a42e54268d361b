import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { bookingHistoryMachine } from '#machines/booking-history';
import { bookingApi } from '#src/api/booking';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import type { BookingHistoryResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './booking-detail.css';
import { RefundEntry } from '../refunds/refund-entry';
import { RefundStatus } from '../refunds/refund-status';
import { bookingTitle, describeChanges, passengerName, ukDate, ukDateTime } from '../booking-format';

export const historyMessages = {
  waiting: "We're updating your booking",
  waitingBody: 'This usually takes a few seconds. Please stay on this page.',
  timeout: "We're still updating your booking",
  timeoutBody: "It's taking longer than usual. Check again in a few minutes; we'll also email you when it's done.",
  failed: "We couldn't check for your updated booking",
  failedBody: 'Please check again in a moment.',
  refundComplete: 'Refund complete',
  refundCompleteBody: 'Your booking has been updated and any money due to you is on its way to your original payment method.',
} as const;

export function BookingHistoryScreen({
  bookingId,
  guest,
  waitForSuperseders,
  bookingChanged,
  refundComplete,
}: {
  bookingId: string;
  guest: boolean;
  waitForSuperseders: boolean;
  bookingChanged: boolean;
  refundComplete: boolean;
}) {
  const { api } = useServices();
  const navigate = useNavigate();
  const booking = useMemo(() => bookingApi(api), [api]);
  const [snapshot, send] = useMachine(
    bookingHistoryMachine.provide({
      actors: { fetchHistory: fromPromise(({ input }) => booking.getHistory(input.bookingId)) },
      actions: {
        goToReplacementHistory: ({ context }) => {
          if (!context.replacement) return;
          const params = { bookingId: context.replacement.bookingId };
          const search = context.waitForSuperseders || context.bookingChanged ? { refundComplete: true } : {};
          if (guest) void navigate({ to: '/order-token/$bookingId/history', params, search, replace: true });
          else void navigate({ to: '/bookings/$bookingId/history', params, search, replace: true });
        },
      },
    }),
    { input: { bookingId, waitForSuperseders, bookingChanged } },
  );
  const { history, failed } = snapshot.context;

  if (snapshot.matches('waiting')) {
    return (
      <Page title="Booking history">
        <Alert tone="info" title={historyMessages.waiting}>
          <p>{historyMessages.waitingBody}</p>
        </Alert>
        <Loading label="Checking for your updated booking…" />
      </Page>
    );
  }
  if (snapshot.matches('error') || snapshot.matches('schemaError')) {
    return (
      <Page title="Booking history">
        <Alert tone="error" title="We couldn't load this booking's history">
          <p>{snapshot.matches('schemaError') ? schemaMismatchMessage : 'Please try again.'}</p>
        </Alert>
        <Button onClick={() => send({ type: 'history.retry' })}>Try again</Button>
      </Page>
    );
  }
  if (snapshot.matches('loaded') || snapshot.matches('waitFailed')) {
    return (
      <Page title="Booking history">
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
              Check again
            </Button>
          </>
        )}
        {history && <Timeline history={history} guest={guest} />}
      </Page>
    );
  }
  return (
    <Page title="Booking history">
      <Loading label={snapshot.matches('redirecting') ? 'Opening your updated booking…' : 'Loading booking history…'} />
    </Page>
  );
}

function Timeline({ history, guest }: { history: BookingHistoryResponse; guest: boolean }) {
  const { locale } = useServices();
  const entries = history.bookings;
  const last = entries[entries.length - 1];
  return (
    <>
      {history.replacedBy && (
        <Alert tone="info" title="This booking has been changed">
          <p>
            It was replaced by order {history.replacedBy.friendlyOrderId}. Open the new booking from the link in the
            confirmation email for that order.
          </p>
        </Alert>
      )}
      {entries.length === 1 && !history.replacedBy && (
        <p className={styles.meta}>This booking hasn't been changed since it was made.</p>
      )}
      <ol className={styles.timeline} aria-label="Booking timeline, oldest first">
        {entries.map((entry, i) => {
          const previous = entries[i - 1];
          const current = entry === last && !history.replacedBy && entry.order.replacementOrder === null;
          const b = entry.booking;
          return (
            <li
              key={`${entry.order.id}:${b.id}`}
              id={`order-${entry.order.id}`}
              className={current ? `${styles.timelineItem} ${styles.timelineCurrent}` : styles.timelineItem}
            >
              <h2 className={styles.legHeading}>
                {i === 0 ? 'Original booking' : 'Replacement booking'}, order {entry.order.friendlyOrderId}{' '}
                <span className={current ? styles.badge : styles.badgeMuted}>{current ? 'Current' : 'Replaced'}</span>
              </h2>
              <p className={styles.meta}>Ordered {ukDateTime(entry.order.createdAt, locale.tag)}</p>
              <p>
                <strong>{bookingTitle(b)}</strong>
                <br />
                {b.outward.departureTime ? ukDateTime(b.outward.departureTime, locale.tag) : ukDate(b.outward.date, locale.tag)}
                {' · '}
                {[...new Set(b.tickets.map((t) => t.type))].join(', ')}
                <br />
                {b.passengers.map(passengerName).join(', ')} · {formatMoney(b.price.amount, b.price.currencyCode, locale.tag)}
              </p>
              {previous && (
                <>
                  <h3 className={styles.subheading}>What changed</h3>
                  <ul className={styles.changes}>
                    {describeChanges(previous.booking, b, locale.tag).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              )}
              {entry.change && <ChangeNote change={entry.change} entries={entries} locale={locale.tag} />}
              {current && b.refund && (
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
              {current && (
                <p>
                  {guest ? (
                  <Link to="/order-token/$bookingId" params={{ bookingId: b.id }}>
                    View booking details
                  </Link>
                ) : (
                  <Link to="/bookings/$bookingId" params={{ bookingId: b.id }}>
                    View booking details
                  </Link>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

type HistoryEntry = BookingHistoryResponse['bookings'][number];

/**
 * What superseded this entry (issue 15): "Part refunded: Sasha Hughes", with a link to the
 * replacement entry, so two bookings for the same journey side by side are explained.
 */
function ChangeNote({ change, entries, locale }: { change: NonNullable<HistoryEntry['change']>; entries: readonly HistoryEntry[]; locale: string }) {
  const names = change.passengers.map((p) => p.name).join(', ');
  const amount = change.amount ? formatMoney(change.amount.amount, change.amount.currencyCode, locale) : null;
  const replacement = change.replacementOrderId ? entries.find((e) => e.order.id === change.replacementOrderId) : undefined;
  const replaced = change.replacesOrderId ? entries.find((e) => e.order.id === change.replacesOrderId) : undefined;
  const what =
    change.kind === 'part-refunded' && !replacement && replaced
      ? `This order holds the tickets that were kept when ${names || 'some passengers'} ${change.passengers.length === 1 ? 'was' : 'were'} refunded on ${ukDate(change.at, locale)}.`
      : change.kind === 'part-refunded'
      ? `Part refunded on ${ukDate(change.at, locale)}${names ? `: ${names}` : ''}${amount ? ` (${amount})` : ''}. The other passengers' tickets moved to a new order.`
      : change.kind === 'refunded'
        ? `Refunded on ${ukDate(change.at, locale)}${amount ? ` (${amount})` : ''}.`
        : `Changed to a new journey on ${ukDate(change.at, locale)}.`;
  return (
    <p className={styles.note}>
      <strong>{change.kind === 'part-refunded' ? 'Part refunded' : change.kind === 'refunded' ? 'Refunded' : 'Journey changed'}: </strong>
      {what}{' '}
      {replacement && <a href={`#order-${replacement.order.id}`}>See the replacement, order {replacement.order.friendlyOrderId}</a>}
      {replaced && <a href={`#order-${replaced.order.id}`}>Replaces order {replaced.order.friendlyOrderId}</a>}
    </p>
  );
}
