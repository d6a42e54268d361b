import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type RefObject } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { refundQuoteMachine, RefundFrom } from '#machines/refund-quote';
import { refundQuoteMessages } from '#src/copy/refund-quote';
import type { ChangeOfJourneyStatusValue } from '#src/schemas/refunds';
import { formatMoney } from '#src/i18n/format';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { useFocusFallback } from '#src/ui/focus-fallback';
import { bookingPath } from '../booking-links';
import { ineligibilityCopy, ineligibilityNextStep, refundProblemText } from './refund-copy';
import { refundQuoteFlow } from './refund-quote.flow';
import { NeedsConnection } from '../needs-connection';
import { ContactDetails } from '../contact-details';
import { m } from '#src/paraglide/messages.js';

export interface RefundEntryProps {
  orderId: string;
  bookingId: string;
  from: RefundFrom;
  guest: boolean;
  changeOfJourneySource: boolean;
}

/**
 * The refund quote on screen (refundQuoteMachine): "Cancel and refund" on booking detail and
 * history quotes, then opens the refund page or the ineligibility view, or explains here why not.
 */
/**
 * The exchange's status in the page's language (decision 641): the status is a code, so the
 * server's English \`message\` is never shown. A completed exchange needs no more than the
 * sentence above it.
 */
const changeStatusWords = (status: ChangeOfJourneyStatusValue): string =>
  status === 'IN_PROGRESS'
    ? m.refund_entry_change_in_progress()
    : status === 'FAILED'
      ? m.refund_entry_change_failed()
      : '';

export function RefundEntry({ orderId, bookingId, from, guest, changeOfJourneySource }: RefundEntryProps) {
  const navigate = useNavigate();
  const { pageData } = useServices();
  const [snapshot, send] = refundQuoteFlow.useFlow({
    input: {
      orderId,
      bookingId,
      from,
      changeOfJourneySource,
      enhancedIneligibleView: pageData.features['refund-ineligibility-enhanced-view'],
    },
  });
  // A requestable quote opens the refund page with its quoteId; terms ineligibility (with the
  // enhanced view on) opens that view.
  const toRefundPage = snapshot.matches('toRefundPage');
  const toIneligibleView = snapshot.matches('toIneligibleView');
  const quoteId = snapshot.context.quote?.quoteId ?? undefined;
  const quoteFrom = snapshot.context.from;
  useEffect(() => {
    if (toRefundPage)
      void navigate({ to: bookingPath(guest, 'refund'), params: { bookingId }, search: { quoteId, from: quoteFrom } });
    else if (toIneligibleView) void navigate({ to: bookingPath(guest, 'refundIneligible'), params: { bookingId } });
  }, [toRefundPage, toIneligibleView, quoteId, quoteFrom, guest, bookingId, navigate]);
  const busy = snapshot.matches('quoting') || snapshot.matches('checkingChangeOfJourney') || snapshot.status === 'done';
  // After a message is closed, focus goes back to the button that opened it (not to the page's start).
  const opener = useRef<HTMLButtonElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  const idle = snapshot.matches('idle');
  // Offline the quote cannot be asked for: the button stays, disabled, with the reason (decision 251).
  const { offline } = useConnection();
  const offlineReason = `refund-offline-${bookingId}`;
  const wasIdle = useRef(true);
  useEffect(() => {
    if (idle && !wasIdle.current) opener.current?.focus();
    wasIdle.current = idle;
  }, [idle]);
  // The button stays while the refund is checked (aria-disabled and busy, so it keeps the focus);
  // when an answer takes its place, the focus goes to the answer (decision 580).
  useFocusFallback(idle || busy, () => answer.current);

  return (
    <div>
      {(idle || busy) && (
        <Button
          ref={opener}
          tone="secondary"
          busy={busy}
          busyLabel={refundQuoteMessages.pending}
          disabled={busy || offline}
          aria-describedby={offline ? offlineReason : undefined}
          onClick={() => send({ type: 'refund.requestQuote' })}
        >
          {m.refund_entry_cancel_and_refund()}
        </Button>
      )}
      {offline && idle && <NeedsConnection id={offlineReason} />}
      <QuoteAnswer snapshot={snapshot} send={send} guest={guest} answerRef={answer} />
    </div>
  );
}

/**
 * What the quote answered when it does not open the refund page (not refundable, a refund in
 * progress, held for checks, an exchanged journey) or why it could not be asked; announced.
 */
function QuoteAnswer({
  snapshot,
  send,
  guest,
  answerRef,
}: {
  snapshot: SnapshotFrom<typeof refundQuoteMachine>;
  send: (event: EventFrom<typeof refundQuoteMachine>) => void;
  guest: boolean;
  answerRef: RefObject<HTMLDivElement | null>;
}) {
  const { locale } = useServices();
  const { quote, quoteError, changeOfJourney } = snapshot.context;
  const dismiss = (
    <Button tone="secondary" onClick={() => send({ type: 'quote.dismiss' })}>
      {m.common_close()}
    </Button>
  );
  return (
    // Focusable from code only: it takes the focus when it replaces the button (decision 580).
    <div aria-live="polite" ref={answerRef} tabIndex={-1}>
      {snapshot.matches('failed') && (
        <Alert tone="error" title={m.refund_entry_we_couldnt_check_your_refund()}>
          <p>{refundProblemText(quoteError, refundQuoteMessages.error)}</p>
          <Button onClick={() => send({ type: 'quote.retry' })}>{m.common_try_again()}</Button> {dismiss}
        </Alert>
      )}
      {snapshot.matches('notRefundable') && quote && (
        <Alert tone="info" title={refundQuoteMessages.notRefundable}>
          {quote.message && quote.unprocessableReasons.length === 0 && <p>{quote.message}</p>}
          <ul>
            {quote.unprocessableReasons.map((r) => (
              <li key={r.reasonCode}>
                <strong>{ineligibilityCopy[r.reasonCode].title}.</strong> {ineligibilityCopy[r.reasonCode].explanation}{' '}
                {ineligibilityNextStep(r.reasonCode, quote)}
              </li>
            ))}
          </ul>
          {dismiss}
        </Alert>
      )}
      {snapshot.matches('inProgress') && (
        <Alert tone="info" title={m.refund_entry_refund_in_progress()}>
          <p>{refundQuoteMessages.inProgress}</p>
          {dismiss}
        </Alert>
      )}
      {snapshot.matches('fraudSuspected') && (
        <Alert tone="error" title={m.refund_entry_we_cant_refund_this_booking()}>
          <p>{refundQuoteMessages.fraud}</p>
          <ContactDetails />
          {dismiss}
        </Alert>
      )}
      {snapshot.matches('changeOfJourney') && changeOfJourney && (
        <Alert tone="info" title={m.refund_entry_this_journey_was_changed()}>
          <p>{refundQuoteMessages.changeOfJourney}</p>
          <p>
            {changeStatusWords(changeOfJourney.status)}
            {changeOfJourney.priceDifference &&
              ` ${m.refund_entry_price_difference({ amount: formatMoney(changeOfJourney.priceDifference.amount, changeOfJourney.priceDifference.currencyCode, locale.tag) })}`}
          </p>
          {changeOfJourney.newBookingId && (
            <p>
              <Link to={bookingPath(guest, 'detail')} params={{ bookingId: changeOfJourney.newBookingId }}>
                {m.refund_entry_view_the_new_booking()}
              </Link>
            </p>
          )}
          {dismiss}
        </Alert>
      )}
      {snapshot.matches('changeOfJourneyFailed') && (
        <Alert tone="error" title={m.refund_entry_we_couldnt_check_the_change()}>
          <p>{refundQuoteMessages.changeOfJourneyError}</p>
          <Button onClick={() => send({ type: 'quote.retry' })}>{m.common_try_again()}</Button> {dismiss}
        </Alert>
      )}
    </div>
  );
}
