import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ActorRefFrom, AnyActorRef, StateValue } from 'xstate';
import type { CardChoice, ChangePaymentContext } from '#machines/lib/change-payment';
import type { refundCardFormMachine } from '#machines/refund-card-form';
import { m } from '#src/paraglide/messages.js';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { useFocusFallback } from '#src/ui/focus-fallback';
import { Loading, Page } from '#src/ui/page';
import { bookingPath } from '../booking-links';
import { ChangeByContact } from '../change-by-contact';
import { CheckAgain } from '../check-again';
import { useLostAnswerPhase, type LostAnswerPhase } from '../lost-answer';
import { CardForm } from '../refunds/card-form';
import * as styles from '../refunds/refunds.css';
import { PayWith } from './pay-with';

/**
 * The steps a change of journey and a change of a season's start date show alike around their one
 * payment (machines/lib/change-payment.ts; docs/decisions/868-one-payment-screen-for-the-changes.md):
 * the page with its way back, the card form, the payment under way, the review's notices and its
 * payment choice. Each screen gives its own words where they differ (its title, its refusals, what
 * paying says); the rest is the same copy.
 */

/** What a change's screen reads of its chart's snapshot for the payment. */
interface PaymentSnapshot {
  value: StateValue;
  children: { pay?: AnyActorRef | undefined };
}

/**
 * The payment's phase (sending, checking, unconfirmed: the lost-answer chart's), and the focus kept
 * on the page as the steps replace each other (decision 580).
 */
export function usePaymentPhase(snapshot: PaymentSnapshot): LostAnswerPhase | null {
  const phase = useLostAnswerPhase(snapshot.children.pay);
  useFocusFallback(JSON.stringify(snapshot.value) + (phase ?? ''));
  return phase;
}

/** A change's page: its title, the way back to the booking, and the step shown. */
export function ChangePage({
  title,
  bookingId,
  guest,
  children,
}: {
  title: string;
  bookingId: string;
  guest: boolean;
  children: ReactNode;
}) {
  return (
    <Page title={title}>
      <p>
        <Link to={bookingPath(guest, 'detail')} params={{ bookingId }}>
          {m.journey_change_back_to_booking()}
        </Link>
      </p>
      {children}
    </Page>
  );
}

/**
 * A host that does not offer changes here (the chart's notOffered; docs/decisions/863): the page's
 * own sentence (`message`: the journey's or the season's), then changes made by contacting the
 * retailer, as the booking says. The change page's own "Back to your booking" leads back.
 */
export function ChangeNotOffered({ message }: { message: string }) {
  return (
    <>
      <Alert tone="info">{message}</Alert>
      <ChangeByContact />
    </>
  );
}

/** A new card for a change that costs something: the refund's card form, its button naming the amount. */
export function ChangeCardStep({
  actor,
  amount,
  onCancel,
}: {
  /** The chart's `cardForm` child (the refund's card form), while it runs. */
  actor: AnyActorRef | undefined;
  amount: string;
  onCancel: () => void;
}) {
  return actor ? (
    <CardForm
      actor={actor as ActorRefFrom<typeof refundCardFormMachine>}
      onCancel={onCancel}
      title={m.journey_change_card_title()}
      submitLabel={m.journey_change_card_submit({ amount })}
    />
  ) : null;
}

/** The payment under way: sending (`payingLabel`), checking, or unconfirmed with Check again. */
export function ChangePayingStep({
  phase,
  payingLabel,
  onCheck,
}: {
  phase: LostAnswerPhase | null;
  payingLabel: string;
  onCheck: () => void;
}) {
  if (phase === 'unconfirmed') {
    return (
      <Alert tone="info" title={m.journey_change_unconfirmed_title()}>
        <p>{m.journey_change_unconfirmed()}</p>
        <CheckAgain onCheck={onCheck} />
      </Alert>
    );
  }
  return <Loading label={phase === 'checking' ? m.journey_change_checking() : payingLabel} />;
}

/**
 * On the review: a price that moved since the last one, and the last payment's refusal (a card's
 * with its title), from the chart's `payment` context. `refusal` words a refusal the server gave
 * (its code, else its sentence).
 */
export function PaymentNotices({
  payment,
  refusal,
}: {
  payment: Pick<ChangePaymentContext, 'priceMoved' | 'error' | 'errorCode' | 'cardDeclined'>;
  refusal: (code: string | null, sentence: string) => string;
}) {
  const { priceMoved, error, errorCode, cardDeclined } = payment;
  return (
    <>
      {priceMoved && (
        <Alert tone="info" title={m.journey_change_price_moved_title()}>
          <p>{m.journey_change_price_moved()}</p>
        </Alert>
      )}
      {error !== null && (
        <Alert tone="error" title={cardDeclined ? m.journey_change_card_refused_title() : undefined}>
          <p>{error === true ? m.journey_change_pay_failed() : refusal(errorCode, error)}</p>
        </Alert>
      )}
    </>
  );
}

/**
 * The review's end: the card to pay with when something is owed, the button that pays (naming the
 * amount) or confirms, and the way back (`backLabel`).
 */
export function PaymentActions({
  total,
  amount,
  cards,
  choice,
  onSelect,
  onConfirm,
  onBack,
  backLabel,
}: {
  total: number;
  amount: string;
  cards: readonly { id: string; brand: string; last4: string; expired: boolean }[];
  choice: CardChoice;
  onSelect: (choice: CardChoice) => void;
  onConfirm: () => void;
  onBack: () => void;
  backLabel: string;
}) {
  return (
    <>
      {total > 0 && <PayWith cards={cards} choice={choice} onSelect={onSelect} />}
      <div className={styles.actions}>
        <Button onClick={onConfirm}>
          {total > 0 ? m.journey_change_pay_and_change({ amount }) : m.journey_change_confirm_change()}
        </Button>
        <Button tone="secondary" onClick={onBack}>
          {backLabel}
        </Button>
      </div>
    </>
  );
}
