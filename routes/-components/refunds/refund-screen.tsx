import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, type ReactNode } from 'react';
import type * as v from 'valibot';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { cardFormToday, type refundCardFormMachine } from '#machines/refund-card-form';
import { isRequestableQuote, isTermsIneligible } from '#machines/lib/refund-rules';
import type { RefundFrom } from '#machines/refund-quote';
import type { refundRequestMachine, RefundRequestContext } from '#machines/refund-request';
import { newKeySeed } from '#src/api/idempotency';
import { formatMoney } from '#src/i18n/format';
import type { FirstData } from '#machines/lib/first-data';
import type { PartialRefundsResponse, RefundMoney } from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { useFocusFallback } from '#src/ui/focus-fallback';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { bookingPath } from '../booking-links';
import { useLostAnswerPhase, type LostAnswerPhase } from '../lost-answer';
import { cardFormView } from './refund-card-view';
import { confirmView } from './refund-confirm-view';
import { fraudHeldView, quoteFailedView, requestFailedView, unconfirmedView } from './refund-outcome-view';
import { ineligibleView, ReasonPicker, unavailableView } from './refund-reasons';
import { reviewView } from './refund-review-view';
import type { refundSearch } from './refund-search';
import type { RefundView } from './refund-view';
import { refundRequestFlow } from './refund-request.flow';
import { m } from '#src/paraglide/messages.js';

export interface RefundScreenProps {
  bookingId: string;
  quoteId: string | null;
  from: RefundFrom;
  guest: boolean;
  /** 'ineligible': /refund/ineligible, which explains why and offers the reasons that still refund. */
  view: 'refund' | 'ineligible';
  /** The booking its route loaded (docs/decisions/730); without it (a guest's link) the chart loads it. */
  first?: FirstData<PartialRefundsResponse> | undefined;
}

/**
 * The refund page of /bookings/{id}/refund and /order-token/{id}/refund (docs/decisions/081-refund-flows.md):
 * the two routes differ only in who opened the booking. A new quoteId (partial refund choice)
 * remounts the screen: a reload.
 */
export function RefundPage({
  bookingId,
  search,
  guest,
  first,
}: {
  bookingId: string;
  search: v.InferOutput<typeof refundSearch>;
  guest: boolean;
  first?: FirstData<PartialRefundsResponse> | undefined;
}) {
  return (
    <RefundScreen
      key={`${bookingId}:${search.quoteId ?? ''}`}
      bookingId={bookingId}
      quoteId={search.quoteId ?? null}
      from={search.from ?? 'detail'}
      guest={guest}
      view="refund"
      first={first}
    />
  );
}

/** The refund ineligibility view of both routes (feature refund-ineligibility-enhanced-view). */
export function RefundIneligiblePage({
  bookingId,
  guest,
  first,
}: {
  bookingId: string;
  guest: boolean;
  first?: FirstData<PartialRefundsResponse> | undefined;
}) {
  return (
    <RefundScreen
      key={bookingId}
      bookingId={bookingId}
      quoteId={null}
      from="detail"
      guest={guest}
      view="ineligible"
      first={first}
    />
  );
}

/**
 * While the route loads the booking (its pending state): the page as its chart's loading state
 * shows it, titled as that view titles it then.
 */
export function RefundLoading({ view }: { view: 'refund' | 'ineligible' }) {
  return (
    <Page title={view === 'ineligible' ? m.refund_screen_refund_not_available() : m.refund_screen_cancel_and_refund()}>
      <Loading label={m.refund_request_loading()} />
    </Page>
  );
}

/**
 * The refund request's flow (./refund-request.flow.ts) and its way out, following the snapshot: the
 * ineligibility view, the booking, or its history.
 */
function useRefundRequest({ bookingId, quoteId, guest, view, first }: RefundScreenProps) {
  const navigate = useNavigate();
  const { pageData } = useServices();
  const flow = refundRequestFlow.useFlow({
    input: { bookingId, quoteId, today: cardFormToday(new Date()), keySeed: newKeySeed(), first: first ?? null },
  });
  const [snapshot] = flow;
  const ineligible =
    snapshot.matches('ineligible') && view === 'refund' && pageData.features['refund-ineligibility-enhanced-view'];
  const refunded = snapshot.matches('refunded');
  const partiallyRefunded = snapshot.matches('partiallyRefunded');
  useEffect(() => {
    const params = { bookingId };
    if (ineligible) void navigate({ to: bookingPath(guest, 'refundIneligible'), params, replace: true });
    // Refunded: the booking again, its refund tracking showing.
    else if (refunded) void navigate({ to: bookingPath(guest, 'detail'), params, replace: true });
    // Some passengers refunded: the history waits for the superseding order. Handed over in history
    // state, not the URL: a link or a reload of the history page must not claim a refund just happened.
    else if (partiallyRefunded) {
      const state = { waitForSuperseders: true };
      void navigate({ to: bookingPath(guest, 'history'), params, state, replace: true });
    }
  }, [ineligible, refunded, partiallyRefunded, bookingId, guest, navigate]);
  return flow;
}

/** Passenger names by id: the quote's, then the partial refund booking's fuller ones. */
function usePassengerNames(c: RefundRequestContext) {
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const r of c.quote?.refundables ?? []) names.set(r.passengerId, r.passengerName);
    const b = c.booking?.booking;
    for (const j of [b?.outward, b?.inward]) {
      for (const f of j?.fares ?? [])
        for (const p of f.farePassengers)
          if (p.firstName && p.passengerId) names.set(p.passengerId, `${p.firstName} ${p.lastName ?? ''}`.trim());
    }
    return names;
  }, [c.quote, c.booking]);
}

type RefundSnapshot = SnapshotFrom<typeof refundRequestMachine>;
type QuoteMode = 'reviewing' | 'ineligible' | 'unavailable';

/** In `state`, or re-quoting from a quote that would land there (the last quote stays on screen). */
function inMode(snapshot: RefundSnapshot, requoting: boolean, state: QuoteMode) {
  const quote = snapshot.context.quote;
  if (snapshot.matches(state)) return true;
  if (!requoting) return false;
  if (state === 'reviewing') return isRequestableQuote(quote);
  if (state === 'ineligible') return !isRequestableQuote(quote) && isTermsIneligible(quote);
  return !isRequestableQuote(quote) && !isTermsIneligible(quote);
}

/**
 * The view for the chart's state (render functions, so the reason picker keeps its place between
 * views); `phase`: where the refund request's attempt is (routes/-components/lost-answer.ts).
 */
function viewFor(snapshot: RefundSnapshot, v: RefundView, phase: LostAnswerPhase | null): ReactNode {
  const { quote } = v.context;
  const mode = (state: QuoteMode) => inMode(snapshot, v.requoting, state);
  if (snapshot.matches('loading')) return <Loading label={m.refund_request_loading()} />;
  if (snapshot.matches('quoting') && !v.requoting) return <Loading label={m.refund_request_quoting()} />;
  if (snapshot.matches('loadFailed'))
    return <LoadError message={m.refund_request_load_failed()} onRetry={() => v.send({ type: 'refund.retry' })} />;
  if (snapshot.matches('quoteFailed')) return quoteFailedView(v);
  if ((mode('reviewing') || snapshot.matches('nothingSelected')) && quote)
    return reviewView(v, quote, snapshot.matches('nothingSelected'));
  if (snapshot.matches('confirming') && quote) return confirmView(v, quote);
  if (snapshot.matches('cardForm'))
    return cardFormView(v, snapshot.children.cardForm as ActorRefFrom<typeof refundCardFormMachine> | undefined);
  if (snapshot.matches('requesting')) {
    if (phase === 'unconfirmed') return unconfirmedView(v);
    return <Loading label={phase === 'checking' ? m.refund_request_checking() : m.refund_request_requesting()} />;
  }
  if (snapshot.matches('requestFailed')) return requestFailedView(v);
  if (snapshot.matches('fraudHeld')) return fraudHeldView(v);
  if (mode('ineligible') && quote) return ineligibleView(v, quote);
  if (mode('unavailable')) return unavailableView(v);
  return <Loading label={m.refund_screen_refund_requested_opening_your_booking()} />;
}

/**
 * The refund page and the ineligibility view (refundRequestMachine): what comes back, the reason
 * picker, the return mode, a confirm step, the card form after a declined card, and the outcome.
 * This screen wires the chart and picks the view for its state; the views live in refund-*-view.tsx
 * and refund-reasons.tsx.
 */
export function RefundScreen(props: RefundScreenProps) {
  const { bookingId, from, guest, view } = props;
  const [snapshot, send] = useRefundRequest(props);
  const phase = useLostAnswerPhase(snapshot.children.submitRefund);
  const { pageData, locale } = useServices();
  const c = snapshot.context;
  const names = usePassengerNames(c);
  // A new reason re-quotes: the last quote stays on screen (busy) so the picker keeps focus.
  const requoting = snapshot.matches('quoting') && c.quote !== null;
  const back = (
    <Link
      to={bookingPath(guest, from === 'history' ? 'history' : 'detail')}
      params={{ bookingId }}
      activeOptions={{ exact: true }}
    >
      {from === 'history' ? m.refund_screen_back_to_booking_history() : m.refund_screen_back_to_your_booking()}
    </Link>
  );
  const v: RefundView = {
    context: c,
    send,
    bookingId,
    names,
    back,
    requoting,
    busyNote: requoting ? <Loading label={m.refund_request_quoting()} /> : null,
    reasonPicker: (legend) => (
      <ReasonPicker
        key="picker"
        quote={c.quote}
        value={c.refundReason}
        legend={legend}
        onChange={(reason) => send({ type: 'refund.setReason', reason })}
      />
    ),
    money: (amount: RefundMoney) => formatMoney(amount.amount, amount.currencyCode || pageData.currency, locale.tag),
  };
  const ineligibleTitle =
    inMode(snapshot, requoting, 'ineligible') ||
    (view === 'ineligible' && (snapshot.matches('loading') || (snapshot.matches('quoting') && !requoting)));
  const title = ineligibleTitle ? m.refund_screen_refund_not_available() : m.refund_screen_cancel_and_refund();
  // A view that replaces the one holding the focus ("Confirm refund" by "Sending your refund…",
  // "Use this card and refund" by the request, a declined card by the card form) takes the focus
  // to the page's h1, never to <body> (decision 580).
  useFocusFallback(JSON.stringify([snapshot.value, phase]));
  return <Page title={title}>{viewFor(snapshot, v, phase)}</Page>;
}
